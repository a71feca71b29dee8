"""Claiming due posts: the live and the test-mode queue, taking turns.

A thread sends its live posts one after another, each waiting on a platform: a
thread holding several would leave the others idle at the end of a backlog, and
make a post wait out the time-out of another's silent platform, so live posts are
taken one at a time (docs/api.md: Live publishing; tests/faults/test_slow_platform.py).
Test-mode posts are published together in one transaction, so they are taken many
at a time. The two queues take turns; one found empty is looked at second for the
next EMPTY_QUEUE_PAUSE_MS, so a burst of one kind costs no empty claim of the other
before each of its own.
"""

import itertools
import threading

from postline import clock
from postline.queries import posts as queries

LIVE_BATCH = 1
EMPTY_QUEUE_PAUSE_MS = 250


class Queues:
    """The two queues of due posts, whose turn it is, and which was found empty until when."""

    def __init__(self):
        # name -> (the claim, the most posts one claim takes; None: the caller's limit)
        self._claims = {
            "live": (queries.CLAIM_LIVE_POSTS, LIVE_BATCH),
            "test": (queries.CLAIM_TEST_POSTS, None),
        }
        self._turns = itertools.count()
        self._empty_until = dict.fromkeys(self._claims, 0)
        self._lock = threading.Lock()

    def claim(self, worker_id, lease_ms, limit):
        """Lease the earliest due posts of one queue: up to `limit` test-mode posts, or up
        to LIVE_BATCH live ones; [] when neither has any due."""
        now = clock.now_ms()
        with self._lock:
            turn = next(self._turns)
            first, second = ("live", "test") if turn % 2 else ("test", "live")
            order = sorted((first, second), key=lambda name: self._empty_until[name] > now)
        for name in order:
            claim, most = self._claims[name]
            claimed = claim(worker_id, now, lease_ms, most or limit)
            if claimed:
                return claimed
            with self._lock:
                self._empty_until[name] = now + EMPTY_QUEUE_PAUSE_MS
        return []


# One per process: every publishing thread's claims take turns together.
QUEUES = Queues()


def claim_batch(worker_id, lease_ms, limit):
    """Lease the next batch of due posts (`Queues.claim`)."""
    return QUEUES.claim(worker_id, lease_ms, limit)
