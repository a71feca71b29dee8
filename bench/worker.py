"""Worker benchmark: `python bench/worker.py [--posts 10000] [--steady-seconds 30]`.

On a scratch SQLite file and, when PostgreSQL is reachable, a scratch database:
1. The burst: 10,000 test-mode posts, all due in the same second, each with one webhook
   subscribed to `post.delivered`; one real `python worker.py` with the default
   settings, its log lines (INFO) written to a file. Prints posts published per second
   (targets: >= 1,000 on SQLite, >= 1,500 on PostgreSQL) and webhook deliveries per
   second to a receiver on 127.0.0.1 (a process of its own), both from the worker's
   first heartbeat; the latest publication after the posts' due time, counted from the
   worker's start (target on SQLite: within 6 s); and the worker's peak RSS (target <
   150 MB).
2. Posts due at a steady 50 per second for --steady-seconds: p50/p99/max lateness,
   the publish time minus `scheduledFor` (target p99 < 1 s).
"""

import argparse
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.support import (  # noqa: E402
    LOCAL_WEBHOOKS,
    Receiver,
    Results,
    add_results_option,
    on_each_backend,
    wait,
    worker_as_shipped,
)
from devtools.servers import environment  # noqa: E402
from models import Channel, Post, PostPart, Webhook, WebhookDelivery, WorkerHeartbeat  # noqa: E402
from postline import clock, db, process  # noqa: E402
from postline.accounts import accounts, keys  # noqa: E402
from postline.keyring import keyring  # noqa: E402
from postline.posts import lifecycle  # noqa: E402
from postline.statuses import PartKind  # noqa: E402
from postline.webhooks import subscriptions  # noqa: E402

SECRET = "bench-" + "x" * 40
STEADY_RATE = 50
BURST_TARGETS = {"sqlite": 1000, "postgresql": 1500}  # posts/s (issue 30 raised PostgreSQL's from 600)
# On SQLite, every post of the burst published within this many seconds (issue 30: from 10).
BURST_SECONDS = 6


def setup(database_url, data_dir, receiver_url):
    """A test-mode key's channel and one webhook; returns (key record, channel id, env)."""
    db.close()
    process.start(
        {
            "database": {"url": database_url},
            "server": {"data_dir": data_dir, "secret_key": SECRET, "log_level": "WARNING"},
        }
    )
    account = accounts.find_or_create("bench", "ocean")
    key, _ = keys.issue_key(account.id, "bench", mode="test")
    channel = Channel.create_for(key, name="Bench", color="#4F46E5")
    secret = keyring.encrypt(subscriptions.new_secret())
    Webhook.create_for(key, url=receiver_url, events=["post.delivered"], secret=secret)
    env = environment(database_url, data_dir, SECRET, **LOCAL_WEBHOOKS)
    return key, channel.id, env


def create(key, channel_id, count, first_due, spacing_ms=0):
    """`count` posts through the posts API's own function, 100 per transaction."""
    for start in range(0, count, 100):
        items = [
            {"channel_id": channel_id, "content": f"bench {n}", "scheduled_for": first_due + n * spacing_ms}
            for n in range(start, min(count, start + 100))
        ]
        lifecycle.create(key, items, {"max_past_seconds": 3600})


class Worker:
    """A real worker process; `peak_rss_mb()` reads the kernel's high-water mark."""

    def __init__(self, env):
        WorkerHeartbeat.delete().execute()
        self.process = worker_as_shipped(env)
        wait(lambda: WorkerHeartbeat.select().count() > 0, 60, "the worker did not start")
        self.started = time.perf_counter()

    def peak_rss_mb(self):
        with open(f"/proc/{self.process.pid}/status") as status:
            for line in status:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1]) / 1024
        return float("nan")

    def stop(self):
        self.process.terminate()
        self.process.wait(60)


