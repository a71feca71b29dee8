"""SQLite: another process holding the write lock for seconds does not stall reads."""

import sqlite3
import time

import pytest
import requests

from postline import db

# Times reads to the millisecond: one at a time (tests/conftest.py).
pytestmark = pytest.mark.quiet


@pytest.fixture
def sqlite_file(app, database_url):
    if not database_url.startswith("sqlite"):
        pytest.skip("SQLite's one write lock; PostgreSQL locks rows")
    return db.database.obj.database


def test_a_read_answers_within_100_ms_while_another_process_holds_the_write_lock(
    sqlite_file, gunicorn, make_key
):
    url = gunicorn(workers=1, POSTLINE_LIMITS_ENABLED="true", POSTLINE_PLANS_FREE_PER_MINUTE="1000")
    seen, new = make_key(), make_key(name="never used")
    requests.get(
        f"{url}/v1/health", headers={"Authorization": f"Bearer {seen}"}, timeout=30
    ).raise_for_status()

    foreign = sqlite3.connect(sqlite_file, isolation_level=None)
    foreign.execute("BEGIN IMMEDIATE")
    foreign.execute("UPDATE account SET plan = plan")
    try:
        timings = {}
        for name, key in (("a key in use", seen), ("a key's first use", new)):
            started = time.monotonic()
            answer = requests.get(f"{url}/v1/health", headers={"Authorization": f"Bearer {key}"}, timeout=30)
            timings[name] = (time.monotonic() - started) * 1000
            assert answer.status_code == 200, answer.text
            assert answer.headers["X-RateLimit-Remaining"]  # counted, in the counters' own file
    finally:
        foreign.execute("ROLLBACK")
        foreign.close()
    assert max(timings.values()) < 100, timings
    print(
        "\nGET /v1/health during a foreign write lock: "
        + ", ".join(f"{k} {v:.0f} ms" for k, v in timings.items())
    )
