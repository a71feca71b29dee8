"""The playground as a newcomer runs it, following docs/getting-started.md (Playground,
With curl) as written: `python3 tasks.py serve --playground` starts the API, the worker
and a fake of every platform; the page's commands start connecting every platform, each
fake's approval page is approved as a browser follows it; the page's commands publish
one post with an image to every platform, and each fake's received page shows it;
Ctrl-C stops every process."""

import json
import os
import re
import signal
import socket
import subprocess
import sys
import threading
import time
from urllib.parse import urlsplit

import pytest
import requests

from devtools.connecting import press
from devtools.fakes.registry import PLATFORMS
from devtools.playground import PROVIDERS
from devtools.servers import free_port
from tests.support import ROOT

pytestmark = pytest.mark.processes

GUIDE = (ROOT / "docs" / "getting-started.md").read_text()
KEY_LINE = re.compile(r"^(service_sk_live_\S+)$", re.MULTILINE)
FAKE_LINE = re.compile(r"^ {4}(.+?) +(http://127\.0\.0\.1:\d+)/_fake/$", re.MULTILINE)
PASSWORD = re.compile(r"sign in as (\S+) with the password (\S+)")
CONTENT = "Hello from the playground"  # the guide's post


def guide_blocks():
    """The shell blocks of the guide's "With curl", each as one script (the line that
    sets KEY left out: the test sets it)."""
    section = re.split(r"\n##+ ", GUIDE.split("\n### With curl\n", 1)[1], maxsplit=1)[0]
    blocks = [part.split("```", 1)[0] for part in section.split("```sh\n")[1:]]
    return ["\n".join(line for line in b.splitlines() if not line.startswith("export KEY=")) for b in blocks]


class Playground:
    """`python3 tasks.py serve --playground` on a free port, its output kept."""

    def __init__(self, tmp_path):
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        # The playground's settings are its own: none of this test run's.
        env = {
            name: value
            for name, value in os.environ.items()
            if not name.startswith("POSTLINE_") and name not in ("DATABASE_URL", "SECRET_KEY")
        }
        env.update(POSTLINE_SERVER_DATA_DIR=str(tmp_path / "data"), POSTLINE_SERVER_WORKERS="1")
        command = [sys.executable, "tasks.py", "serve", "--playground", "--port", str(self.port)]
        self.process = subprocess.Popen(
            command, cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True
        )
        self.lines = []
        self.reader = threading.Thread(target=lambda: self.lines.extend(self.process.stdout), daemon=True)
        self.reader.start()

    def output(self):
        return "".join(self.lines)

    def wait_for(self, found, seconds):
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            result = found()
            if result:
                return result
            assert self.process.poll() is None, self.output()
            time.sleep(0.2)
        raise AssertionError(f"not within {seconds}s:\n{self.output()}")

    def run(self, script, cwd, **env):
        """A script of the guide, on this playground's port; its standard output."""
        script = script.replace("127.0.0.1:8000", f"127.0.0.1:{self.port}")
        done = subprocess.run(
            ["bash", "-euo", "pipefail", "-c", script],
            cwd=cwd,
            env={**os.environ, **env},
            capture_output=True,
            text=True,
            timeout=60,
        )
        assert done.returncode == 0, done.stderr
        return done.stdout

    def stop(self):
        """Ctrl-C, as in the terminal; the exit status."""
        self.process.send_signal(signal.SIGINT)
        try:
            return self.process.wait(timeout=40)
        finally:
            self.reader.join(timeout=5)
            self.process.stdout.close()


def listening(url):
    parts = urlsplit(url)
    with socket.socket() as sock:
        return sock.connect_ex((parts.hostname, parts.port)) == 0


def test_the_guide_connects_every_platform_and_publishes_one_post_to_each(tmp_path):
    connect, publish = guide_blocks()
    named = re.search(r"for provider in ([a-z ]+);", connect).group(1).split()
    signed = re.findall(r"/v1/connections/([a-z]+) -H", connect)  # signed in with a password (Bluesky)
    assert sorted(named + signed) == sorted(PROVIDERS)
    (tmp_path / ".venv").symlink_to(ROOT / ".venv")  # the guide runs .venv/bin/python
    playground = Playground(tmp_path)
    fakes = {}
    try:
        key = playground.wait_for(lambda: KEY_LINE.search(playground.output()), 60).group(1)
        playground.wait_for(lambda: "Ctrl-C stops everything" in playground.output(), 30)
        fakes = dict(FAKE_LINE.findall(playground.output()))
        assert len(fakes) == len(PROVIDERS), playground.output()
        assert PASSWORD.search(playground.output())
        playground.wait_for(lambda: listening(playground.url), 30)

        *urls, channel = playground.run(connect + '\necho "$CHANNEL"\n', tmp_path, KEY=key).split()
        assert len(urls) == len(named)
        # Each authorize URL is its fake's: the fakes the guide connects.
        connected = {name: url for name, url in fakes.items() if any(u.startswith(url + "/") for u in urls)}
        assert len(connected) == len(named), (fakes, urls)
        for url in urls:
            callback = press(url, "Approve", follow=True)
            assert callback.history[0].status_code == 302  # from the fake to Postline's callback
            assert callback.status_code == 200 and "now connected" in callback.text, callback.text

        answers = playground.run(publish, tmp_path, KEY=key, CHANNEL=channel)
        created = json.loads(answers.splitlines()[0])["data"]
        assert created["content"] == CONTENT and created["media"], created
        session = requests.Session()
        session.headers["Authorization"] = f"Bearer {key}"

        def finished():
            post = session.get(f"{playground.url}/v1/posts/{created['id']}", timeout=10).json()["data"]
            return post if post["status"] in ("done", "failed", "blocked") else None

        post = playground.wait_for(finished, 30)
        assert post["status"] == "done", post
        platforms = {entry.platform for entry in PLATFORMS if entry.provider in named + signed}
        assert {target["platform"] for target in post["targets"]} == platforms
        assert all(target["status"] == "published" for target in post["targets"]), post["targets"]
        # LinkedIn's run connected the member and the two pages they may post as
        # (devtools/playground.py OVERRIDES, devtools/fakes/linkedin/organizations.py).
        assert [target["platform"] for target in post["targets"]].count("linkedin") == 3, post["targets"]

        connected.update({name: url for name, url in fakes.items() if name.lower() in signed})
        for name, url in connected.items():
            received = requests.get(f"{url}/_fake/received", timeout=10).json()
            posts = [item for item in received if item["kind"] == "post" and item["status"] < 300]
            assert any(item["text"] == CONTENT for item in posts), (name, received)
            # TikTok pulls the image from Postline's signed URL, named in the post it took.
            assert any(item["kind"] == "media" for item in received) or name == "TikTok", (name, received)
            page = requests.get(f"{url}/_fake/", timeout=10)
            assert page.status_code == 200 and "what it received" in page.text
            assert CONTENT in page.text and "<strong>post</strong>" in page.text
    finally:
        status = playground.stop()
    assert status == 0, playground.output()
    assert not listening(playground.url)
    assert not any(listening(url) for url in fakes.values())
    assert "Traceback" not in playground.output()
