"""SQLite's rate-limit counters, in a file beside the database that every process on
the host maps (postline/limits/shared_store.py): shared by gunicorn's workers, kept
across a restart, and a table whose entries are used again once their windows empty.
The rules of the windows themselves are test_ratelimit.py's, on every store."""

import os
import stat

import pytest
import requests

from devtools.servers import ServerProcess
from postline.limits import shared_store
from postline.limits.sliding_window import DAY, MINUTE, Bucket, Limit
from tests.limits.test_ratelimit import T0, away_from_a_minute_boundary

DAY_MS = DAY.ms


@pytest.fixture
def counters(tmp_path):
    """`counters(capacity)`: a store beside a database file of its own, its table that
    many entries (fewer than PROBES, so a full table is reached at once)."""

    def beside(capacity):
        database = tmp_path / "postline.db"
        database.touch(mode=0o640)
        os.chmod(database, 0o640)
        with pytest.MonkeyPatch.context() as patch:
            patch.setattr(shared_store, "CAPACITY", capacity)
            store = shared_store.SharedCounters(str(database))
            store.peek([], T0)  # opens the table at this capacity
        return store

    return beside


def used(store, bucket, now_ms):
    return [status.used for status in store.peek([bucket], now_ms)]


def test_gunicorn_workers_share_the_counts_and_a_restart_keeps_them(app, make_key, server_env, settings):
    env = {
        **server_env,
        "POSTLINE_PLANS_FREE_PER_MINUTE": "5",
        "POSTLINE_LIMITS_ENABLED": "true",
        "POSTLINE_LIMITS_STORAGE": "",
    }
    headers = {"Authorization": f"Bearer {make_key()}"}
    away_from_a_minute_boundary()
    first = ServerProcess.gunicorn(env, workers=2)
    try:
        answers = [requests.get(f"{first.url}/v1/health", headers=headers, timeout=30) for _ in range(3)]
        remaining = [answer.headers["X-RateLimit-Remaining"] for answer in answers]
    finally:
        first.stop()
    second = ServerProcess.gunicorn(env, workers=2)
    try:
        answers = [requests.get(f"{second.url}/v1/health", headers=headers, timeout=30) for _ in range(3)]
    finally:
        second.stop()
    assert remaining == ["4", "3", "2"]
    assert [a.status_code for a in answers] == [200, 200, 429]
    assert [a.headers["X-RateLimit-Remaining"] for a in answers] == ["1", "0", "0"]
    database = settings["database"]["url"].removeprefix("sqlite:///")
    beside = shared_store.file_beside(database)
    assert stat.S_IMODE(os.stat(beside).st_mode) == stat.S_IMODE(os.stat(database).st_mode)


def test_an_entry_whose_windows_emptied_is_used_again(counters):
    store = counters(capacity=4)
    olds = [Bucket(f"key_{n}", (Limit(MINUTE, 10), Limit(DAY, 100))) for n in range(4)]
    for bucket in olds:
        assert store.acquire([bucket], T0)[0]
    later = T0 + 2 * DAY_MS
    new = Bucket("key_new", (Limit(MINUTE, 10),))
    assert store.acquire([new], later)[0]
    assert used(store, new, later) == [1]
    assert [used(store, bucket, later) for bucket in olds] == [[0, 0]] * 4


def test_a_full_table_evicts_the_entry_that_expires_first(counters):
    store = counters(capacity=2)
    short = Bucket("short", (Limit(MINUTE, 10),))  # its windows empty two minutes on
    long = Bucket("long", (Limit(DAY, 10),))
    store.acquire([short], T0)
    store.acquire([long], T0)
    newcomer = Bucket("newcomer", (Limit(MINUTE, 10),))
    assert store.acquire([newcomer], T0 + 1000)[0]
    assert used(store, newcomer, T0 + 1000) == [1]
    assert used(store, long, T0 + 1000) == [1]
    assert used(store, short, T0 + 1000) == [0]


def test_two_new_buckets_of_one_request_get_entries_of_their_own(counters):
    store = counters(capacity=2)
    # Two names whose probing starts at the same entry: both would be shown it as free.
    starting_at_0 = [
        name for name in (f"key_{n}" for n in range(1000)) if shared_store.name_digest(name)[1] % 2 == 0
    ]
    first, second = (Bucket(name, (Limit(MINUTE, 10),)) for name in starting_at_0[:2])
    assert store.acquire([first, second], T0)[0]
    assert used(store, first, T0) == [1] and used(store, second, T0) == [1]


def test_a_refusal_by_one_bucket_counts_in_none(counters):
    store = counters(capacity=16)
    key = Bucket("key", (Limit(MINUTE, 10),))
    endpoint = Bucket("key POST /v1/posts", (Limit(MINUTE, 1),), "POST /v1/posts")
    assert store.acquire([key, endpoint], T0)[0]
    admitted, statuses = store.acquire([key, endpoint], T0)
    assert not admitted
    assert [status.used for status in statuses] == [1, 1]


def test_a_file_of_another_shape_is_started_over(counters, tmp_path):
    beside = shared_store.file_beside(str(tmp_path / "postline.db"))
    beside.write_bytes(b"not a table of counters")
    store = counters(capacity=8)
    bucket = Bucket("key", (Limit(MINUTE, 10),))
    assert store.acquire([bucket], T0)[0]
    assert used(store, bucket, T0) == [1]
    assert beside.read_bytes().startswith(shared_store.MAGIC)
