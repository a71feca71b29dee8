"""A bounded pool of threads working through leased rows, for the worker's jobs.

`dispatch_due()` (run by the scheduler every poll interval) gives each free thread
a claimed row; a thread that finishes one claims the next, so a busy queue drains
without waiting for the next tick, and a slow row holds up only its own thread.
"""

import logging
import threading
from concurrent.futures import ThreadPoolExecutor

from postline import clock, db
from postline.db import leases

log = logging.getLogger(__name__)


class WorkPool:
    def __init__(self, name, size, claim_next, handle, release=None):
        """`claim_next()` leases work (a row, or a batch of rows) or returns None;
        `handle(work)` does it; `release(work)` gives it back unstarted (default: one
        leased row, due again at once)."""
        self.name = name
        self.claim_next = claim_next
        self.handle = handle
        self.release = release or (lambda row: leases.release(row, clock.now_ms()))
        self._free = threading.Semaphore(size)
        self._pool = ThreadPoolExecutor(size, thread_name_prefix=name)
        self._stopping = threading.Event()

    def dispatch_due(self):
        """Job: hand a due row to every free thread."""
        while not self._stopping.is_set() and self._free.acquire(blocking=False):
            row = None
            try:
                row = self.claim_next()
            finally:
                if row is None:  # nothing due, or the claim failed: the slot stays free
                    self._free.release()
            if row is None:
                return
            self._pool.submit(self._work, row)

    def _work(self, row):
        try:
            while row is not None:
                if self._stopping.is_set():
                    self.release(row)
                    return
                self.handle(row)
                row = self.claim_next()
        except Exception:
            # A row left leased is taken again when its lease expires.
            log.exception("%s thread stopped by an unexpected error", self.name)
        finally:
            db.close()
            self._free.release()

    def shutdown(self):
        """Claim nothing more; let rows in hand finish (each is bounded by its own time-outs)."""
        self._stopping.set()
        self._pool.shutdown(wait=True)
