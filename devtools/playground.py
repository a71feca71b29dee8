"""The platform playground: `python3 tasks.py serve --playground` (docs/getting-started.md,
Playground) runs `python -m devtools.playground --port N` beside the API and the worker.

This process serves the fake platforms of PROVIDERS (devtools/fakes/) on free loopback ports,
each showing a browser its approval page and, at /_fake/, what it received. Its first
line of output is one JSON object: `environment`, what points a Postline at the fakes,
`fakes`, each provider's URL, and `names`, each provider as people write it (its
adapter's `name`, postline/platforms), for tasks.py, which imports nothing of the
project, to say what it started. The environment is what a real deployment sets (the
POSTLINE_<PROVIDER>_* settings of each platform, [server] public_url, on the local API,
from which TikTok pulls photos), with [server] playground on for the console's banner,
the API on 127.0.0.1 alone, and a database and data directory of the playground's own,
<[server] data_dir>/playground, emptied at every start: the fakes forget the tokens
they issued when they stop, so the connections of a last run could not publish anyway.

It stops on SIGINT or SIGTERM.
"""

import argparse
import json
import shutil
import signal
import threading
from pathlib import Path

from devtools.fakes.registry import PLATFORMS
from postline import config, platforms

DEFAULT_PORT = 8000
# The networks of the playground, in the order docs/getting-started.md (Playground)
# connects them; each a provider of devtools/fakes/registry.py.
PROVIDERS = ("x", "linkedin", "meta", "tiktok", "bluesky", "mastodon", "threads", "youtube", "pinterest")
# Settings of the playground's own on top of each fake's. Postline asks about a post a
# platform is still processing every second here, not every 5 or 10 seconds as it
# must ask the real Meta and TikTok; and connecting LinkedIn connects the member's
# organization pages too, as a team posting as its company would have it.
OVERRIDES = {
    "linkedin": {"organization_pages": True},
    "meta": {"status_interval": 1},
    "tiktok": {"status_interval": 1},
    "bluesky": {"status_interval": 1},
    "youtube": {"status_interval": 1},
}


def start_fakes():
    """{provider: its fake}, each on a free loopback port with its approval page on."""
    fakes = {}
    for provider in PROVIDERS:
        entry = next(entry for entry in PLATFORMS if entry.provider == provider)
        fakes[provider] = entry.fake_class()()
        fakes[provider].approval_page = True
    return fakes


def directory(settings):
    """Where the playground keeps its database, secret and media."""
    return Path(settings["server"]["data_dir"]) / "playground"


def environment(fakes, port, data_dir):
    """The environment of the playground's API and worker (the module's docstring says what)."""
    database_url = f"sqlite:///{data_dir / 'postline.db'}"
    env = {
        "POSTLINE_SERVER_PLAYGROUND": "true",
        "POSTLINE_SERVER_BIND": f"127.0.0.1:{port}",
        "POSTLINE_SERVER_PUBLIC_URL": f"http://127.0.0.1:{port}",
        "POSTLINE_SERVER_DATA_DIR": str(data_dir),
        "POSTLINE_DATABASE_URL": database_url,
        "DATABASE_URL": database_url,
        "POSTLINE_MEDIA_STORAGE": "local",
        "POSTLINE_MEDIA_DIR": str(data_dir / "media"),
        "POSTLINE_LIMITS_STORAGE": "",
    }
    for provider, fake in fakes.items():
        env.update(fake.env(**OVERRIDES.get(provider, {})))
    return env


def main():
    parser = argparse.ArgumentParser(description="The fake platforms of the Postline playground")
    parser.add_argument("--port", type=int, default=DEFAULT_PORT, help="the port of the playground's API")
    port = parser.parse_args().port
    data_dir = directory(config.load())
    shutil.rmtree(data_dir, ignore_errors=True)
    stop = threading.Event()
    for signum in (signal.SIGINT, signal.SIGTERM):
        signal.signal(signum, lambda *_: stop.set())
    fakes = start_fakes()
    started = {
        "environment": environment(fakes, port, data_dir),
        "fakes": {provider: fake.url for provider, fake in fakes.items()},
        "names": {provider: platforms.PROVIDERS[provider].name for provider in fakes},
    }
    print(json.dumps(started), flush=True)
    while not stop.is_set():
        stop.wait(1)
    for fake in fakes.values():
        fake.close()


if __name__ == "__main__":
    main()
