"""The Redis counter store (postline/limits/redis_store.py): the one user of the
`limits` library's private helpers. Counts it makes must be the library's own."""

from limits import RateLimitItemPerMinute
from limits.storage import RedisStorage
from limits.strategies import SlidingWindowCounterRateLimiter

from postline.limits.redis_store import COUNT, RedisCounters
from postline.limits.sliding_window import DAY, HOUR, MINUTE, Bucket, Limit
from tests.support import REDIS_URL


def test_limits_still_has_the_helpers_the_store_uses(redis_prefix):
    storage = RedisStorage(REDIS_URL, key_prefix=redis_prefix)
    assert callable(storage._previous_window_key) and callable(storage._current_window_key)
    storage.storage.close()


def test_the_store_counts_where_the_library_reads(redis_prefix):
    store = RedisCounters(REDIS_URL, redis_prefix)
    bucket = Bucket("key_1", (Limit(MINUTE, 5),))
    for _ in range(3):
        admitted, _ = store.acquire([bucket], 0)
        assert admitted
    storage = RedisStorage(REDIS_URL, key_prefix=redis_prefix)
    library = SlidingWindowCounterRateLimiter(storage)
    item = RateLimitItemPerMinute(5)
    assert library.get_window_stats(item, "key_1").remaining == 2
    assert library.hit(item, "key_1") and library.hit(item, "key_1")
    admitted, statuses = store.acquire([bucket], 0)
    assert not admitted and statuses[0].used == 5
    storage.storage.close()
    store.redis.close()


def test_a_request_is_counted_in_all_its_windows_in_one_call(redis_prefix):
    store = RedisCounters(REDIS_URL, redis_prefix)
    store.redis.script_load(COUNT)  # as on every call but a fresh Redis's first
    calls = []
    sent = store.redis.execute_command
    store.redis.execute_command = lambda *args, **options: calls.append(args[0]) or sent(*args, **options)
    key = Bucket("key_1", (Limit(MINUTE, 5), Limit(HOUR, 100), Limit(DAY, 1000)))
    endpoint = Bucket("key_1:POST /v1/posts", (Limit(MINUTE, 2),), "POST /v1/posts")
    outcomes = []
    for _ in range(3):
        calls.clear()
        admitted, statuses = store.acquire([key, endpoint], 0)
        outcomes.append((admitted, [status.used for status in statuses]))
        assert calls == ["EVALSHA"]
    # The third is refused by the endpoint's window and counted in none of the key's.
    assert outcomes == [(True, [1, 1, 1, 1]), (True, [2, 2, 2, 2]), (False, [2, 2, 2, 2])]
    store.redis.close()


def test_requests_counted_together_go_in_one_pipeline_even_after_redis_lost_the_script(redis_prefix):
    """What the threads of a process that arrive while one counts are sent as
    (postline/limits/together.py): each request's script in one pipeline; a Redis that
    has lost the script (restarted, flushed) gets it again and counts each once."""
    store = RedisCounters(REDIS_URL, redis_prefix)
    store.redis.script_flush()
    bucket = Bucket("key_1", (Limit(MINUTE, 2),))
    keys = list(store._keys(RateLimitItemPerMinute(2), "key_1"))
    call = (keys, [1, 2, 60])
    answers = store._count_all([call, call, call])
    assert [admitted for admitted, *_ in answers] == [1, 1, 0]
    admitted, statuses = store.acquire([bucket], 0)
    assert not admitted and statuses[0].used == 2
    store.redis.close()
