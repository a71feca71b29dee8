"""The service's own pages: `/` points to the docs, `/healthz` tells load balancers
whether this server can answer (and alerts whether a worker is alive), without a key."""

import pytest

from app import create_app
from postline.jobs import heartbeat


def test_the_root_points_to_the_docs(client):
    response = client.get("/")
    assert response.status_code == 200
    assert response.get_json()["docs"] == "/docs" and response.get_json()["openapi"] == "/openapi.json"


@pytest.mark.storage
def test_healthz_is_this_servers_health_and_says_how_the_worker_stands(client, clock_at):
    """A server whose database answers is up (200) with or without a worker: a load
    balancer keeps it, and posts are taken; the worker's state is in the body, and
    `?worker=required` (for alerts) makes a stale worker a 503."""
    clock_at(1_800_000_000_000)
    response = client.get("/healthz")
    assert response.status_code == 200
    assert response.get_json() == {"status": "degraded", "checks": {"database": "ok", "worker": "stale"}}
    assert "X-RateLimit-Limit" not in response.headers
    required = client.get("/healthz?worker=required")
    assert required.status_code == 503
    assert required.get_json() == {"status": "unavailable", "checks": {"database": "ok", "worker": "stale"}}
    heartbeat.write(heartbeat.WorkerIdentity())
    assert client.get("/healthz?worker=required").status_code == 503  # answered from a reading a moment old
    clock_at(1_800_000_000_000 + 1_000)
    for path in ("/healthz", "/healthz?worker=required"):
        response = client.get(path)
        assert response.status_code == 200, path
        assert response.get_json() == {"status": "ok", "checks": {"database": "ok", "worker": "ok"}}
    clock_at(1_800_000_000_000 + 11_001)
    assert client.get("/healthz?worker=required").status_code == 503
    assert client.get("/healthz").get_json()["status"] == "degraded"


def test_healthz_refuses_a_check_it_does_not_know(client):
    response = client.get("/healthz?worker=requierd")
    assert response.status_code == 400
    assert response.get_json()["error"]["details"] == [
        {"field": "worker", "message": "Must be one of: required."}
    ]
    assert client.get("/healthz?workers=required").status_code == 400


def test_healthz_is_503_when_the_database_is_gone(settings):
    # Nothing listens on port 1: every query fails to connect.
    settings["database"] = {"url": "postgresql://postgres@127.0.0.1:1/none", "auto_migrate": False}
    client = create_app(settings).test_client()
    for path in ("/healthz", "/healthz?worker=required"):
        response = client.get(path)
        assert response.status_code == 503, path
        assert response.get_json() == {
            "status": "unavailable",
            "checks": {"database": "unreachable", "worker": "unknown"},
        }
