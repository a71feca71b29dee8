"""The Postline worker: `python worker.py`.

An APScheduler BlockingScheduler runs the periodic jobs; the jobs themselves are
plain functions in postline/ that tests call directly. Nothing here loads the web
stack (Flask, flask-smorest, webargs): tests/test_layout.py checks it.
"""

import logging
import signal
import threading
from datetime import UTC, datetime

from apscheduler.executors.pool import ThreadPoolExecutor
from apscheduler.schedulers.blocking import BlockingScheduler

from postline import process
from postline.jobs import heartbeat, maintenance
from postline.posts import publishing
from postline.webhooks import delivery

log = logging.getLogger("postline.worker")


def build_pools(settings, identity):
    """The thread pools that publish posts and deliver webhook events."""
    return [
        publishing.pool(settings["publishing"], identity.worker_id),
        delivery.pool(settings["webhooks"], identity.worker_id),
    ]


def build_scheduler(settings, identity, pools):
    """The scheduler with every periodic job registered."""
    poll, purge = settings["worker"]["poll_interval"], settings["worker"]["purge_interval"]
    scheduler = BlockingScheduler(
        executors={"default": ThreadPoolExecutor(4)},
        job_defaults={"coalesce": True, "max_instances": 1, "misfire_grace_time": 30},
    )
    jobs = [
        ("heartbeat", heartbeat.write, [identity], poll),
        *[(pool.name, pool.dispatch_due, [], poll) for pool in pools],
        ("fold-post-tallies", maintenance.fold_post_tallies, [], poll),
        ("purge", maintenance.purge_expired_rows, [settings], purge),
    ]
    now = datetime.now(UTC)
    for job_id, function, args, seconds in jobs:
        scheduler.add_job(function, "interval", args=args, seconds=seconds, id=job_id, next_run_time=now)
    return scheduler


def main():
    settings = process.start()
    identity = heartbeat.WorkerIdentity()
    pools = build_pools(settings, identity)
    scheduler = build_scheduler(settings, identity, pools)

    # The handler only sets a flag; a watcher thread acts on it, because shutdown()
    # waits for running jobs and must not run inside a signal handler.
    stop_requested = threading.Event()

    def stop_when_requested():
        stop_requested.wait()
        log.info("stopping: waiting for running jobs and the work in hand")
        scheduler.shutdown(wait=True)
        for pool in pools:
            pool.shutdown()

    stopper = threading.Thread(target=stop_when_requested, name="stop-watcher", daemon=True)
    stopper.start()
    for signum in (signal.SIGTERM, signal.SIGINT):
        signal.signal(signum, lambda *_: stop_requested.set())

    log.info("worker %s started", identity.worker_id)
    scheduler.start()
    # The scheduler's loop ends before the watcher has let the pools finish their work.
    stopper.join()
    log.info("worker %s stopped", identity.worker_id)


if __name__ == "__main__":
    main()
