"""On SQLite, a process's concurrent requests of one key are counted together, in one
transaction, by whichever thread takes the counters' write lock next
(postline/limits/sql_store.py, `_Together`): each still counted exactly once, and a
write that fails answers every request waiting on it."""

import concurrent.futures
import time

import pytest
from peewee import OperationalError

from postline.limits import sql_store

THREADS = 16


@pytest.fixture
def settings(settings):
    plan = {"per_minute": 40, "per_hour": 1000, "per_day": 10000}
    return {**settings, "plans": {"free": plan}, "limits": {"enabled": True, "storage": ""}}


def fire(app, key, count):
    """`count` GET /v1/health from THREADS threads at once; their statuses, sorted."""
    headers = {"Authorization": f"Bearer {key}"}

    def one(_):
        return app.test_client().get("/v1/health", headers=headers).status_code

    with concurrent.futures.ThreadPoolExecutor(THREADS) as pool:
        return sorted(pool.map(one, range(count)))


def test_requests_of_many_threads_are_each_counted_once(app, make_key, clock_at):
    clock_at(int(time.time() * 1000) // 60_000 * 60_000 + 1000)  # well inside one minute
    key = make_key()
    statuses = fire(app, key, 100)
    assert statuses.count(200) == 40 and statuses.count(429) == 60
    remaining = app.test_client().get("/v1/usage", headers={"Authorization": f"Bearer {key}"})
    assert remaining.status_code == 429  # the minute is spent: not one more counted


def test_a_write_that_fails_answers_every_request_waiting_on_it(app, make_key, monkeypatch):
    key = make_key()
    writes = []

    def locked(*admission):
        writes.append(admission)
        time.sleep(0.05)  # long enough for the other threads to queue behind it
        raise OperationalError("database is locked")

    monkeypatch.setattr(sql_store, "_admit", locked)
    started = time.monotonic()
    statuses = fire(app, key, THREADS)
    assert statuses == [503] * THREADS
    assert len(writes) < THREADS  # some waited for another's write rather than writing
    assert time.monotonic() - started < 10
