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
from dataclasses import dataclass


@dataclass(frozen=True)
class Window:
    name: str
    seconds: int

    @property
    def ms(self):
        return self.seconds * 1000


MINUTE = Window("minute", 60)
HOUR = Window("hour", 3600)
DAY = Window("day", 86400)
WINDOWS = (MINUTE, HOUR, DAY)


@dataclass(frozen=True)
class Limit:
    window: Window
    amount: int


@dataclass(frozen=True)
class Bucket:
    """Limits counted together under one name: an API key, or a key on one endpoint."""

    name: str
    limits: tuple
    endpoint: str = ""  # "POST /v1/api-keys" for an endpoint's own limit


@dataclass(frozen=True)
class Status:
    """Where one limit stands at `now_ms`."""

    limit: Limit
    used: int
    reset_ms: int  # when `remaining` next rises (now if nothing is counted)
    retry_ms: int  # when one more request is admitted (now if one is)
    endpoint: str = ""

    @property
    def remaining(self):
        return max(0, self.limit.amount - self.used)


def status(limit, current, previous, slot_end_ms, now_ms, endpoint=""):
    """The Status of `limit` given the counts of the current and previous slot."""
    length = limit.window.ms
    used = previous * (slot_end_ms - now_ms) // length + current

    def when_used_at_most(target):
        if used <= target:
            return now_ms
        if current <= target:
            # The previous slot's weight decays until enough of it has left the window.
            return max(now_ms, slot_end_ms - _ceil_div((target - current + 1) * length, previous) + 1)
        # The current slot must become the previous one and decay in turn.
        return slot_end_ms + length - _ceil_div((target + 1) * length, current) + 1

    reset_ms = when_used_at_most(used - 1) if used else now_ms
    retry_ms = when_used_at_most(limit.amount - 1)
    return Status(limit, used, reset_ms, retry_ms, endpoint)


def slot_of(window, now_ms):
    """The index of the fixed slot holding `now_ms` and the moment it ends."""
    slot = now_ms // window.ms
    return slot, (slot + 1) * window.ms


def retry_after_seconds(status, now_ms):
    """Whole seconds to wait before a retry can succeed; at least 1."""
    return max(1, math.ceil((status.retry_ms - now_ms) / 1000))


def _ceil_div(numerator, denominator):
    return -(-numerator // denominator)
