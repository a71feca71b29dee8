"""The Postline worker: `python worker.py`.

An APScheduler BlockingScheduler runs the periodic jobs; the jobs themselves are
plain functions in postline/ that tests call directly.
"""

import logging
import signal
import threading
from datetime import UTC, datetime

from apscheduler.executors.pool import ThreadPoolExecutor
from apscheduler.schedulers.blocking import BlockingScheduler

from postline import maintenance, process, publishing, webhook_delivery

log = logging.getLogger("postline.worker")


def build_pools(settings, identity):
    """The thread pools that publish posts and deliver webhook events."""
    return [
        publishing.pool(settings["publishing"], identity.worker_id),
        webhook_delivery.pool(settings["webhooks"], identity.worker_id),
    ]


def build_scheduler(settings, identity, pools):
    """The scheduler with every periodic job registered."""
    worker = settings["worker"]
    scheduler = BlockingScheduler(
        executors={"default": ThreadPoolExecutor(4)},
        job_defaults={"coalesce": True, "max_instances": 1, "misfire_grace_time": 30},
    )
    scheduler.add_job(
        maintenance.write_heartbeat,
        "interval",
        args=[identity],
        seconds=worker["poll_interval"],
        id="heartbeat",
        next_run_time=_now(),
    )
    for pool in pools:
        scheduler.add_job(
            pool.dispatch_due, "interval", seconds=worker["poll_interval"], id=pool.name, next_run_time=_now()
        )
    scheduler.add_job(
        maintenance.fold_post_tallies,
        "interval",
        seconds=worker["poll_interval"],
        id="fold-post-tallies",
        next_run_time=_now(),
    )
    scheduler.add_job(
        maintenance.purge_expired_rows,
        "interval",
        args=[settings],
        seconds=worker["purge_interval"],
        id="purge",
        next_run_time=_now(),
    )
    return scheduler


def _now():
    return datetime.now(UTC)


def main():
    settings = process.start()
    identity = maintenance.WorkerIdentity()
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
