"""GET /v1/health and the worker heartbeat (docs/api.md, Usage and health)."""

import time

import psycopg2
import pytest

from models import WorkerHeartbeat
from postline import VERSION, db
from postline.jobs import heartbeat, maintenance
from tests.conftest import BACKENDS

# Heartbeats written and read while other jobs hold locks: each backend.
pytestmark = pytest.mark.storage

POSTGRESQL = BACKENDS[1]  # skipped, saying so, when TEST_DATABASE_URL is not set


def test_health_reports_key_database_and_missing_worker(api, clock_at):
    now = clock_at(1_800_000_000_000)
    body = api.get("/v1/health").get_json()["data"]
    key = body.pop("key")
    assert body == {
        "status": "degraded",
        "version": VERSION,
        "time": now,
        "database": "ok",
        "worker": {"lastSeenAt": None, "lagMs": None},
    }
    assert key["id"].startswith("key_") and key["mode"] == "live" and key["name"] == "test key"
    assert "secret_hash" not in key and "prefix" not in key


def test_fresh_heartbeat_is_ok_and_stale_one_is_degraded(api, clock_at):
    start = clock_at(1_800_000_000_000)
    heartbeat.write(heartbeat.WorkerIdentity())
    clock_at(start + 10_000)
    body = api.get("/v1/health").get_json()["data"]
    assert body["status"] == "ok"
    assert body["worker"] == {"lastSeenAt": start, "lagMs": 10_000}
    clock_at(start + 10_001)
    assert api.get("/v1/health").get_json()["data"]["status"] == "degraded"


def test_any_valid_key_may_ask(api, make_key):
    assert api.as_key(make_key(permissions=[])).get("/v1/health").status_code == 200


def test_a_running_worker_process_makes_health_ok(api, worker_process):
    worker = worker_process()
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        body = api.get("/v1/health").get_json()["data"]
        if body["status"] == "ok":
            break
        time.sleep(0.2)
    assert body["status"] == "ok", worker.output()
    assert 0 <= body["worker"]["lagMs"] < 5000
    first_seen = body["worker"]["lastSeenAt"]
    time.sleep(1.5)
    assert api.get("/v1/health").get_json()["data"]["worker"]["lastSeenAt"] > first_seen
    assert worker.stop() == 0, worker.output()


def test_purge_removes_heartbeats_gone_for_a_day(app, clock_at):
    start = clock_at(1_800_000_000_000)
    heartbeat.write(heartbeat.WorkerIdentity(token="old"))
    clock_at(start + 86_400_001)
    heartbeat.write(heartbeat.WorkerIdentity(token="new"))
    maintenance.purge_expired_rows(app.config["POSTLINE"])
    assert [h.worker_id.rsplit(":", 1)[1] for h in WorkerHeartbeat.select()] == ["new"]


# The tables the worker's shared jobs read first: claiming posts and deliveries, the
# token refresh, the purge; the tally fold waits on its advisory lock.
STALLED_TABLES = "post, webhook_delivery, connection, idempotency_key"


@pytest.mark.quiet
@pytest.mark.parametrize("database_url", [POSTGRESQL], indirect=True)
def test_a_worker_whose_jobs_wait_on_locks_still_beats(app, client, worker_process, database_url):
    """Every periodic job but the heartbeat stalls on a lock held elsewhere (a long
    request, a migration): the heartbeat, on a thread of its own, still comes every
    second, so health does not call the living worker stale."""
    app.config["POSTLINE"]["worker"]["heartbeat_timeout"] = 3
    blocker = psycopg2.connect(database_url)
    blocker.cursor().execute(f"LOCK TABLE {STALLED_TABLES} IN ACCESS EXCLUSIVE MODE")
    blocker.cursor().execute("SELECT pg_advisory_xact_lock(%s)", (db.POST_TALLY_LOCK_ID,))
    try:
        worker = worker_process(POSTLINE_WORKER_POLL_INTERVAL="0.2")
        deadline = time.monotonic() + 30
        while client.get("/healthz?worker=required").status_code != 200:
            assert time.monotonic() < deadline, f"no heartbeat within 30 s\n{worker.output()}"
            time.sleep(0.2)
        answers = []
        stalled_until = time.monotonic() + 8
        while time.monotonic() < stalled_until:
            answers.append(client.get("/healthz?worker=required").get_json()["checks"]["worker"])
            time.sleep(0.5)
        waiting = blocker.cursor()
        waiting.execute(
            "SELECT count(*) FROM pg_stat_activity "
            "WHERE datname = current_database() AND wait_event_type = 'Lock'"
        )
        stalled_jobs = waiting.fetchone()[0]
    finally:
        blocker.rollback()
        blocker.close()
    assert stalled_jobs >= 4, "the drill did not stall the worker's shared threads"
    assert set(answers) == {"ok"}, f"{answers}\n{worker.output()}"
    assert worker.process.poll() is None, worker.output()
    print(
        f"\nheartbeat under stalled jobs: {stalled_jobs} jobs waiting on locks, "
        f"/healthz ok {len(answers)} times in 8 s"
    )
