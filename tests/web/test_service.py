"""The service's own pages: `/` points to the docs, `/healthz` tells load balancers
whether the database and the worker are alive, without a key."""

import pytest

from app import create_app
from postline.jobs import heartbeat


def test_the_root_points_to_the_docs(client):
    response = client.get("/")
    assert response.status_code == 200
    assert response.get_json()["docs"] == "/docs" and response.get_json()["openapi"] == "/openapi.json"


@pytest.mark.storage
def test_healthz_needs_no_key_and_follows_the_worker(client, clock_at):
    clock_at(1_800_000_000_000)
    response = client.get("/healthz")
    assert response.status_code == 503
    assert response.get_json() == {"status": "unavailable", "checks": {"database": "ok", "worker": "stale"}}
    heartbeat.write(heartbeat.WorkerIdentity())
    assert client.get("/healthz").status_code == 503  # answered from a reading a moment old
    clock_at(1_800_000_000_000 + 1_000)
    response = client.get("/healthz")
    assert response.status_code == 200
    assert response.get_json() == {"status": "ok", "checks": {"database": "ok", "worker": "ok"}}
    assert "X-RateLimit-Limit" not in response.headers
    clock_at(1_800_000_000_000 + 11_001)
    assert client.get("/healthz").status_code == 503


def test_healthz_is_503_when_the_database_is_gone(settings):
    # Nothing listens on port 1: every query fails to connect.
    settings["database"] = {"url": "postgresql://postgres@127.0.0.1:1/none", "auto_migrate": False}
    client = create_app(settings).test_client()
    response = client.get("/healthz")
    assert response.status_code == 503
    assert response.get_json() == {
        "status": "unavailable",
        "checks": {"database": "unreachable", "worker": "unknown"},
    }
