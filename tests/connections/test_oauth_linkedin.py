"""Connecting LinkedIn through the public API and the fake LinkedIn (docs/platforms/linkedin.md):
OAuth without PKCE, the member from /v2/userinfo, and tokens: a partner app's refresh
token, and otherwise an access token that lapses into `expired`."""

import pytest

from devtools.connecting import authorize
from devtools.fakes.linkedin import MEMBER
from models import Connection
from postline.connections import tokens
from tests.connections.conftest import RETURN_ORIGIN, connect, events_of, query_of, run_worker
from tests.support.client import assert_error

T = 1_800_000_000_000
SIXTY_DAYS_MS = 5_184_000_000


def channel(api, name="Company news"):
    return api.post("/v1/channels", json={"name": name}).get_json()["data"]["id"]


def test_the_auth_url_asks_for_the_scopes_without_pkce(api, fake_linkedin):
    answer = api.get("/v1/connections/linkedin/auth").get_json()["data"]
    assert answer["url"].startswith(f"{fake_linkedin.url}/oauth/v2/authorization?")
    query = query_of(answer["url"])
    assert query == {
        "response_type": "code",
        "client_id": fake_linkedin.client_id,
        "redirect_uri": "http://127.0.0.1:8000/v1/connections/linkedin/callback",
        "scope": "openid profile w_member_social",
        "state": answer["state"],
    }


@pytest.mark.storage
def test_connecting_linkedin_creates_a_connection_for_the_member(api, fake_linkedin, clock_at):
    clock_at(T)
    channel_id = channel(api)
    answer = api.client.get(authorize(api, "linkedin", channelId=channel_id))
    assert answer.status_code == 200
    assert "Postline Fake on LinkedIn is now connected to Postline account «acme»" in answer.get_data(
        as_text=True
    )
    [connection] = api.get("/v1/connections").get_json()["data"]
    assert connection == {
        "id": connection["id"],
        "provider": "linkedin",
        "platform": "linkedin",
        "accountId": MEMBER["sub"],
        "username": None,
        "displayName": "Postline Fake",
        "avatarUrl": MEMBER["picture"],
        "status": "active",
        "scopes": ["openid", "profile", "w_member_social"],
        "tokenExpiresAt": T + SIXTY_DAYS_MS,
        "channelIds": [channel_id],
        "lastVerifiedAt": T,
        "lastError": None,
        "createdAt": T,
        "updatedAt": T,
        "simulated": False,
    }
    row = Connection.get_by_id(connection["id"])
    [access_token] = fake_linkedin.access_tokens
    assert row.refresh_token is None and access_token not in row.access_token
    assert api.post(f"/v1/connections/{connection['id']}/verify").get_json()["data"]["status"] == "active"


def test_a_member_who_cancels_is_sent_back_denied(api, fake_linkedin):
    fake_linkedin.deny = True
    callback = authorize(api, "linkedin", returnTo=f"{RETURN_ORIGIN}/done")
    answer = api.client.get(callback)
    assert answer.headers["Location"] == f"{RETURN_ORIGIN}/done?status=error&code=denied"
    assert Connection.select().count() == 0


def test_without_a_refresh_token_a_refresh_is_refused(api):
    connection = connect(api, "linkedin")
    error = assert_error(
        api.post(f"/v1/connections/{connection['id']}/refresh"), 400, "REFRESH_NOT_SUPPORTED"
    )
    assert error["details"] == [
        {"field": "id", "message": "this connection has no refresh token: connect it again"}
    ]


@pytest.mark.storage
def test_a_lapsed_token_expires_the_connection_and_blocks_its_posts(api, fake_linkedin, clock_at):
    clock_at(T)
    webhook = api.post(
        "/v1/webhooks", json={"url": "https://hooks.example.com/postline", "events": ["connection.expired"]}
    )
    channel_id = channel(api)
    connection = connect(api, "linkedin", channelId=channel_id)
    clock_at(T + SIXTY_DAYS_MS - 1)
    assert tokens.expire_lapsed() == 0
    post_id = api.post("/v1/posts", json={"channelId": channel_id, "content": "Still in time"}).get_json()[
        "data"
    ]["id"]
    assert run_worker() == {post_id: "done"}
    clock_at(T + SIXTY_DAYS_MS)
    assert tokens.expire_lapsed() == 1
    assert tokens.expire_lapsed() == 0
    after = api.get(f"/v1/connections/{connection['id']}").get_json()["data"]
    assert after["status"] == "expired"
    assert after["lastError"] == {
        "code": "TOKEN_EXPIRED",
        "message": "The linkedin access token expired; connect the account again.",
    }
    assert events_of("connection.expired") == [
        {
            "connection_id": connection["id"],
            "provider": "linkedin",
            "platform": "linkedin",
            "status": "expired",
            "reason": after["lastError"],
        }
    ]
    deliveries = api.get(f"/v1/webhooks/{webhook.get_json()['data']['id']}/deliveries").get_json()["data"]
    assert [d["event"] for d in deliveries] == ["connection.expired"]
    late = api.post("/v1/posts", json={"channelId": channel_id, "content": "Too late"}).get_json()["data"][
        "id"
    ]
    assert run_worker() == {late: "blocked"}
    post = api.get(f"/v1/posts/{late}").get_json()["data"]
    assert post["lastError"]["code"] == "CONNECTION_EXPIRED" and post["nextAttemptAt"] is None
    assert len(fake_linkedin.posts) == 1


