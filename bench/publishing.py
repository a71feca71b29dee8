"""Live publishing benchmark (issue 12): `python bench/publishing.py [--posts 1000]`.

On a scratch SQLite file and, when PostgreSQL is reachable, a scratch database:
a fake X in a process of its own (tests/support/fake_x.py) answers every call after
`--delay` seconds (100 ms); a live key's channel gets X connected by a real OAuth run
through the API (auth, the fake's approval, the callback); `--posts` text posts are
due at once; one real `python worker.py` with the default settings publishes them.

Prints posts published per second from the worker's first heartbeat to the last post
done, beside the bound that concurrency sets, `[publishing] concurrency / delay`
(target: at least 0.8 of it), and the p50/p99 lateness: each post's publication time
minus the later of its `scheduledFor` and the worker's start.
"""

import argparse
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path
from urllib.parse import urlsplit

import requests

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.support import Results, add_results_option, on_each_backend, wait  # noqa: E402
from models import LIVE, Post, PostTarget, WorkerHeartbeat  # noqa: E402
from postline import db  # noqa: E402
from postline.accounts import accounts, keys  # noqa: E402
from tests.support.servers import environment  # noqa: E402

SECRET = "bench-" + "x" * 40
CONCURRENCY = 8  # [publishing] concurrency's default


class FakeXProcess:
    """`python -m tests.support.fake_x` on a free port; `url` once it listens."""

    def __init__(self, delay):
        self.process = subprocess.Popen(
            [sys.executable, "-m", "tests.support.fake_x", "--delay", str(delay)],
            cwd=ROOT,
            stdout=subprocess.PIPE,
            text=True,
        )
        self.url = self.process.stdout.readline().strip()
        if not self.url.startswith("http://127.0.0.1:"):
            raise RuntimeError("the fake X did not start")

    def settings(self):
        return {
            "client_id": "fake-x-client",
            "client_secret": "fake-x-secret",
            "auth_url": f"{self.url}/i/oauth2/authorize",
            "token_url": f"{self.url}/2/oauth2/token",
            "api_base": self.url,
        }

    def stop(self):
        self.process.terminate()
        self.process.wait(30)


def connect_and_schedule(backend, database_url, data_dir, fake, count):
    """X connected to a new channel by an OAuth run through the API, then `count` posts
    due now; returns the worker's environment."""
    from app import create_app  # the web stack loads only here, not in the worker

    db.close()
    app = create_app(
        {
            "database": {"url": database_url},
            "server": {"data_dir": data_dir, "secret_key": SECRET, "log_level": "WARNING"},
            "limits": {"enabled": False},
            "x": fake.settings(),
        }
    )
    account = accounts.find_or_create("bench", "ocean")
    _, key = keys.issue_key(account.id, "bench", LIVE)
    client = app.test_client()
    headers = {"Authorization": f"Bearer {key}"}
    channel_id = client.post("/v1/channels", json={"name": "Bench"}, headers=headers).get_json()["data"]["id"]
    started = client.get(f"/v1/connections/x/auth?channelId={channel_id}", headers=headers).get_json()["data"]
    approved = requests.get(started["url"], allow_redirects=False, timeout=10)
    callback = urlsplit(approved.headers["Location"])
    answer = client.get(f"{callback.path}?{callback.query}")
    if answer.status_code != 200:
        raise RuntimeError(f"the OAuth run failed: {answer.get_data(as_text=True)}")
    for start in range(0, count, 100):
        batch = [
            {"channelId": channel_id, "content": f"Bench post {n} on {backend}"}
            for n in range(start, min(count, start + 100))
        ]
        created = client.post("/v1/posts/batch", json={"posts": batch}, headers=headers)
        if created.status_code != 201:
            raise RuntimeError(created.get_data(as_text=True))
    env = environment(database_url, data_dir, SECRET)
    env.update({f"POSTLINE_X_{name.upper()}": value for name, value in fake.settings().items()})
    return env


def cpu_seconds(pid):
    """User and system CPU a process has used so far, from /proc."""
    with open(f"/proc/{pid}/stat") as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def publish(env, count, max_seconds):
    """(posts/s, p50 and p99 lateness in s, worker CPU ms per post) of one real worker
    publishing `count` due posts."""
    WorkerHeartbeat.delete().execute()
    worker = subprocess.Popen([sys.executable, "worker.py"], cwd=ROOT, env=env)
    try:
        wait(lambda: WorkerHeartbeat.select().count() > 0, 60, "the worker did not start")
        started = time.perf_counter()
        cpu_at_start = cpu_seconds(worker.pid)
        started_ms = WorkerHeartbeat.select().first().started_at
        done = Post.select().where(Post.status == "done")
        wait(lambda: done.count() >= count, max_seconds, f"{count} posts not done within {max_seconds} s")
        rate = count / (time.perf_counter() - started)
        cpu_ms = (cpu_seconds(worker.pid) - cpu_at_start) * 1000 / count
        query = PostTarget.select(PostTarget.published_at, Post.scheduled_for).join(Post).tuples()
        late = sorted((published - max(due, started_ms)) / 1000 for published, due in query)
        return rate, statistics.median(late), late[int(len(late) * 0.99) - 1], cpu_ms
    finally:
        worker.terminate()
        worker.wait(60)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--posts", type=int, default=1000)
    parser.add_argument("--delay", type=float, default=0.1, help="seconds the fake X takes per call")
    parser.add_argument("--max-seconds", type=float, default=300)
    add_results_option(parser)
    args = parser.parse_args()
    results = Results(args.results)
    bound = CONCURRENCY / args.delay
    fake = FakeXProcess(args.delay)

    def report(backend, url, data_dir):
        env = connect_and_schedule(backend, url, data_dir, fake, args.posts)
        rate, p50, p99, cpu_ms = publish(env, args.posts, args.max_seconds)
        print(
            f"{backend:<11} {rate:6.1f} posts/s = {rate / bound:.2f} of the bound {bound:.0f}/s "
            f"(target >= 0.80)   lateness p50 {p50:.2f} s  p99 {p99:.2f} s   worker CPU {cpu_ms:.1f} ms/post",
            flush=True,
        )
        detail = f"{rate:.1f} posts/s of {bound:.0f}/s; p99 lateness {p99:.1f} s; {cpu_ms:.1f} ms CPU a post"
        results.add(
            "live publishing to a fake X: share of the bound",
            backend,
            rate / bound,
            detail,
            ">= 0.8",
            rate / bound >= 0.8,
        )
        db.close()

    print(
        f"{args.posts} live posts due at once to a channel with X connected; the fake X answers "
        f"each call after {args.delay * 1000:.0f} ms; one worker, concurrency {CONCURRENCY}"
    )
    try:
        on_each_backend(report)
    finally:
        fake.stop()


if __name__ == "__main__":
    main()
