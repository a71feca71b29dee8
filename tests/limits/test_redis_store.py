"""The Redis counter store (postline/limits/redis_store.py): the one user of the
`limits` library's private helpers. Counts it makes must be the library's own."""

import uuid

import pytest
import redis
from limits import RateLimitItemPerMinute
from limits.storage import RedisStorage
from limits.strategies import SlidingWindowCounterRateLimiter

from postline.limits.redis_store import RedisCounters
from postline.limits.sliding_window import MINUTE, Bucket, Limit

REDIS_URL = "redis://127.0.0.1:6379/0"


@pytest.fixture
def prefix():
    try:
        redis.Redis.from_url(REDIS_URL, socket_connect_timeout=1).ping()
    except redis.RedisError:
        pytest.skip(f"Redis is not reachable at {REDIS_URL}")
    name = f"postline-test-{uuid.uuid4().hex[:12]}"
    yield name
    RedisCounters(REDIS_URL, name).clear()


def test_limits_still_has_the_helpers_the_store_uses(prefix):
    storage = RedisStorage(REDIS_URL, key_prefix=prefix)
    assert callable(storage._previous_window_key) and callable(storage._current_window_key)
    assert storage.lua_acquire_sliding_window.sha and storage.lua_sliding_window.sha
    storage.storage.close()


def test_the_store_counts_where_the_library_reads(prefix):
    store = RedisCounters(REDIS_URL, prefix)
    bucket = Bucket("key_1", (Limit(MINUTE, 5),))
    for _ in range(3):
        admitted, _ = store.acquire([bucket], 0)
        assert admitted
    storage = RedisStorage(REDIS_URL, key_prefix=prefix)
    library = SlidingWindowCounterRateLimiter(storage)
    item = RateLimitItemPerMinute(5)
    assert library.get_window_stats(item, "key_1").remaining == 2
    assert library.hit(item, "key_1") and library.hit(item, "key_1")
    admitted, statuses = store.acquire([bucket], 0)
    assert not admitted and statuses[0].used == 5
    storage.storage.close()
    store.redis.close()
