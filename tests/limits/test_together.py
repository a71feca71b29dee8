"""A process's concurrent requests of one key are each counted exactly once: beside
SQLite one at a time in shared memory (postline/limits/shared_store.py), on Redis
together in one pipeline, by whichever thread takes its turn next
(postline/limits/together.py), where a call that fails answers every request waiting
on it."""

import concurrent.futures
import threading
import time

import pytest
import redis
from redis.client import Pipeline
from redis.commands.core import Script
from redis.exceptions import ConnectionError as RedisConnectionError

from postline.errors import Unavailable
from postline.limits.together import Together
from tests.support import REDIS_URL

THREADS = 16


@pytest.fixture(params=["database", "redis"])
def store(request):
    if request.param == "database":
        yield {"storage": ""}
        return
    yield {"storage": REDIS_URL, "redis_key_prefix": request.getfixturevalue("redis_prefix")}


@pytest.fixture
def settings(settings, store):
    plan = {"per_minute": 40, "per_hour": 1000, "per_day": 10000}
    return {**settings, "plans": {"free": plan}, "limits": {"enabled": True, **store}}


def fire(app, key, count):
    """`count` GET /v1/health from THREADS threads at once; their statuses, sorted."""
    headers = {"Authorization": f"Bearer {key}"}

    def one(_):
        return app.test_client().get("/v1/health", headers=headers).status_code

    with concurrent.futures.ThreadPoolExecutor(THREADS) as pool:
        return sorted(pool.map(one, range(count)))


def test_requests_of_many_threads_are_each_counted_once(app, make_key, clock_at, store):
    clock_at(int(time.time() * 1000) // 60_000 * 60_000 + 1000)  # well inside one minute
    if store["storage"]:
        # Redis has lost the counting script (restarted, flushed): the batches load it again.
        redis.Redis.from_url(REDIS_URL).script_flush()
    key = make_key()
    statuses = fire(app, key, 100)
    assert statuses.count(200) == 40 and statuses.count(429) == 60
    one_more = app.test_client().get("/v1/usage", headers={"Authorization": f"Bearer {key}"})
    assert one_more.status_code == 429  # the minute is spent: not one more counted


@pytest.mark.parametrize("store", ["redis"], indirect=True)
def test_a_redis_call_that_fails_answers_every_request_waiting_on_it(app, make_key, monkeypatch):
    key = make_key()
    calls = []

    def unreachable(*args, **kwargs):
        calls.append(args)
        time.sleep(0.05)  # long enough for the other threads to queue behind it
        raise RedisConnectionError("Connection refused")

    # Where redis-py would send: one script call alone, one pipeline for several.
    with monkeypatch.context() as patched:
        patched.setattr(Script, "__call__", unreachable)
        patched.setattr(Pipeline, "execute", unreachable)
        assert fire(app, key, THREADS) == [503] * THREADS
    assert len(calls) < THREADS  # some waited for another's call rather than calling


def test_a_writer_stopped_mid_write_leaves_no_request_reading_as_refused():
    """A thread stopped while writing others' items too (a BaseException: its worker is
    exiting) answers 503 to the requests it held rather than leaving them without a
    result, which would read as a full window."""
    started, release = threading.Event(), threading.Event()
    batches = []

    def write(items):
        batches.append(list(items))
        if len(batches) == 1:
            started.set()
            release.wait(5)  # the others queue meanwhile: the next batch is theirs
            return [f"counted {item}" for item in items]
        raise SystemExit

    together = Together(write)
    outcomes = {}

    def one(item):
        try:
            outcomes[item] = together(item)
        except SystemExit:
            outcomes[item] = "stopped"
        except Unavailable:
            outcomes[item] = "503"

    first = threading.Thread(target=one, args=(0,))
    first.start()
    started.wait(5)
    others = [threading.Thread(target=one, args=(item,)) for item in range(1, 6)]
    for thread in others:
        thread.start()
    time.sleep(0.1)
    release.set()
    for thread in [first, *others]:
        thread.join(5)
    assert outcomes[0] == "counted 0" and len(batches[1]) == 5, batches
    assert sorted(outcomes.values()) == ["503"] * 4 + ["counted 0", "stopped"]