def throughput(key, channel_id, env, count, max_seconds):
    create(key, channel_id, count, clock.now_ms())
    worker = Worker(env)
    try:
        done = Post.select().where(Post.status == "done")
        wait(lambda: done.count() >= count, max_seconds, f"{count} posts not done within {max_seconds} s")
        published = count / (time.perf_counter() - worker.started)
        sent = WebhookDelivery.select().where(WebhookDelivery.status == "succeeded")
        wait(
            lambda: sent.count() >= count, max_seconds, f"{count} deliveries not made within {max_seconds} s"
        )
        delivered = count / (time.perf_counter() - worker.started)
        return published, delivered, worker.peak_rss_mb(), count / published
    finally:
        worker.stop()


def lateness(key, channel_id, env, seconds):
    """(p50, p99, max) seconds between each post's scheduledFor and its publication."""
    count = seconds * STEADY_RATE
    worker = Worker(env)
    try:
        first_due = clock.now_ms() + 3000
        create(key, channel_id, count, first_due, spacing_ms=1000 // STEADY_RATE)
        ids = [p.id for p in Post.select(Post.id).where(Post.scheduled_for >= first_due)]
        done = Post.select().where(Post.id.in_(ids) & (Post.status == "done"))
        wait(lambda: done.count() >= count, seconds + 120, "steady posts not all done")
        query = (
            PostPart.select(PostPart.published_at, Post.scheduled_for)
            .join(Post, on=(PostPart.post_id == Post.id))
            .where(Post.id.in_(ids) & (PostPart.kind == PartKind.POST))
            .tuples()
        )
        late = sorted((published - due) / 1000 for published, due in query)
        return statistics.median(late), late[int(len(late) * 0.99) - 1], late[-1]
    finally:
        worker.stop()


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--posts", type=int, default=10000)
    parser.add_argument("--steady-seconds", type=int, default=30)
    parser.add_argument("--max-seconds", type=float, default=300, help="per phase")
    add_results_option(parser)
    args = parser.parse_args()
    receiver = Receiver()
    results = Results(args.results)

    def report(backend, url, data_dir):
        key, channel_id, env = setup(url, data_dir, receiver.url)
        published, delivered, rss, last = throughput(key, channel_id, env, args.posts, args.max_seconds)
        p50, p99, worst = lateness(key, channel_id, env, args.steady_seconds)
        print(
            f"{backend:<11} {published:>8.0f} posts/s   {delivered:>6.0f} deliveries/s   "
            f"all published {last:5.1f} s after the start   peak RSS {rss:5.1f} MB   "
            f"lateness at {STEADY_RATE}/s: p50 {p50:.2f} s  p99 {p99:.2f} s  max {worst:.2f} s",
            flush=True,
        )
        minimum = BURST_TARGETS[backend]
        burst = f"{args.posts} posts due at once; {delivered:.0f} webhook deliveries/s"
        results.add("worker burst: posts/s", backend, published, burst, f">= {minimum}", published >= minimum)
        if backend == "sqlite":
            results.add(
                "worker burst: all published after (s)",
                backend,
                last,
                burst,
                f"<= {BURST_SECONDS}",
                last <= BURST_SECONDS,
            )
        steady = f"{STEADY_RATE} posts/s for {args.steady_seconds} s; p50 {p50:.2f} s, max {worst:.2f} s"
        results.add("worker: p99 lateness (s)", backend, p99, steady, "< 1", p99 < 1)
        results.add("worker: peak RSS (MB)", backend, rss, "during the burst", "< 150", rss < 150)
        db.close()

    print(
        f"{args.posts} due test-mode posts, one webhook each; targets: >= {BURST_TARGETS['sqlite']} posts/s"
        f" and all within {BURST_SECONDS} s (SQLite), >= {BURST_TARGETS['postgresql']} posts/s (PostgreSQL),"
        " p99 lateness < 1 s, peak RSS < 150 MB"
    )
    try:
        on_each_backend(report)
    finally:
        receiver.stop()


if __name__ == "__main__":
    main()
