"""Live publishing benchmark (issue 12): `python bench/publishing.py [--posts 1000]`.

On a scratch SQLite file and, when PostgreSQL is reachable, a scratch database:
a fake X in a process of its own (devtools/fakes/x/) answers every call after
`--delay` seconds (100 ms); a live key's channel gets X connected by a real OAuth run
through the API (auth, the fake's approval, the callback); `--posts` text posts are
due at once; one real `python worker.py` with the default settings publishes them.

Prints posts published per second from the worker's first heartbeat to the last post
done, beside the bound that concurrency sets, `[publishing] concurrency / delay`
(target: at least 0.8 of it), and the p50/p99 lateness: each post's publication time
minus the later of its `scheduledFor` and the worker's start.
"""

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.support import (  # noqa: E402
    SECRET,
    FakeProcess,
    Results,
    add_results_option,
    live_api,
    on_each_backend,
    publish_with_worker,
    publishing_concurrency,
    schedule_now,
)
from devtools.connecting import authorize  # noqa: E402
from devtools.servers import environment  # noqa: E402
from postline import db  # noqa: E402


def connect_and_schedule(backend, database_url, data_dir, fake, count):
    """X connected to a new channel by an OAuth run through the API, then `count` posts
    due now; returns the worker's environment."""
    api = live_api(database_url, data_dir, x=fake.settings)
    channel_id = api.post("/v1/channels", json={"name": "Bench"}).get_json()["data"]["id"]
    answer = api.client.get(authorize(api, "x", channelId=channel_id))
    if answer.status_code != 200:
        raise RuntimeError(f"the OAuth run failed: {answer.get_data(as_text=True)}")
    schedule_now(api, channel_id, count, "Bench post {n} on " + backend)
    return environment(database_url, data_dir, SECRET, **fake.env("x"))


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--posts", type=int, default=1000)
    parser.add_argument("--delay", type=float, default=0.1, help="seconds the fake X takes per call")
    parser.add_argument("--max-seconds", type=float, default=300)
    add_results_option(parser)
    args = parser.parse_args()
    results = Results(args.results)
    concurrency = publishing_concurrency()
    bound = concurrency / args.delay
    fake = FakeProcess("devtools.fakes.x", args.delay)

    def report(backend, url, data_dir):
        env = connect_and_schedule(backend, url, data_dir, fake, args.posts)
        rate, p50, p99, cpu_ms = publish_with_worker(env, args.posts, args.max_seconds)
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
        f"each call after {args.delay * 1000:.0f} ms; one worker, concurrency {concurrency}"
    )
    try:
        on_each_backend(report)
    finally:
        fake.stop()


if __name__ == "__main__":
    main()
