"""The Postline worker: `python worker.py`.

An APScheduler BackgroundScheduler runs the periodic jobs; the jobs themselves are
plain functions in postline/ that tests call directly. Nothing here loads the web
stack (Flask, flask-smorest, webargs): tests/test_layout.py checks it.

Stopping: the first SIGINT or SIGTERM stops taking new work and waits at most
`[worker] shutdown_grace` seconds for the work in hand; a second one leaves at once
(held leases expire and another worker resumes their rows). A worker that cannot
reach its database for `[worker] give_up_after` seconds exits with status 1.
"""

import logging
import os
import signal
import sys
import threading
import time
from datetime import UTC, datetime

from apscheduler.executors.pool import ThreadPoolExecutor
from apscheduler.schedulers.background import BackgroundScheduler

from postline import imports, process
from postline.connections import tokens
from postline.db import leases, wakeups
from postline.jobs import heartbeat, maintenance
from postline.jobs.guard import guarded
from postline.limits import usage
from postline.posts import publishing
from postline.repeats import evergreen, series
from postline.webhooks import delivery

log = logging.getLogger("postline.worker")

HOUSEKEEPING_SECONDS = 1.0
# Seconds between two looks for tokens that expire within 15 minutes or have ended.
REFRESH_INTERVAL = 30


def build_pools(settings, identity, keeper):
    """The thread pools that publish posts, retry first comments, deliver webhook events
    and create imported posts."""
    return [
        publishing.pool(settings["publishing"], identity.worker_id, keeper),
        publishing.comments_pool(settings["publishing"], identity.worker_id, keeper),
        delivery.pool(settings["webhooks"], identity.worker_id, keeper),
        imports.pool(settings, identity.worker_id, keeper),
    ]


def build_scheduler(settings, pools, beat):
    """The scheduler with every periodic job registered."""
    poll, purge = settings["worker"]["poll_interval"], settings["worker"]["purge_interval"]
    # The heartbeat and the tally fold need not run more often than once a second.
    steady = max(poll, HOUSEKEEPING_SECONDS)
    # The heartbeat has a thread of its own: on the shared threads it waited behind
    # jobs stalled on the database (a lock held by a request, a slow purge), and health
    # called a living worker stale (tests/posts/test_worker.py).
    scheduler = BackgroundScheduler(
        executors={"default": ThreadPoolExecutor(4), "heartbeat": ThreadPoolExecutor(1)},
        job_defaults={"coalesce": True, "max_instances": 1, "misfire_grace_time": 30},
    )
    scheduler.add_job(
        beat,
        "interval",
        seconds=steady,
        id="heartbeat",
        executor="heartbeat",
        next_run_time=datetime.now(UTC),
    )
    jobs = [
        *[(pool.name, guarded(pool.name, pool.dispatch_due), [], poll) for pool in pools],
        ("fold-tallies", guarded("fold-tallies", maintenance.fold_tallies), [], steady),
        ("refresh-tokens", guarded("refresh-tokens", tokens.refresh_expiring), [], REFRESH_INTERVAL),
        ("expire-tokens", guarded("expire-tokens", tokens.expire_lapsed), [], REFRESH_INTERVAL),
        ("purge", guarded("purge", maintenance.purge_expired_rows), [settings], purge),
        # Recurring posts' next occurrences and evergreen posts' repeats (docs/scheduling.md).
        ("series", guarded("series", series.make_due_occurrences), [settings], steady),
        ("evergreen", guarded("evergreen", evergreen.queue_repeats), [settings], steady),
    ]
    now = datetime.now(UTC)
    for job_id, function, args, seconds in jobs:
        scheduler.add_job(function, "interval", args=args, seconds=seconds, id=job_id, next_run_time=now)
    return scheduler


def dispatch_inserted(pools):
    """The tables the pools claim from, and what a wake-up (postline/db/wakeups.py) does
    when new rows are inserted in some of them: dispatch at once in their pools."""
    runs = {pool.model._meta.table_name: guarded(pool.name, pool.dispatch_due) for pool in pools}

    def dispatch(tables):
        for table in tables:
            runs[table]()

    return list(runs), dispatch


class Stop:
    """What the signal handlers ask for. They only assign plain attributes, which the
    main loop polls: a handler that took a lock (setting a threading.Event) could
    deadlock with the main thread it interrupted inside that same lock."""

    POLL_SECONDS = 0.1

    def __init__(self):
        self.requests = 0
        self.exit_code = 0

    def request(self, exit_code=0):
        self.exit_code = max(self.exit_code, exit_code)
        self.requests += 1

    def wait(self, count=1, seconds=None):
        """Wait until `count` stops were asked for (or `seconds` passed); whether they were."""
        deadline = None if seconds is None else time.monotonic() + seconds
        while self.requests < count:
            if deadline is not None and time.monotonic() >= deadline:
                return False
            time.sleep(self.POLL_SECONDS)
        return True


def main():
    settings = process.start()
    worker = settings["worker"]
    identity = heartbeat.WorkerIdentity()
    keeper = leases.Keeper(worker["lease_seconds"] * 1000)
    pools = build_pools(settings, identity, keeper)
    stop = Stop()
    beat = heartbeat.Heartbeat(identity, worker["give_up_after"], lambda: stop.request(exit_code=1))
    scheduler = build_scheduler(settings, pools, beat)
    for signum in (signal.SIGTERM, signal.SIGINT):
        signal.signal(signum, lambda *_: stop.request())

    listener = wakeups.Listener(*dispatch_inserted(pools))
    scheduler.start()
    listener.start()
    log.info("worker %s started", identity.worker_id)
    stop.wait()
    finished = finish_work(scheduler, pools, keeper, worker["shutdown_grace"], stop, listener)
    if not finished:
        # Threads still in hand would hold the interpreter open: leave without them.
        usage.tally.close()
        logging.shutdown()
        os._exit(stop.exit_code or 1)
    log.info("worker %s stopped", identity.worker_id)
    sys.exit(stop.exit_code)


def finish_work(scheduler, pools, keeper, grace, stop, listener):
    """Take no new work and wait up to `grace` seconds for the work in hand (or until
    a second signal); True if everything finished."""

    def drain():
        listener.stop()
        scheduler.shutdown(wait=True)
        for pool in pools:
            pool.shutdown()
        keeper.stop()

    draining = threading.Thread(target=drain, name="drain", daemon=True)
    for pool in pools:
        pool.stop_claiming()
    draining.start()
    deadline = time.monotonic() + grace
    while draining.is_alive():
        in_hand = ", ".join(f"{pool.in_hand()} {pool.name}" for pool in pools)
        left = deadline - time.monotonic()
        if left <= 0:
            log.warning(
                "stopping: %s still in hand after %s s ([worker] shutdown_grace); leaving", in_hand, grace
            )
            return False
        log.info(
            "stopping: waiting up to %.0f s for the work in hand (%s); signal again to leave now",
            left,
            in_hand,
        )
        if stop.wait(count=2, seconds=min(left, 2.0)):
            log.warning("stopping now: %s left in hand; their leases expire for another worker", in_hand)
            return False
    return True


if __name__ == "__main__":
    main()
