"""Rate-limit counters in Redis, through the `limits` library's sliding-window counter.

`limits` does the counting: each window is a pair of Redis keys (current and
previous slot) updated atomically by its Lua scripts, so every gunicorn worker
and every app server sharing the Redis shares the limit. This module only reads
the counts back to tell a client where it stands, with the same arithmetic as
the database store (`postline.sliding_window`).
"""

import contextlib
import functools
import logging

from limits import RateLimitItemPerDay, RateLimitItemPerHour, RateLimitItemPerMinute
from limits.errors import StorageError
from limits.storage import RedisStorage
from limits.strategies import SlidingWindowCounterRateLimiter

from postline import sliding_window
from postline.errors import ApiError

log = logging.getLogger(__name__)

ITEMS = {"minute": RateLimitItemPerMinute, "hour": RateLimitItemPerHour, "day": RateLimitItemPerDay}
# A request must not hang on an unreachable Redis: it fails fast with a 503.
TIMEOUT_SECONDS = 2


class RedisCounters:
    def __init__(self, url, key_prefix):
        self.storage = RedisStorage(
            url,
            key_prefix=key_prefix,
            wrap_exceptions=True,
            socket_timeout=TIMEOUT_SECONDS,
            socket_connect_timeout=TIMEOUT_SECONDS,
        )
        self.limiter = SlidingWindowCounterRateLimiter(self.storage)

    def acquire(self, buckets, now_ms):
        """Count one request in every bucket, or in none: (admitted, [Status])."""
        with _unavailable_as_503():
            statuses = self._peek(buckets, now_ms)
            if any(status.remaining == 0 for status in statuses):
                return False, statuses
            taken = []
            for bucket in buckets:
                for limit in bucket.limits:
                    if not self.limiter.hit(_item(limit), bucket.name):
                        # Another request took the last unit since the read: give back
                        # what this one took, so a refused request counts nowhere.
                        for item, name in taken:
                            self.limiter.hit(item, name, cost=-1)
                        return False, self._peek(buckets, now_ms)
                    taken.append((_item(limit), bucket.name))
        return True, [status.after_one_more() for status in statuses]

    def peek(self, buckets, now_ms):
        """[Status] of every limit of `buckets`, counting nothing."""
        with _unavailable_as_503():
            return self._peek(buckets, now_ms)

    def clear(self):
        """Delete every counter under this store's key prefix."""
        self.storage.reset()

    def _peek(self, buckets, now_ms):
        statuses = []
        for bucket in buckets:
            for limit in bucket.limits:
                item = _item(limit)
                previous, _, current, current_ttl = self.storage.get_sliding_window(
                    item.key_for(bucket.name), item.get_expiry()
                )
                # The current slot's key lives two window lengths from the slot's start;
                # the previous slot's weight is the time left until the current one ends.
                slot_end = now_ms + round(current_ttl * 1000) - limit.window.ms if current_ttl else now_ms
                statuses.append(
                    sliding_window.status(limit, current, previous, slot_end, now_ms, bucket.endpoint)
                )
        return statuses


@functools.cache
def _item(limit):
    return ITEMS[limit.window.name](limit.amount)


@contextlib.contextmanager
def _unavailable_as_503():
    try:
        yield
    except StorageError as error:
        log.error("rate-limit store unavailable: %s", error)
        raise ApiError.from_status(503) from error
