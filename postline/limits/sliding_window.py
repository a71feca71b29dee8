"""The arithmetic of a sliding-window counter, shared by both counter stores.

A window of length L keeps two fixed slots: the count of the current slot and the
count of the slot before. The previous slot's count is weighed by how much of it
the sliding window still covers, so

    used = floor(previous * (slot_end - now) / L) + current

and a request is admitted while `used + 1 <= limit`. Rejected requests are never
counted, so `used` only falls until the next admitted request; that makes the
moment a request becomes possible again exact, not a guess.
"""

import math
from typing import NamedTuple

# NamedTuples, not dataclasses: several are made on every request, and a tuple is made
# at C speed (frozen dataclasses cost about 1 us a field).


class Window(NamedTuple):
    name: str
    seconds: int
    ms: int


def window(name, seconds):
    return Window(name, seconds, seconds * 1000)


MINUTE = window("minute", 60)
HOUR = window("hour", 3600)
DAY = window("day", 86400)
WINDOWS = (MINUTE, HOUR, DAY)
# Where each window's (slot, count, previous) begin in a bucket's counts, a flat
# sequence of the three windows' in this order (`statuses`).
FIRST_COUNT = {w.name: 3 * position for position, w in enumerate(WINDOWS)}
NO_COUNTS = (0,) * (3 * len(WINDOWS))


class Limit(NamedTuple):
    window: Window
    amount: int


class Bucket(NamedTuple):
    """Limits counted together under one name: an API key, or a key on one endpoint."""

    name: str
    limits: tuple
    endpoint: str = ""  # "POST /v1/api-keys" for an endpoint's own limit


class Status(NamedTuple):
    """Where one limit stands at `now_ms`."""

    limit: Limit
    used: int
    reset_ms: int  # when `remaining` next rises (now if nothing is counted)
    retry_ms: int  # when one more request is admitted (now if one is)
    endpoint: str = ""

    @property
    def remaining(self):
        return max(0, self.limit.amount - self.used)


def statuses(bucket, counts, now_ms):
    """[Status] of each limit of `bucket`, from its counts: each window's (slot, count,
    previous), the minute's, hour's and day's one after another (`FIRST_COUNT`), or
    None when it has none. Every store reads a bucket's counts so."""
    result = []
    for limit in bucket.limits:
        length = limit.window.ms
        at, slot = now_ms, now_ms // length
        current = previous = 0
        if counts is not None:
            first = FIRST_COUNT[limit.window.name]
            stored = counts[first]
            if stored > slot:
                # Started by a server whose clock runs ahead: look from that slot's start.
                at, slot = stored * length, stored
            if stored == slot:
                current, previous = counts[first + 1], counts[first + 2]
            elif stored == slot - 1:
                previous = counts[first + 1]
        result.append(status(limit, current, previous, (slot + 1) * length, at, bucket.endpoint))
    return result


def status(limit, current, previous, slot_end_ms, now_ms, endpoint=""):
    """The Status of `limit` given the counts of the current and previous slot."""
    length, amount = limit.window.ms, limit.amount
    used = previous * (slot_end_ms - now_ms) // length + current
    counts = (used, current, previous, slot_end_ms, length, now_ms)
    reset_ms = _when_used_at_most(used - 1, *counts) if used else now_ms
    # Nearly always there is room for one more: then it is admitted now.
    retry_ms = now_ms if used < amount else _when_used_at_most(amount - 1, *counts)
    return Status(limit, used, reset_ms, retry_ms, endpoint)


def _when_used_at_most(target, used, current, previous, slot_end_ms, length, now_ms):
    """The first moment at which `used` is `target` or less."""
    if used <= target:
        return now_ms
    # (Divisions rounded up, written out: this runs for every window on every request.)
    if current <= target:
        # The previous slot's weight decays until enough of it has left the window.
        return max(now_ms, slot_end_ms + (-(target - current + 1) * length // previous) + 1)
    # The current slot must become the previous one and decay in turn.
    return slot_end_ms + length + (-(target + 1) * length // current) + 1


def slot_of(window, now_ms):
    """The index of the fixed slot holding `now_ms` and the moment it ends."""
    slot = now_ms // window.ms
    return slot, (slot + 1) * window.ms


def retry_after_seconds(status, now_ms):
    """Whole seconds to wait before a retry can succeed; at least 1."""
    return max(1, math.ceil((status.retry_ms - now_ms) / 1000))
