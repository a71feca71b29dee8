"""Cross-platform publishing benchmark: `python bench/platforms.py [--posts 1000] [--per-platform 100]`.

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
minus the later of its `scheduledFor` and the worker's start. The target: 0.9 of the
bound or more (docs/benchmarks.md). Then, for each platform alone, `--per-platform`
posts to a channel with that platform's connection only, published by a new worker:
the worker's CPU per post on that platform (its rate too, which with so few posts
mostly measures the worker's start and the platform's processing time). With `--profile DIR`, py-spy records
the worker (`--gil`) into DIR/BACKEND.txt.
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

# The share of the bound that publishing to every platform at once must reach.
TARGET = 0.9


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


class Scene:
    """A live key's API, every platform connected to one channel, and the media posts carry."""

    def __init__(self, database_url, data_dir, fakes, media=None):
        """`media`: `[media]` settings in place of live_api's local directory."""
        settings = {provider: fake.settings for provider, fake in fakes.items()}
        if media is not None:
            settings["media"] = media
        self.api = live_api(database_url, data_dir, **settings)
        self.channel_id = self.new_channel("Bench")
        self.connections = connect_every_platform(self.api, self.channel_id)
        photo = image("JPEG", size=(1080, 1080))
        self.photo = upload(self.api, photo, filename="photo.jpg").get_json()["data"]["key"]
        # YouTube's posts are videos.
        self.clip = upload(self.api, video(), filename="clip.mp4").get_json()["data"]["key"]
        self.env = environment(database_url, data_dir, SECRET)
        self.env[config.env_name(("server", "public_url"))] = f"http://127.0.0.1:{free_port()}"
        for provider, fake in fakes.items():
            self.env.update(fake.env(provider))

    def new_channel(self, name):
        return self.api.post("/v1/channels", json={"name": name}).get_json()["data"]["id"]

    def schedule(self, channel_id, count, content):
        schedule_now(self.api, channel_id, count, content, media=[self.photo], platforms=versions(self.clip))

    def channel_of(self, platform):
        """A new channel with `platform`'s connection alone."""
        channel_id = self.new_channel(f"Bench {platform}")
        path = f"/v1/connections/{self.connections[platform]}/add-to-channel"
        added = self.api.post(path, json={"channelId": channel_id})
        assert added.status_code == 200, added.get_data(as_text=True)
        return channel_id


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
    parser.add_argument(
        "--per-platform", type=int, default=100, help="posts of each platform's own run (0: none)"
    )
    parser.add_argument("--delay", type=float, default=0.1, help="seconds each fake takes per call")
    parser.add_argument("--max-seconds", type=float, default=900)
    parser.add_argument("--profile", metavar="DIR", help="record the worker with py-spy into DIR")
    add_results_option(parser)
    args = parser.parse_args()
    results = Results(args.results)
    platforms = ", ".join(entry.platform for entry in PLATFORMS)
    fakes = start_fakes(args.delay)

    def report(backend, url, data_dir):
        scene = Scene(url, data_dir, fakes)
        port = int(scene.env[config.env_name(("server", "public_url"))].rsplit(":", 1)[1])
        with gunicorn("app:create_app()", ROOT, scene.env, workers=2, port=port):
            scene.schedule(scene.channel_id, args.posts, "Bench post {n} on " + backend)
            profile = (args.profile, backend) if args.profile else None
            share, _, detail = measure(scene, fakes, args, scene.channel_id, profile)
            print(f"{backend:<11} every platform: {detail}", flush=True)
            label = "publishing to every platform: share of the bound"
            results.add(label, backend, share, detail, f">= {TARGET}", share >= TARGET)
            for entry in PLATFORMS if args.per_platform else ():
                channel_id = scene.channel_of(entry.platform)
                content = f"Bench {entry.platform} post {{n}} on {backend}"
                scene.schedule(channel_id, args.per_platform, content)
                _, cpu_ms, detail = measure(scene, fakes, args, channel_id, None, args.per_platform)
                print(f"{backend:<11} {entry.platform:<10} {detail}", flush=True)
                results.add(f"worker CPU a post (ms), {entry.platform} alone", backend, cpu_ms, detail)
        db.close()

    print(
        f"{args.posts} live posts (text and one JPEG; a video for YouTube) due at once to a channel with "
        f"{platforms} connected; each fake answers every call after {args.delay * 1000:.0f} ms; "
        f"one worker, concurrency {publishing_concurrency()}"
    )
    try:
        on_each_backend(report)
    finally:
        for fake in fakes.values():
            fake.stop()


def measure(scene, fakes, args, channel_id, profile, count=None):
    """Publish the channel's due posts with a new worker: (share of the bound, worker CPU
    ms a post, detail)."""
    count = count or args.posts
    before = calls(fakes)
    on_start, spies = profiler(*profile) if profile else (None, [])
    rate, p50, p99, cpu_ms = publish_with_worker(scene.env, count, args.max_seconds, on_start, channel_id)
    for spy in spies:
        spy.wait(60)  # py-spy writes its file when the worker it records ends
    per_post = (calls(fakes) - before) / count
    bound = publishing_concurrency() / (args.delay * per_post)
    detail = (
        f"{rate:.1f} posts/s = {rate / bound:.2f} of the bound {bound:.1f}/s ({per_post:.1f} calls a post x "
        f"{args.delay * 1000:.0f} ms); lateness p50 {p50:.2f} s, p99 {p99:.2f} s; "
        f"worker CPU {cpu_ms:.1f} ms a post"
    )
    return rate / bound, cpu_ms, detail


if __name__ == "__main__":
    main()
