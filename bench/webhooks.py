"""Webhook delivery throughput: `python bench/webhooks.py [--events N]`.

Starts real `python worker.py` processes as shipped (a log line a delivery, to a file),
records N events in one transaction (fanned out to one webhook pointing at a receiver on
127.0.0.1, in a process of its own), and prints how many deliveries per second the
workers complete, from the commit to the last success. Runs on a scratch SQLite file
and, when PostgreSQL is reachable (BENCH_DATABASE_URL, else TEST_DATABASE_URL, else
postgresql://postgres@127.0.0.1:5432/test), on a scratch database there. Each run stops
after --max-seconds. Its ratio is to the mean of a bare Python loop's rate to the same
receiver (bare_loop) measured right before and right after it; the default shape's must
reach TARGETS (issue 30).
"""

import argparse
import http.client
import json
import sys
import time
from pathlib import Path
from urllib.parse import urlsplit

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
from models import Account, Webhook, WebhookDelivery, WorkerHeartbeat  # noqa: E402
from postline import db, ids, process  # noqa: E402
from postline.keyring import keyring  # noqa: E402
from postline.webhooks import events, signatures, subscriptions  # noqa: E402

SECRET = "bench-" + "x" * 40
DEFAULT_SHAPE = (1, 16, 2)  # one worker with the default [webhooks] concurrency and per-webhook cap
# The default shape's ratio to the bare loop, per backend (issue 30; 0.5 before it).
TARGETS = {"sqlite": 0.75, "postgresql": 0.7}


def run(database_url, data_dir, receiver, shape, count, max_seconds):
    """(events recorded per second, deliveries per second, deliveries sent) for one run."""
    workers, concurrency, per_webhook = shape
    overrides = {
        "database": {"url": database_url},
        "server": {"data_dir": data_dir, "secret_key": SECRET, "log_level": "WARNING"},
        "webhooks": {"allow_http": True, "allow_private_targets": True},
    }
    db.close()
    process.start(overrides)
    for model in (WebhookDelivery, Webhook, WorkerHeartbeat):
        model.delete().execute()
    account = Account.get_or_none(Account.name == "bench") or Account.create(
        id=ids.new_id("acct"), name="bench", plan="free"
    )
    secret = keyring.encrypt(subscriptions.new_secret())
    Webhook.create_for_account(account.id, "live", url=receiver.url, events=["post.created"], secret=secret)

    env = environment(
        database_url,
        data_dir,
        SECRET,
        **LOCAL_WEBHOOKS,
        POSTLINE_WEBHOOKS_CONCURRENCY=str(concurrency),
        POSTLINE_WEBHOOKS_PER_WEBHOOK_CONCURRENCY=str(per_webhook),
    )
    started_workers = [worker_as_shipped(env) for _ in range(workers)]
    try:
        wait(lambda: WorkerHeartbeat.select().count() >= workers, 60, "workers did not start")
        started = time.perf_counter()
        with db.database.atomic():
            for number in range(count):
                data = {"post_id": f"post_{number}", "status": "queued"}
                events.record(account.id, "live", "post.created", data)
        committed = time.perf_counter()
        # Watch for the end with an index probe (a finished delivery has no due_at), not a
        # COUNT: this process polls every 20 ms on the same two cores as the worker, and
        # counting thousands of rows each time took CPU from what is being measured.
        unfinished = WebhookDelivery.select().where(WebhookDelivery.due_at.is_null(False))
        wait(lambda: not unfinished.exists(), max_seconds)
        elapsed = time.perf_counter() - committed
        sent = WebhookDelivery.select().where(WebhookDelivery.status == "succeeded")
        return count / (committed - started), sent.count() / elapsed, sent.count()
    finally:
        for worker in started_workers:
            worker.terminate()
        for worker in started_workers:
            worker.wait()
        db.close()


def bare_loop(url, count):
    """Deliveries/s of the simplest sender: one process, one keep-alive connection, the
    same body signed afresh each time as Postline signs it, no database."""
    parts = urlsplit(url)
    connection = http.client.HTTPConnection(parts.hostname, parts.port, timeout=30)
    secret = subscriptions.new_secret()
    body = json.dumps({"id": "evt_1", "event": "post.created", "data": {"post_id": "post_1"}, "timestamp": 1})
    started = time.perf_counter()
    for _ in range(count):
        now = int(time.time())
        headers = {
            "Content-Type": "application/json",
            "Service-Signature": signatures.signature_header(body, [secret], now),
            **signatures.standard_webhooks_headers("evt_1", body, [secret], now),
        }
        connection.request("POST", parts.path, body.encode(), headers)
        connection.getresponse().read()
    elapsed = time.perf_counter() - started
    connection.close()
    return count / elapsed


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--events", type=int, default=5000)
    parser.add_argument("--max-seconds", type=float, default=30, help="per run")
    add_results_option(parser)
    args = parser.parse_args()
    results = Results(args.results)

    receiver = Receiver()
    # (worker processes, threads each, batches per webhook at once): the defaults, a
    # higher per-webhook cap, and two workers.
    shapes = [DEFAULT_SHAPE, (1, 16, 4), (2, 16, 2)]
    print(f"{args.events} post.created events, fanned out to one webhook on {receiver.url}")
    print("each run's baseline: a bare Python loop to the same receiver, right before and right after it")
    print(
        f"{'backend':<11} {'workers':>7} {'threads':>7} {'per hook':>8} {'events/s':>9} {'deliveries/s':>12}"
        f" {'bare/s':>7} {'ratio':>6}"
    )

    def report(backend, url, data_dir):
        for shape in shapes:
            # This machine's speed drifts over a minute; a baseline taken next to each
            # run, on both sides of it, drifts with it.
            before = bare_loop(receiver.url, args.events)
            recorded, delivered, sent = run(url, data_dir, receiver, shape, args.events, args.max_seconds)
            baseline = (before + bare_loop(receiver.url, args.events)) / 2
            incomplete = "" if sent == args.events else f"  (only {sent} within {args.max_seconds:.0f} s)"
            row = (
                f"{backend:<11} {shape[0]:>7} {shape[1]:>7} {shape[2]:>8} {recorded:>9.0f} {delivered:>12.0f}"
                f" {baseline:>7.0f} {delivered / baseline:>6.2f}"
            )
            print(row + incomplete, flush=True)
            ratio = delivered / baseline if sent == args.events else 0.0
            detail = f"{delivered:.0f}/s vs a bare loop's {baseline:.0f}/s; {args.events} events"
            label = f"webhook deliveries: {shape[0]} worker(s), {shape[2]} per webhook"
            default = shape == DEFAULT_SHAPE
            results.add(
                label,
                backend,
                ratio,
                detail,
                f">= {TARGETS[backend]}" if default else None,
                ratio >= TARGETS[backend] if default else None,
            )

    try:
        on_each_backend(report)
    finally:
        receiver.stop()


if __name__ == "__main__":
    main()
