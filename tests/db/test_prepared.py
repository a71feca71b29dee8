"""PostgreSQL keeps the key lookup, the rate-limit count and listings' pages and totals
as prepared statements on each connection (postline/db/prepared.py), at most
MOST_PER_CONNECTION of them, and a connection that loses its statements,
as behind a pooler in transaction mode, still answers: the process runs plain SQL from
then on."""

import logging

import pytest

from postline import db
from postline.db import prepared
from tests.conftest import BACKENDS

POSTGRESQL = BACKENDS[1]  # skipped, saying so, when TEST_DATABASE_URL is not set
pytestmark = pytest.mark.parametrize("database_url", [POSTGRESQL], indirect=True)


@pytest.fixture
def settings(settings):
    """Rate limits on, counted in the database (the default store)."""
    return {**settings, "limits": {**settings["limits"], "enabled": True, "storage": ""}}


@pytest.fixture(autouse=True)
def preparing_again():
    """Each test starts in a process that has not met a pooler."""
    prepared._pooled.clear()
    yield
    prepared._pooled.clear()


def statements():
    """The names of this connection's prepared statements (the test client's requests
    run on this thread, so on this connection)."""
    return {name for (name,) in db.database.execute_sql("SELECT name FROM pg_prepared_statements")}


def test_the_key_lookup_and_count_are_prepared_once_per_connection_and_answer_as_before(api):
    first = api.get("/v1/health")
    assert first.status_code == 200
    ours = {name for name in statements() if name.startswith("postline_")}
    assert len(ours) == 2, ours
    remaining = [int(api.get("/v1/health").headers["X-RateLimit-Remaining"]) for _ in range(3)]
    start = int(first.headers["X-RateLimit-Remaining"])
    assert remaining == [start - 1, start - 2, start - 3]
    assert {name for name in statements() if name.startswith("postline_")} == ours
    unknown = api.get("/v1/health", headers={"Authorization": "Bearer service_sk_live_abcdefgh_" + "x" * 40})
    assert unknown.status_code == 401


def test_a_connection_that_lost_its_statements_answers_and_preparing_stops(api, caplog):
    assert api.get("/v1/health").status_code == 200
    db.database.execute_sql("DEALLOCATE ALL")  # what a pooler handing us another server connection looks like
    with caplog.at_level(logging.WARNING, logger="postline.db.prepared"):
        assert api.get("/v1/health").status_code == 200
        assert api.get("/v1/health").status_code == 200
    assert len([record for record in caplog.records if "pooler" in record.getMessage()]) == 1
    assert not {name for name in statements() if name.startswith("postline_")}


def test_a_statement_the_server_already_has_under_our_name_stops_preparing(api, caplog):
    api.get("/v1/health")
    name = next(name for name in statements() if name.startswith("postline_"))
    # Another process on the same server connection prepared it; this one has no record of it.
    prepared._prepared_on.pop(db.database.connection())
    with caplog.at_level(logging.WARNING, logger="postline.db.prepared"):
        assert api.get("/v1/health").status_code == 200
    assert any("pooler" in record.getMessage() for record in caplog.records)
    assert name in statements()
    assert prepared._pooled.is_set()


def ours():
    return {name for name in statements() if name.startswith("postline_")}


def test_a_connection_keeps_the_statements_it_ran_last_and_deallocates_the_others(api, monkeypatch, make_key):
    tester = api.as_key(make_key(mode="test"))
    channel = tester.post("/v1/channels", json={"name": "Prepared"}).get_json()["data"]["id"]
    for content in ("one", "two", "three"):
        assert tester.post("/v1/posts", json={"channelId": channel, "content": content}).status_code == 201
    monkeypatch.setattr(prepared, "MOST_PER_CONNECTION", 4)
    db.database.execute_sql("DEALLOCATE ALL")
    prepared._prepared_on.pop(db.database.connection(), None)
    # Each query string a shape of filters and sort of its own: a page (and a total) each.
    shapes = [
        "?sort=createdAt",
        "?filter[channelId]=" + channel,
        "?filter[status][in]=queued,done",
        "?sort=-createdAt",
    ]
    for query in shapes * 2:
        listed = tester.get("/v1/posts" + query)
        assert listed.status_code == 200, listed.get_json()
        assert {post["content"] for post in listed.get_json()["data"]} == {"one", "two", "three"}
        assert len(ours()) <= 4
    kept = ours()
    assert tester.get("/v1/posts" + shapes[-1]).status_code == 200
    assert ours() == kept  # run last, so kept: nothing prepared anew
    assert tester.get("/v1/posts" + shapes[0]).status_code == 200
    assert ours() != kept and len(ours()) <= 4  # deallocated since, so prepared again
    assert not prepared._pooled.is_set()
