"""Cross-platform publishing benchmark (issue 13): `python bench/platforms.py [--posts 1000]`.

On a scratch SQLite file and, when PostgreSQL is reachable, a scratch database: each
provider's fake (devtools/fakes/registry.py PLATFORMS) runs in a process of its own
and answers every call after `--delay` seconds (100 ms; a platform that processes media
does so for the time its entry's options give); one channel of a live key gets every
platform connected by real OAuth runs through the API; `--posts` posts, each with text
and one JPEG (Instagram and TikTok take no text-only post; YouTube gets a video), are due at once; one real
`python worker.py` with the default settings publishes them, while gunicorn serves the
signed media URLs that platforms which fetch media (Meta) read.

Prints posts done per second (every target published) from the worker's first heartbeat
to the last post done, beside the bound concurrency sets: `[publishing] concurrency`
threads, each waiting `delay` a platform call, over the platform calls a post took
(counted by the fakes), and the p50/p99 lateness: each post's last publication time
minus the later of its `scheduledFor` and the worker's start. Issue 13 sets no target.
With `--profile DIR`, py-spy records the worker (`--gil`) into DIR/BACKEND.txt.
"""

import argparse
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.support import (  # noqa: E402
    SECRET,
    FakeProcess,
    Results,
    add_results_option,
    gunicorn,
    live_api,
    on_each_backend,
    publish_with_worker,
    publishing_concurrency,
    schedule_now,
)
from devtools.connecting import connect_every_platform  # noqa: E402
from devtools.fakes.registry import PLATFORMS, providers, versions  # noqa: E402
from devtools.media import image, upload, video  # noqa: E402
from devtools.servers import environment, free_port  # noqa: E402
from postline import config, db  # noqa: E402


def start_fakes(delay):
    """{provider: its fake's process}, each with the options its platforms' entries give,
    and their settings on top of the fake's (what the app and the worker take)."""
    fakes = {}
    try:
        for provider in providers():
            entries = [entry for entry in PLATFORMS if entry.provider == provider]
            options = [option for entry in entries for option in entry.bench_options]
            fakes[provider] = FakeProcess(entries[0].module, delay, *options)
            fakes[provider].settings.update(setting for entry in entries for setting in entry.bench_settings)
    except BaseException:
        for fake in fakes.values():
            fake.stop()
        raise
    return fakes


def connect_and_schedule(backend, database_url, data_dir, fakes, count):
    """Every platform connected to a new channel, then `count` posts with one image due
    now; returns the worker's environment."""
    api = live_api(database_url, data_dir, **{provider: fake.settings for provider, fake in fakes.items()})
    channel_id = api.post("/v1/channels", json={"name": "Bench"}).get_json()["data"]["id"]
    connect_every_platform(api, channel_id)
    key = upload(api, image("JPEG", size=(1080, 1080)), filename="photo.jpg").get_json()["data"]["key"]
    clip = upload(api, video(), filename="clip.mp4").get_json()["data"]["key"]  # YouTube's posts are videos
    schedule_now(
        api, channel_id, count, "Bench post {n} on " + backend, media=[key], platforms=versions(clip)
    )
    env = environment(database_url, data_dir, SECRET)
    env[config.env_name(("server", "public_url"))] = f"http://127.0.0.1:{free_port()}"
    for provider, fake in fakes.items():
        env.update(fake.env(provider))
    return env


def calls(fakes):
    """Requests every fake has answered so far."""
    return sum(sum(fake.requests().values()) for fake in fakes.values())


def profiler(directory, backend):
    """An `on_start` that attaches py-spy to the worker, writing DIR/BACKEND.txt."""
    if directory is None:
        return None, []
    spies = []

    def attach(pid):
        Path(directory).mkdir(parents=True, exist_ok=True)
        command = [Path(sys.executable).parent / "py-spy", "record", "--gil", "--format", "raw"]
        command += ["--output", f"{directory}/{backend}.txt", "--pid", str(pid)]
        spies.append(subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL))

    return attach, spies


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--posts", type=int, default=1000)
    parser.add_argument("--delay", type=float, default=0.1, help="seconds each fake takes per call")
    parser.add_argument("--max-seconds", type=float, default=900)
    parser.add_argument("--profile", metavar="DIR", help="record the worker with py-spy into DIR")
    add_results_option(parser)
    args = parser.parse_args()
    results = Results(args.results)
    concurrency = publishing_concurrency()
    platforms = ", ".join(entry.platform for entry in PLATFORMS)
    fakes = start_fakes(args.delay)

    def report(backend, url, data_dir):
        env = connect_and_schedule(backend, url, data_dir, fakes, args.posts)
        before = calls(fakes)
        on_start, spies = profiler(args.profile, backend)
        port = int(env[config.env_name(("server", "public_url"))].rsplit(":", 1)[1])
        with gunicorn("app:create_app()", ROOT, env, workers=2, port=port):
            rate, p50, p99, cpu_ms = publish_with_worker(env, args.posts, args.max_seconds, on_start)
        for spy in spies:
            spy.wait(60)  # py-spy writes its file when the worker it records ends
        per_post = (calls(fakes) - before) / args.posts
        bound = concurrency / (args.delay * per_post)
        print(
            f"{backend:<11} {rate:6.1f} posts/s = {rate / bound:.2f} of the bound {bound:.1f}/s "
            f"({concurrency} threads / ({per_post:.1f} calls a post x {args.delay * 1000:.0f} ms))   "
            f"lateness p50 {p50:.2f} s  p99 {p99:.2f} s   worker CPU {cpu_ms:.1f} ms/post",
            flush=True,
        )
        detail = (
            f"{rate:.1f} posts/s to {platforms}; bound {bound:.1f}/s ({per_post:.1f} calls a post); "
            f"p99 lateness {p99:.1f} s; {cpu_ms:.1f} ms CPU a post"
        )
        results.add("publishing to every platform: share of the bound", backend, rate / bound, detail)
        db.close()

    print(
        f"{args.posts} live posts (text and one JPEG) due at once to a channel with {platforms} "
        f"connected; each fake answers every call after {args.delay * 1000:.0f} ms; "
        f"one worker, concurrency {concurrency}"
    )
    try:
        on_each_backend(report)
    finally:
        for fake in fakes.values():
            fake.stop()


if __name__ == "__main__":
    main()
