"""Fixtures the rate-limit tests share."""

import uuid

import pytest
import redis

from postline.limits.redis_store import RedisCounters
from tests.support import REDIS_URL


@pytest.fixture
def redis_prefix():
    """A Redis key prefix of this test's own; its keys are deleted afterwards."""
    try:
        redis.Redis.from_url(REDIS_URL, socket_connect_timeout=1).ping()
    except redis.RedisError:
        pytest.skip(f"Redis is not reachable at {REDIS_URL}, so the Redis runs are skipped")
    prefix = f"postline-test-{uuid.uuid4().hex[:12]}"
    yield prefix
    RedisCounters(REDIS_URL, prefix).clear()
