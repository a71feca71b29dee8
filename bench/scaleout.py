"""The multi-server shape under load: `python bench/scaleout.py [--posts 20000] [--workers 1,2,3]`.

On a scratch PostgreSQL database: two API servers (gunicorn, one process each, this
checkout's gunicorn.conf.py) behind one address (devtools/proxy.py, round robin by
connection), rate limits in Redis, media in moto's S3-compatible server, each
provider's fake in a process of its own (devtools/fakes/registry.py PLATFORMS: every
platform, answering after `--delay` seconds; Instagram and TikTok process media for 2
s). A live account has a channel on each platform. For each worker count, `--posts`
posts due at once, spread evenly over the channels (text, one JPEG where the platform
needs media, a video for YouTube), are created through the one address, 100 a request
over several API keys (a key may send 10 batches a minute), then that many
`python worker.py` publish them. It prints posts/s from the workers' start to the last
post done, checks that every target was sent exactly once (the fakes count the texts
they received) and that no post is left behind, and reports what each server answered.

On this 2-core machine every process shares the same two cores, so the curve flattens
(docs/deployment.md, Several servers, says why it scales on more).
"""

import argparse
import concurrent.futures
import secrets
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

import requests

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.platforms import Scene, start_fakes  # noqa: E402
from bench.support import (  # noqa: E402
    BENCH_ACCOUNT,
    Results,
    add_results_option,
    cpu_seconds,
    scratch_database,
)
from devtools.fakes.registry import PLATFORMS, post_to  # noqa: E402
from devtools.proxy import RoundRobinProxy  # noqa: E402
from devtools.s3 import S3Server  # noqa: E402
from devtools.servers import ServerProcess, free_port  # noqa: E402
from models import LIVE, Post  # noqa: E402
from postline import config, db  # noqa: E402
from postline.accounts import accounts, keys  # noqa: E402

BATCH = 100
KEYS = 25  # batches of 10 a minute each: 250 a minute in all
SENDERS = 4  # requests in flight at once while creating


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--posts", type=int, default=20000, help="posts of each run")
    parser.add_argument("--workers", default="1,2,3", help="worker counts, one run each")
    parser.add_argument("--delay", type=float, default=0.0, help="seconds each fake takes per call")
    parser.add_argument("--max-seconds", type=float, default=900, help="for each run to publish")
    add_results_option(parser)
    args = parser.parse_args()
    results = Results(args.results)
    s3 = S3Server()
    fakes = start_fakes(args.delay)
    try:
        with (
            tempfile.TemporaryDirectory(prefix="postline-scaleout-") as data_dir,
            scratch_database("postgresql", data_dir) as url,
        ):
            shape = Shape(url, data_dir, fakes, s3)
            try:
                for workers in (int(count) for count in args.workers.split(",")):
                    rate, detail = shape.run(workers, args.posts, args.max_seconds)
                    print(f"{workers} worker(s): {detail}", flush=True)
                    results.add(f"scale-out: posts/s, {workers} worker(s)", "postgresql", rate, detail)
            finally:
                shape.stop()
                db.close()
    finally:
        for fake in fakes.values():
            fake.stop()
        s3.stop()


class Shape:
    """The servers, the proxy, the channels and the keys, set up once for every run."""

    def __init__(self, url, data_dir, fakes, s3):
        media = s3.settings(f"bench-{secrets.token_hex(4)}")
        self.fakes = fakes
        self.scene = Scene(url, data_dir, fakes, media=media)
        self.channels = [(entry.platform, self.scene.channel_of(entry.platform)) for entry in PLATFORMS]
        account = accounts.find_or_create(BENCH_ACCOUNT, "ocean")
        self.keys = [keys.issue_key(account.id, f"scale-out {n}", LIVE)[1] for n in range(KEYS)]
        ports = [free_port(), free_port()]
        self.proxy = RoundRobinProxy([("127.0.0.1", port) for port in ports])
        self.env = {
            **self.scene.env,
            **{config.env_name(("media", name)): str(value) for name, value in media.items()},
            config.env_name(("limits", "storage")): "redis://127.0.0.1:6379/0",
            config.env_name(("limits", "redis_key_prefix")): f"scaleout-{secrets.token_hex(4)}",
            config.env_name(("server", "public_url")): self.proxy.url,
        }
        self.servers = [ServerProcess.gunicorn(self.env, 1, port=port) for port in ports]

    def stop(self):
        for server in self.servers:
            server.stop(30)
        self.proxy.close()

    def run(self, workers, count, max_seconds):
        """Create `count` posts through the proxy, publish them with `workers` workers:
        (posts/s, detail)."""
        tag = secrets.token_hex(3)
        served_before = dict(self.proxy.served)
        create_seconds = self.create(count, tag)
        served = [self.proxy.served[backend] - served_before[backend] for backend in self.proxy.backends]
        mine = Post.content.startswith(f"Scale-out {tag} ")
        processes = [
            subprocess.Popen([sys.executable, "worker.py"], cwd=ROOT, env=self.env, stdout=subprocess.DEVNULL)
            for _ in range(workers)
        ]
        try:
            started = time.perf_counter()
            done = Post.select().where(mine & (Post.status == "done"))
            # Asked once a second: a count over the run's posts is no small query.
            while done.count() < count:
                if time.perf_counter() - started > max_seconds:
                    raise RuntimeError(f"{count} posts not done in {max_seconds} s")
                time.sleep(1)
            seconds = time.perf_counter() - started
            cpu = sum(cpu_seconds(process.pid) for process in processes)
        finally:
            for process in processes:
                process.terminate()
            for process in processes:
                process.wait(60)
        self.check(mine, tag, count)
        detail = (
            f"{count / seconds:.0f} posts/s: {count} posts published in {seconds:.1f} s, every target once, "
            f"none left; {cpu * 1000 / count:.1f} ms of worker CPU a post; created in {create_seconds:.1f} s "
            f"through one address, the servers taking {' and '.join(map(str, served))} connections"
        )
        return count / seconds, detail

    def check(self, mine, tag, count):
        """Every post done and every target sent exactly once, or RuntimeError."""
        left = Counter(post.status for post in Post.select(Post.status).where(mine & (Post.status != "done")))
        received = Counter()
        for fake in self.fakes.values():
            received.update(
                {text: n for text, n in fake.received().items() if text.startswith(f"Scale-out {tag} ")}
            )
        twice = sum(1 for n in received.values() if n > 1)
        if left or twice or len(received) != count:
            raise RuntimeError(
                f"left behind: {dict(left)}; sent twice: {twice}; received {len(received)} of {count}"
            )

    def create(self, count, tag):
        """`count` posts due at once, spread over the channels; seconds it took."""
        scene = self.scene
        posts = [
            post_to(
                *self.channels[n % len(self.channels)], f"Scale-out {tag} post {n}", scene.photo, scene.clip
            )
            for n in range(count)
        ]
        batches = [posts[start : start + BATCH] for start in range(0, count, BATCH)]
        started = time.perf_counter()
        with concurrent.futures.ThreadPoolExecutor(SENDERS) as pool:
            list(pool.map(self.send, range(len(batches)), batches))
        return time.perf_counter() - started

    def send(self, number, batch):
        key = self.keys[number % len(self.keys)]
        # A connection a request (no session): the proxy balances connections.
        answer = requests.post(
            f"{self.proxy.url}/v1/posts/batch",
            json={"posts": batch},
            headers={"Authorization": f"Bearer {key}"},
            timeout=120,
        )
        if answer.status_code != 201:
            raise RuntimeError(f"batch {number}: {answer.status_code} {answer.text[:300]}")


if __name__ == "__main__":
    main()
