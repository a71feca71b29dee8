"""Connecting Threads (Meta) through the public API and the fake Threads
(docs/platforms/threads.md): the OAuth run with the Threads app's own id, the long-lived
token, its renewal a week before it lapses, refusals, verification and removal."""

from urllib.parse import urlsplit

import pytest
import requests

from devtools.connecting import authorize
from devtools.fakes.threads import CLIENT_ID, USER, FakeThreads
from models import Connection
from postline.connections import tokens
from tests.connections.conftest import create_post, events_of, post_of, query_of, run_worker
from tests.support import fakes
from tests.support.client import assert_error

# Token refreshes and claims on each backend.
pytestmark = pytest.mark.storage

T = 1_800_000_000_000
DAY_MS = 86_400_000
LONG_LIVED_MS = 5_183_944_000


@pytest.fixture
def fake_threads():
    fake = fakes.on_steady_port(FakeThreads)
    yield fake
    fakes.close(fake)


@pytest.fixture
def settings(settings, fake_threads):
    settings["threads"] = fake_threads.settings()
    return settings


def connect(api, **params):
    answer = api.client.get(authorize(api, "threads", **params))
    assert answer.status_code in (200, 302), answer.get_data(as_text=True)
    [connection] = [c for c in api.get("/v1/connections").get_json()["data"] if c["provider"] == "threads"]
    return connection


def test_the_run_asks_with_the_threads_app_and_keeps_a_long_lived_token(api, fake_threads, clock_at):
    clock_at(T)
    channel_id = api.post("/v1/channels", json={"name": "Threads"}).get_json()["data"]["id"]
    started = api.get("/v1/connections/threads/auth", query_string={"channelId": channel_id}).get_json()[
        "data"
    ]
    assert started["url"].startswith(f"{fake_threads.url}/oauth/authorize?")
    query = query_of(started["url"])
    assert query["client_id"] == CLIENT_ID and query["response_type"] == "code"
    assert query["scope"] == "threads_basic,threads_content_publish,threads_manage_replies"
    assert query["redirect_uri"] == "http://127.0.0.1:8000/v1/connections/threads/callback"
    assert "code_challenge" not in query
    connection = connect(api, channelId=channel_id)
    assert connection["platform"] == "threads" and connection["accountId"] == USER["id"]
    assert connection["username"] == USER["username"] and connection["displayName"] == USER["name"]
    assert connection["avatarUrl"] == USER["threads_profile_picture_url"]
    assert connection["tokenExpiresAt"] == T + LONG_LIVED_MS and connection["channelIds"] == [channel_id]
    assert connection["scopes"] == ["threads_basic", "threads_content_publish", "threads_manage_replies"]
    # The code's exchange, then the long-lived token's; the short-lived one is not kept.
    assert fake_threads.requests["POST /oauth/access_token"] == 1
    assert fake_threads.requests["GET /access_token"] == 1
    row = Connection.get_by_id(connection["id"])
    [long_lived] = [token for token, grant in fake_threads.access_tokens.items() if grant["kind"] == "long"]
    assert tokens.decrypt(row.access_token) == tokens.decrypt(row.refresh_token) == long_lived
    assert long_lived not in api.get("/v1/connections").get_data(as_text=True)
    assert connect(api)["id"] == connection["id"]  # connecting again keeps the id


def test_a_declined_or_refused_run_creates_nothing(api, fake_threads):
    fake_threads.deny = True
    url = api.get("/v1/connections/threads/auth").get_json()["data"]["url"]
    location = urlsplit(requests.get(url, allow_redirects=False, timeout=5).headers["Location"])
    declined = api.client.get(f"{location.path}?{location.query}")
    assert declined.status_code == 400 and "Permissions error" in declined.get_data(as_text=True)
    fake_threads.deny = False
    callback = authorize(api, "threads")
    fake_threads.codes.clear()  # the code expired, or was used
    refused = api.client.get(callback)
    assert refused.status_code == 400 and "Invalid verification code" in refused.get_data(as_text=True)
    assert api.get("/v1/connections").get_json()["data"] == []


def test_the_worker_renews_a_token_a_week_before_it_lapses(api, fake_threads, clock_at):
    clock_at(T)
    connection = connect(api)
    fake_threads.age_tokens(53 * 86_400)  # Threads renews only tokens a day old
    before = tokens.decrypt(Connection.get_by_id(connection["id"]).access_token)
    clock_at(T + LONG_LIVED_MS - 7 * DAY_MS - 1)
    assert tokens.refresh_expiring() == 0
    clock_at(T + LONG_LIVED_MS - 7 * DAY_MS)
    assert tokens.refresh_expiring() == 1
    row = Connection.get_by_id(connection["id"])
    after = tokens.decrypt(row.access_token)
    assert after != before and tokens.decrypt(row.refresh_token) == after
    assert row.token_expires_at == T + LONG_LIVED_MS - 7 * DAY_MS + LONG_LIVED_MS
    assert fake_threads.requests["GET /refresh_access_token"] == 1
    assert api.get(f"/v1/connections/{connection['id']}").get_json()["data"]["status"] == "active"


def test_a_young_token_is_not_renewed_and_the_connection_stays(api, fake_threads, clock_at):
    clock_at(T)
    connection = connect(api)
    refreshed = api.post(f"/v1/connections/{connection['id']}/refresh")
    assert_error(refreshed, 503, "PLATFORM_UNAVAILABLE")
    after = api.get(f"/v1/connections/{connection['id']}").get_json()["data"]
    assert after["status"] == "active" and after["lastError"]["code"] == "REFRESH_FAILED"


def test_a_token_threads_refuses_expires_the_connection_and_blocks_its_posts(api, fake_threads, clock_at):
    clock_at(T)
    channel_id = api.post("/v1/channels", json={"name": "Threads"}).get_json()["data"]["id"]
    connection = connect(api, channelId=channel_id)
    fake_threads.invalidate_tokens()  # the user removed the app at Threads
    post_id = create_post(api, channel_id, "Anyone there?")
    assert run_worker() == {post_id: "blocked"}
    assert post_of(api, post_id)["lastError"]["code"] == "CONNECTION_EXPIRED"
    after = api.get(f"/v1/connections/{connection['id']}").get_json()["data"]
    assert after["status"] == "expired" and after["lastError"]["code"] == "TOKEN_REFUSED"
    [event] = events_of("connection.expired")
    assert event["provider"] == "threads" and event["reason"]["message"].startswith("threads: ")
    assert fake_threads.posts == []


def test_verify_reads_the_profile_and_delete_forgets_the_token(api, fake_threads, clock_at):
    clock_at(T)
    connection = connect(api)
    verified = api.post(f"/v1/connections/{connection['id']}/verify").get_json()["data"]
    assert verified["status"] == "active" and verified["lastVerifiedAt"] == T
    assert fake_threads.requests["GET /v1.0/me"] == 2  # at the callback, and now
    assert api.delete(f"/v1/connections/{connection['id']}").status_code == 200
    assert api.get(f"/v1/connections/{connection['id']}").status_code == 404
    # Threads has no revocation endpoint: nothing was asked of it.
    assert [key for key in fake_threads.requests if "revoke" in key] == []