@pytest.mark.storage
def test_publishing_past_the_tokens_end_expires_the_connection_at_once(api, fake_linkedin, clock_at):
    clock_at(T)
    channel_id = channel(api)
    connect(api, "linkedin", channelId=channel_id)
    post_id = api.post(
        "/v1/posts", json={"channelId": channel_id, "content": "Late", "scheduledFor": T + SIXTY_DAYS_MS}
    ).get_json()["data"]["id"]
    clock_at(T + SIXTY_DAYS_MS)
    assert run_worker() == {post_id: "blocked"}  # before the expiry job ran
    assert api.get(f"/v1/posts/{post_id}").get_json()["data"]["lastError"]["code"] == "CONNECTION_EXPIRED"
    [expired] = events_of("connection.expired")
    assert expired["reason"]["code"] == "TOKEN_EXPIRED"
    assert fake_linkedin.requests["POST /rest/posts"] == 0


@pytest.mark.storage
def test_a_revoked_token_without_a_refresh_token_expires_the_connection(api, fake_linkedin, clock_at):
    clock_at(T)
    channel_id = channel(api)
    connection = connect(api, "linkedin", channelId=channel_id)
    fake_linkedin.post_replies = ["revoked"]
    post_id = api.post("/v1/posts", json={"channelId": channel_id, "content": "Hi"}).get_json()["data"]["id"]
    assert run_worker() == {post_id: "blocked"}
    post = api.get(f"/v1/posts/{post_id}").get_json()["data"]
    assert post["lastError"]["code"] == "CONNECTION_EXPIRED"
    after = api.get(f"/v1/connections/{connection['id']}").get_json()["data"]
    assert after["status"] == "expired" and after["lastError"]["code"] == "TOKEN_REFUSED"
    assert [event["connection_id"] for event in events_of("connection.expired")] == [connection["id"]]
    assert fake_linkedin.requests["POST /rest/posts"] == 1 and fake_linkedin.posts == []


@pytest.mark.storage
def test_a_partner_apps_refused_token_is_refreshed_and_sent_again(api, fake_linkedin, clock_at):
    clock_at(T)
    fake_linkedin.partner = True
    channel_id = channel(api)
    connect(api, "linkedin", channelId=channel_id)
    [refresh_token] = fake_linkedin.refresh_tokens
    fake_linkedin.expire_access_tokens()  # LinkedIn answers 401 65600 though the stored expiry lies ahead
    post_id = api.post("/v1/posts", json={"channelId": channel_id, "content": "Hi"}).get_json()["data"]["id"]
    assert run_worker() == {post_id: "done"}
    assert fake_linkedin.requests["POST /rest/posts"] == 2 and len(fake_linkedin.posts) == 1
    assert fake_linkedin.requests["POST /oauth/v2/accessToken"] == 2  # the code, then one refresh
    assert list(fake_linkedin.refresh_tokens) == [refresh_token]


@pytest.mark.storage
def test_a_partner_token_is_refreshed_ahead_until_its_refresh_token_ends(api, fake_linkedin, clock_at):
    clock_at(T)
    fake_linkedin.partner = True
    connection = connect(api, "linkedin")
    moment = clock_at(T + SIXTY_DAYS_MS - 15 * 60_000)
    assert tokens.refresh_expiring() == 1
    after = api.get(f"/v1/connections/{connection['id']}").get_json()["data"]
    assert after["tokenExpiresAt"] == moment + SIXTY_DAYS_MS and after["status"] == "active"
    # The refresh token's 365 days run from the first grant: once they end, LinkedIn refuses it.
    [refresh] = fake_linkedin.refresh_tokens.values()
    refresh["expires_at"] = 0
    clock_at(moment + SIXTY_DAYS_MS - 15 * 60_000)
    assert tokens.refresh_expiring() == 0
    after = api.get(f"/v1/connections/{connection['id']}").get_json()["data"]
    assert after["status"] == "expired" and after["lastError"]["code"] == "TOKEN_REFUSED"
    assert events_of("connection.expired")[0]["reason"]["message"] == (
        "linkedin: The provided refresh token is invalid"
    )


@pytest.mark.storage
def test_removing_a_connection_revokes_its_token(api, fake_linkedin):
    connection = connect(api, "linkedin")
    [access_token] = fake_linkedin.access_tokens
    assert api.delete(f"/v1/connections/{connection['id']}").status_code in (200, 204)
    assert fake_linkedin.revoked == [access_token]
    assert api.get("/v1/connections").get_json()["data"] == []


@pytest.mark.parametrize("reply", ["500", "invalid_grant"])
def test_a_token_endpoint_that_fails_creates_nothing(api, fake_linkedin, reply):
    fake_linkedin.token_replies = [reply]
    answer = api.client.get(authorize(api, "linkedin", returnTo=f"{RETURN_ORIGIN}/done"))
    assert answer.headers["Location"] == f"{RETURN_ORIGIN}/done?status=error&code=platform_error"
    assert Connection.select().count() == 0
