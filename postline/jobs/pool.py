"""A bounded pool of threads working through leased rows, for the worker's jobs.

`dispatch_due()` (run by the scheduler every poll interval, and at once when new work
is inserted: postline/db/wakeups.py) gives each free thread a claim of due rows; a
thread that finishes its claim makes the next, so a busy queue drains without waiting
for the next tick, and a slow row holds up only its own thread. While a thread holds
rows, the process's lease keeper renews them.
"""

import logging
import threading
from concurrent.futures import ThreadPoolExecutor

from postline import clock, db
from postline.db import leases

log = logging.getLogger(__name__)


class WorkPool:
    def __init__(self, name, size, model, claim_next, handle, keeper):
        """`model` is the claimable model worked on; `claim_next()` leases due rows of it
        (a list, empty when nothing is due);
        `handle(rows, stopping)` does their work (giving back what it has not started
        once the `stopping` event is set); `keeper` (a leases.Keeper) renews their leases
        meanwhile."""
        self.name = name
        self.model = model
        self.claim_next = claim_next
        self.handle = handle
        self.keeper = keeper
        self._free = threading.Semaphore(size)
        self._busy = 0
        self._busy_lock = threading.Lock()
        self._pool = ThreadPoolExecutor(size, thread_name_prefix=name)
        self._stopping = threading.Event()
        self._dispatching = threading.Lock()

    def dispatch_due(self):
        """Job: hand a claim of due rows to every free thread. The poll's and a wake-up's
        run one after the other, so neither claims past a limit the other just reached."""
        with self._dispatching:
            self._dispatch()

    def _dispatch(self):
        db.check_out()
        # A read first: an idle worker's polls take no write lock (SQLite has one).
        if not leases.any_due(self.model, clock.now_ms()):
            return
        while not self._stopping.is_set() and self._free.acquire(blocking=False):
            rows = []
            try:
                rows = self._claim()
            finally:
                if not rows:  # nothing due, or the claim failed: the slot stays free
                    self._free.release()
            if not rows:
                return
            self._pool.submit(self._work, rows)

    def _claim(self):
        db.check_out()
        rows = self.claim_next()
        self.keeper.hold(rows)
        return rows

    def in_hand(self):
        """How many threads are working now."""
        return self._busy

    def _work(self, rows):
        with self._busy_lock:
            self._busy += 1
        try:
            while rows:
                try:
                    if self._stopping.is_set():
                        for row in rows:
                            leases.release(row, clock.now_ms())
                        return
                    self.handle(rows, self._stopping)
                finally:
                    self.keeper.drop(rows)
                rows = self._claim()
        except db.UNAVAILABLE as error:
            # Rows left leased are taken again when their leases expire.
            log.warning("%s thread: database unavailable (%s); the next run retries", self.name, error)
            db.discard()
        except Exception:
            log.exception("%s thread stopped by an unexpected error", self.name)
        finally:
            db.close()
            with self._busy_lock:
                self._busy -= 1
            self._free.release()

    def stop_claiming(self):
        """Claim nothing more: threads give back what they have not started."""
        self._stopping.set()

    def shutdown(self):
        """Claim nothing more; let rows in hand finish (each is bounded by its own time-outs)."""
        self.stop_claiming()
        self._pool.shutdown(wait=True)
