"""Rate-limit counters in Redis, counted by the `limits` library's sliding-window counter.

This module is the one place that uses `limits`' private helpers (its Lua scripts and
key names); tests/limits/test_redis_store.py checks them on every upgrade.

The counting is limits' own: its Lua scripts keep each window as two Redis keys
(current and previous slot) and check-and-increment them atomically, so every
gunicorn worker and every app server sharing the Redis shares the limit. What this
module adds is cost: limits' Python API makes one round trip per script call,
six per request for three windows; here the calls of one request go to Redis in
one pipeline, on the same keys and scripts `SlidingWindowCounterRateLimiter` uses.
"""

import contextlib
import functools
import logging

from limits import RateLimitItemPerDay, RateLimitItemPerHour, RateLimitItemPerMinute
from limits.storage import RedisStorage
from redis.exceptions import NoScriptError, RedisError

from postline.errors import Unavailable
from postline.limits import sliding_window

log = logging.getLogger(__name__)

ITEMS = {"minute": RateLimitItemPerMinute, "hour": RateLimitItemPerHour, "day": RateLimitItemPerDay}
# A request must not hang on an unreachable Redis: it fails fast with a 503.
TIMEOUT_SECONDS = 2


class RedisCounters:
    def __init__(self, url, key_prefix):
        self.storage = RedisStorage(
            url, key_prefix=key_prefix, socket_timeout=TIMEOUT_SECONDS, socket_connect_timeout=TIMEOUT_SECONDS
        )
        self.redis = self.storage.get_connection()
        # Naming the keys costs more than one might think; a key's names never change.
        self._keys = functools.lru_cache(maxsize=4096)(self._window_keys)

    def acquire(self, buckets, now_ms):
        """Count one request in every bucket, or in none: (admitted, [Status])."""
        windows = [(bucket, limit) for bucket in buckets for limit in bucket.limits]
        with _unavailable_as_503():
            replies = self._run(
                [self._acquire(bucket, limit, 1) for bucket, limit in windows]
                + [self._read(bucket, limit) for bucket, limit in windows]
            )
            taken, counts = replies[: len(windows)], replies[len(windows) :]
            if all(taken):
                return True, self._statuses(windows, counts, now_ms)
            # A full window refused the request: give back what the others took, so a
            # refused request counts nowhere.
            refunds = [(bucket, limit) for (bucket, limit), took in zip(windows, taken, strict=True) if took]
            if refunds:
                self._run([self._acquire(bucket, limit, -1) for bucket, limit in refunds])
        return False, self._statuses(windows, counts, now_ms, refunded=taken)

    def peek(self, buckets, now_ms):
        """[Status] of every limit of `buckets`, counting nothing."""
        windows = [(bucket, limit) for bucket in buckets for limit in bucket.limits]
        with _unavailable_as_503():
            counts = self._run([self._read(bucket, limit) for bucket, limit in windows])
        return self._statuses(windows, counts, now_ms)

    def clear(self):
        """Delete every counter under this store's key prefix."""
        self.storage.reset()

    def _acquire(self, bucket, limit, amount):
        item = _item(limit)
        keys = self._keys(item, bucket.name)
        return self.storage.lua_acquire_sliding_window, keys, (item.amount, item.get_expiry(), amount)

    def _read(self, bucket, limit):
        item = _item(limit)
        return self.storage.lua_sliding_window, self._keys(item, bucket.name), (item.get_expiry(),)

    def _window_keys(self, item, name):
        """The previous and current slot's keys, as RedisStorage.get_sliding_window names them."""
        key = item.key_for(name)
        return (
            self.storage.prefixed_key(self.storage._previous_window_key(key)),
            self.storage.prefixed_key(self.storage._current_window_key(key)),
        )

    def _run(self, calls):
        """Replies of [(script, keys, args)], in one round trip."""
        try:
            return self._pipeline(calls).execute()
        except NoScriptError:
            # A new, restarted or flushed Redis does not know the scripts yet.
            for script in {script for script, _, _ in calls}:
                self.redis.script_load(script.script)
            return self._pipeline(calls).execute()

    def _pipeline(self, calls):
        pipeline = self.redis.pipeline(transaction=False)
        for script, keys, args in calls:
            pipeline.evalsha(script.sha, len(keys), *keys, *args)
        return pipeline

    def _statuses(self, windows, counts, now_ms, refunded=()):
        statuses = []
        for index, ((bucket, limit), reply) in enumerate(zip(windows, counts, strict=True)):
            previous, _, current, current_ttl_ms = (int(value or 0) for value in reply)
            if index < len(refunded) and refunded[index]:
                current -= 1
            # The current slot's key lives two window lengths from the slot's start.
            slot_end = now_ms + current_ttl_ms - limit.window.ms if current_ttl_ms > 0 else now_ms
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
    except RedisError as error:
        log.error("rate-limit store unavailable: %s", error)
        raise Unavailable from error
