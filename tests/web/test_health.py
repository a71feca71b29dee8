"""GET /v1/health and the worker heartbeat (docs/api.md, Usage and health)."""

import time

from models import WorkerHeartbeat
from postline import VERSION
from postline.jobs import heartbeat, maintenance


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
