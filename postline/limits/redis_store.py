"""Rate-limit counters in Redis, kept as the `limits` library's sliding-window counter.

This module is the one place that uses `limits`' private helpers (its key names);
tests/limits/test_redis_store.py checks them on every upgrade.

Each window is kept as limits keeps it: two Redis keys (the current and the previous
slot), so every gunicorn worker and every app server sharing the Redis shares the
limit, and limits' own `SlidingWindowCounterRateLimiter` reads what is counted here.
What this module adds is cost: limits' API makes a script call per window, and a
request has three windows or more (six calls with the reads of where each stands),
then more to give back what the others took when one refuses. Here one script
(`COUNT`) checks every window of a request, counts it in all of them or in none, and
returns where each stands: one call, one round trip, nothing to undo; the calls of a
process's requests that arrive while another is counting go in one pipeline.
"""

import contextlib
import functools
import logging

from limits import RateLimitItemPerDay, RateLimitItemPerHour, RateLimitItemPerMinute
from limits.storage import RedisStorage
from redis.exceptions import NoScriptError, RedisError

from postline.errors import Unavailable
from postline.limits import sliding_window
from postline.limits.together import Together

log = logging.getLogger(__name__)

ITEMS = {"minute": RateLimitItemPerMinute, "hour": RateLimitItemPerHour, "day": RateLimitItemPerDay}
# A request must not hang on an unreachable Redis: it fails fast with a 503.
TIMEOUT_SECONDS = 2

# KEYS: each window's previous and current slot's keys; ARGV: the amount to count (1,
# or 0 to read), then each window's limit and length in seconds. A current slot older
# than one window length becomes the previous one (as limits' scripts do). Returns
# {1 if the amount fitted in every window and was counted there, 0 if a window had no
# room and nothing was counted; then each window's previous count, previous slot's ms to
# live, current count and current slot's ms to live, as they stand after the call}.
COUNT = """
local amount = tonumber(ARGV[1])
local stands, admitted = {}, 1
for i = 1, #KEYS / 2 do
  local previous_key, current_key = KEYS[2 * i - 1], KEYS[2 * i]
  local limit, expiry = tonumber(ARGV[2 * i]), tonumber(ARGV[2 * i + 1]) * 1000
  local current_ttl = redis.call('pttl', current_key)
  if current_ttl > 0 and current_ttl < expiry then
    redis.call('rename', current_key, previous_key)
    redis.call('set', current_key, 0, 'PX', current_ttl + expiry)
  end
  local previous = tonumber(redis.call('get', previous_key)) or 0
  local previous_ttl = math.max(redis.call('pttl', previous_key), 0)
  local current = tonumber(redis.call('get', current_key)) or 0
  current_ttl = math.max(redis.call('pttl', current_key), 0)
  if math.floor(previous * previous_ttl / expiry) + current + amount > limit then
    admitted = 0
  end
  stands[i] = {previous, previous_ttl, current, current_ttl, expiry}
end
local reply = {admitted}
for i, stand in ipairs(stands) do
  if admitted == 1 and amount > 0 then
    if redis.call('exists', KEYS[2 * i]) == 1 then
      stand[3] = redis.call('incrby', KEYS[2 * i], amount)
    else
      redis.call('set', KEYS[2 * i], amount, 'PX', stand[5] * 2)
      stand[3], stand[4] = amount, stand[5] * 2
    end
  end
  for j = 1, 4 do
    reply[#reply + 1] = stand[j]
  end
end
return reply
"""


class RedisCounters:
    def __init__(self, url, key_prefix):
        self.storage = RedisStorage(
            url, key_prefix=key_prefix, socket_timeout=TIMEOUT_SECONDS, socket_connect_timeout=TIMEOUT_SECONDS
        )
        self.redis = self.storage.get_connection()
        # Loaded into Redis on first use, and again by redis-py if Redis has lost it
        # (restarted, flushed, or a new one).
        self._count = self.redis.register_script(COUNT)
        # Naming the keys costs more than one might think; a key's names never change.
        self._keys = functools.lru_cache(maxsize=4096)(self._window_keys)
        self._together = Together(self._count_all)

    def acquire(self, buckets, now_ms):
        """Count one request in every bucket, or in none: (admitted, [Status])."""
        return self._counted(buckets, 1, now_ms)

    def peek(self, buckets, now_ms):
        """[Status] of every limit of `buckets`, counting nothing."""
        return self._counted(buckets, 0, now_ms)[1]

    def clear(self):
        """Delete every counter under this store's key prefix."""
        self.storage.reset()

    def _counted(self, buckets, amount, now_ms):
        windows = [(bucket, limit) for bucket in buckets for limit in bucket.limits]
        keys, args = [], [amount]
        for bucket, limit in windows:
            item = _item(limit)
            keys += self._keys(item, bucket.name)
            args += (item.amount, item.get_expiry())
        with _unavailable_as_503():
            # Counting, with this process's other requests counting meanwhile (together.py).
            counted = self._together((keys, args)) if amount else self._count(keys=keys, args=args)
        admitted, *stands = counted
        return bool(admitted), self._statuses(windows, stands, now_ms)

    def _count_all(self, calls):
        """The COUNT script's answer to each (keys, args): one call alone, one pipeline
        (one round trip) for several, each script atomic by itself."""
        if len(calls) == 1:
            keys, args = calls[0]
            return [self._count(keys=keys, args=args)]
        try:
            return self._pipelined(calls)
        except NoScriptError:
            self.redis.script_load(COUNT)  # a Redis that lost it (restarted, flushed)
            return self._pipelined(calls)

    def _pipelined(self, calls):
        pipeline = self.redis.pipeline(transaction=False)
        for keys, args in calls:
            pipeline.evalsha(self._count.sha, len(keys), *keys, *args)
        return pipeline.execute()

    def _window_keys(self, item, name):
        """The previous and current slot's keys, as RedisStorage.get_sliding_window names them."""
        key = item.key_for(name)
        return (
            self.storage.prefixed_key(self.storage._previous_window_key(key)),
            self.storage.prefixed_key(self.storage._current_window_key(key)),
        )

    def _statuses(self, windows, stands, now_ms):
        statuses = []
        for index, (bucket, limit) in enumerate(windows):
            previous, _, current, current_ttl_ms = stands[4 * index : 4 * index + 4]
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
