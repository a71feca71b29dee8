"""Connecting X through the public API and the fake X (docs/api.md, Connections):
the OAuth run, its state, and what the connection shows."""

import json
from urllib.parse import quote

import pytest
import requests

from devtools.connecting import authorize
from models import Connection, OAuthState
from postline import clock
from tests.connections.conftest import RETURN_ORIGIN, connect, query_of
from tests.support import fakes
from tests.support.client import assert_error

T = 1_800_000_000_000


def channel(api, name="Launches"):
    return api.post("/v1/channels", json={"name": name}).get_json()["data"]["id"]


@pytest.mark.storage
def test_connecting_x_creates_a_connection_with_its_profile_and_no_tokens(api, fake_x, clock_at):
    clock_at(T)
    channel_id = channel(api)
    answer = api.client.get(authorize(api, channelId=channel_id))
    assert answer.status_code == 200 and answer.mimetype == "text/html"
    assert "@postline_fake on X is now connected to Postline account «acme» (live)." in answer.get_data(
        as_text=True
    )
    listed = api.get("/v1/connections")
    [connection] = listed.get_json()["data"]
    assert connection == {
        "id": connection["id"],
        "provider": "x",
        "platform": "x",
        "accountId": "1460349186937327617",
        "username": "postline_fake",
        "displayName": "Postline Fake",
        "avatarUrl": "https://pbs.twimg.com/profile_images/1460349186937327617/fake_normal.png",
        "status": "active",
        "scopes": ["tweet.read", "tweet.write", "users.read", "offline.access", "media.write"],
        "tokenExpiresAt": T + 7_200_000,
        "channelIds": [channel_id],
        "lastVerifiedAt": T,
        "lastError": None,
        "createdAt": T,
        "updatedAt": T,
        "simulated": False,
    }
    assert connection["id"].startswith("conn_")
    assert api.get(f"/v1/connections/{connection['id']}").get_json()["data"] == connection
    assert api.get(f"/v1/channels/{channel_id}").get_json()["data"]["connectionIds"] == [connection["id"]]
    # No answer carries a token, and the database holds them encrypted only.
    [access_token] = fake_x.access_tokens
    [refresh_token] = fake_x.refresh_tokens
    row = Connection.get_by_id(connection["id"])
    for text in (listed.get_data(as_text=True), json.dumps(row.__data__)):
        assert access_token not in text and refresh_token not in text


def test_auth_answers_the_url_with_pkce_and_a_302_on_request(api, fake_x):
    answer = api.get("/v1/connections/x/auth").get_json()["data"]
    query = query_of(answer["url"])
    assert answer["url"].startswith(f"{fake_x.url}/i/oauth2/authorize?")
    assert query["response_type"] == "code" and query["client_id"] == fake_x.client_id
    assert query["redirect_uri"] == "http://127.0.0.1:8000/v1/connections/x/callback"
    assert query["scope"] == "tweet.read tweet.write users.read offline.access media.write"
    assert query["code_challenge_method"] == "S256" and len(query["code_challenge"]) == 43
    assert query["state"] == answer["state"]
    assert answer["expiresAt"] - clock.now_ms() in range(599_000, 600_001)
    moved = api.get("/v1/connections/x/auth?redirect=1")
    assert moved.status_code == 302 and moved.headers["Location"].startswith(
        f"{fake_x.url}/i/oauth2/authorize?"
    )


def test_auth_checks_provider_then_mode_then_configuration_then_fields(api, make_key, app, monkeypatch):
    assert_error(api.get("/v1/connections/myspace/auth"), 404, "NOT_FOUND")
    tester = api.as_key(make_key(mode="test"))
    error = assert_error(
        tester.get("/v1/connections/x/auth?returnTo=ftp://nope"), 403, "INSUFFICIENT_PERMISSIONS"
    )
    assert error["details"][0]["field"] == "mode"
    error = assert_error(
        api.get("/v1/connections/x/auth?channelId=ch_nope&returnTo=https://evil.example"),
        400,
        "VALIDATION_ERROR",
    )
    assert {detail["field"] for detail in error["details"]} == {"channelId", "returnTo"}
    other_account = api.as_key(make_key(account="globex"))
    foreign = channel(other_account)
    error = assert_error(api.get(f"/v1/connections/x/auth?channelId={foreign}"), 400, "VALIDATION_ERROR")
    assert error["details"][0]["field"] == "channelId"
    readonly = api.as_key(make_key(permissions=["connections:read"]))
    assert_error(readonly.get("/v1/connections/x/auth"), 403, "INSUFFICIENT_PERMISSIONS")
    monkeypatch.setitem(app.config["POSTLINE"]["x"], "client_id", "")
    assert_error(api.get("/v1/connections/x/auth?channelId=ch_nope"), 400, "PROVIDER_NOT_CONFIGURED")
    assert OAuthState.select().count() == 0


@pytest.mark.parametrize(
    "return_to",
    ["http://127.0.0.1:8000/settings", f"{RETURN_ORIGIN}/connected?tab=x", f"{RETURN_ORIGIN}:443/x"],
)
def test_return_to_is_taken_on_allowed_origins(api, return_to):
    assert api.get("/v1/connections/x/auth", query_string={"returnTo": return_to}).status_code == 200


@pytest.mark.parametrize(
    "return_to",
    [
        "https://app.example.com.evil.example/",
        "javascript:alert(1)",
        "//app.example.com/",
        "http://app.example.com/",
    ],
)
def test_return_to_elsewhere_is_refused(api, return_to):
    error = assert_error(
        api.get("/v1/connections/x/auth", query_string={"returnTo": return_to}), 400, "VALIDATION_ERROR"
    )
    assert error["details"][0]["field"] == "returnTo"


def test_callback_redirects_to_return_to_and_ignores_unknown_parameters(api):
    channel_id = channel(api)
    callback = authorize(api, channelId=channel_id, returnTo=f"{RETURN_ORIGIN}/done?tab=x")
    answer = api.client.get(callback + "&utm_source=x&extra=1")
    assert answer.status_code == 302
    [connection] = api.get("/v1/connections").get_json()["data"]
    assert answer.headers["Location"].startswith(
        f"{RETURN_ORIGIN}/done?tab=x&connection={connection['id']}&status=connected&account=acme&"
    )
    assert connection["channelIds"] == [channel_id]


@pytest.mark.storage
def test_a_state_works_once(api):
    callback = authorize(api)
    assert api.client.get(callback).status_code == 200
    again = api.client.get(callback)
    assert again.status_code == 400 and again.mimetype == "text/html"
    assert "already used" in again.get_data(as_text=True)
    assert Connection.select().count() == 1


def test_a_tampered_or_forged_state_creates_nothing(api):
    callback = authorize(api)
    state = query_of(callback)["state"]
    # The last two: text no signed state has (compare_digest raised on it, a 500 that
    # schemathesis found).
    nonce, signature = state.split(".")
    forgeries = (
        state[:-1] + ("A" if state[-1] != "A" else "B"),
        "nonce.signature",
        "",
        "x" * 5000,
        f"{nonce}.{signature[:-1]}é",
        "󸹁D.¨=h",
    )
    for forged in forgeries:
        answer = api.client.get(callback.replace(state, quote(forged)))
        assert answer.status_code == 400 and answer.mimetype == "text/html", forged
    assert Connection.select().count() == 0
    assert api.client.get(callback).status_code == 200  # the genuine state still works


def test_an_expired_state_redirects_with_a_code_and_creates_nothing(api, clock_at):
    clock_at(T)
    callback = authorize(api, returnTo=f"{RETURN_ORIGIN}/done")
    clock_at(T + 600_000)
    answer = api.client.get(callback)
    assert answer.status_code == 302
    assert answer.headers["Location"] == f"{RETURN_ORIGIN}/done?status=error&code=expired"
    assert Connection.select().count() == 0


def test_a_denied_authorization_redirects_with_a_code(api, fake_x):
    fake_x.deny = True
    answer = api.client.get(authorize(api, returnTo=f"{RETURN_ORIGIN}/done"))
    assert answer.headers["Location"] == f"{RETURN_ORIGIN}/done?status=error&code=denied"
    fake_x.deny = False
    denied_without_return = api.client.get(authorize(api).replace("code=", "error=access_denied&x="))
    assert denied_without_return.status_code == 400
    assert Connection.select().count() == 0


def test_a_code_the_platform_refuses_creates_nothing(api):
    callback = authorize(api, returnTo=f"{RETURN_ORIGIN}/done")
    code = query_of(callback)["code"]
    answer = api.client.get(callback.replace(code, "not-the-code"))
    assert answer.headers["Location"] == f"{RETURN_ORIGIN}/done?status=error&code=platform_error"
    assert Connection.select().count() == 0


@pytest.mark.storage
def test_reconnecting_keeps_the_id_and_a_refresh_token_not_sent_again(api, fake_x):
    first = connect(api)
    [refresh_token] = fake_x.refresh_tokens
    fake_x.send_refresh_tokens = False
    api.client.get(authorize(api))
    [second] = api.get("/v1/connections").get_json()["data"]
    assert second["id"] == first["id"]
    # The kept refresh token still works: the fake takes it and rotates it.
    fake_x.send_refresh_tokens = True
    assert api.post(f"/v1/connections/{first['id']}/refresh").status_code == 200
    assert refresh_token in fake_x.spent_refresh_tokens


def test_the_callback_needs_no_key_and_test_keys_see_no_live_connections(api, make_key):
    connect(api)
    tester = api.as_key(make_key(mode="test"))
    assert tester.get("/v1/connections").get_json()["data"] == []
    other = api.as_key(make_key(account="globex"))
    connection_id = api.get("/v1/connections").get_json()["data"][0]["id"]
    assert_error(other.get(f"/v1/connections/{connection_id}"), 404, "NOT_FOUND")
    assert_error(tester.post(f"/v1/connections/{connection_id}/verify"), 404, "NOT_FOUND")


@pytest.mark.storage
def test_channels_are_added_and_removed_idempotently(api):
    connection = connect(api)
    first, second = channel(api, "One"), channel(api, "Two")
    path = f"/v1/connections/{connection['id']}"
    for _ in range(2):
        answer = api.post(f"{path}/add-to-channel", json={"channelId": first})
        assert answer.status_code == 200 and answer.get_json()["data"]["channelIds"] == [first]
    api.post(f"{path}/add-to-channel", json={"channelId": second})
    assert api.get(path).get_json()["data"]["channelIds"] == [first, second]
    for _ in range(2):
        answer = api.post(f"{path}/remove-from-channel", json={"channelId": first})
        assert answer.get_json()["data"]["channelIds"] == [second]
    listed = api.get("/v1/channels").get_json()["data"]
    assert {c["id"]: c["connectionIds"] for c in listed} == {first: [], second: [connection["id"]]}
    error = assert_error(
        api.post(f"{path}/add-to-channel", json={"channelId": "ch_nope"}), 400, "VALIDATION_ERROR"
    )
    assert error["details"][0]["field"] == "channelId"
    assert_error(api.post(f"{path}/add-to-channel", json={}), 400, "VALIDATION_ERROR")
    assert_error(
        api.post("/v1/connections/conn_nope/add-to-channel", json={"channelId": first}), 404, "NOT_FOUND"
    )


@pytest.mark.storage
def test_deleting_revokes_at_x_and_removes_it(api, fake_x):
    connection = connect(api, channelId=channel(api))
    [refresh_token] = fake_x.refresh_tokens
    answer = api.delete(f"/v1/connections/{connection['id']}")
    assert answer.get_json()["data"] == {"id": connection["id"], "deleted": True}
    assert fake_x.revoked == [refresh_token]
    assert api.get("/v1/connections").get_json()["data"] == []
    assert api.get("/v1/channels").get_json()["data"][0]["connectionIds"] == []
    assert_error(api.delete(f"/v1/connections/{connection['id']}"), 404, "NOT_FOUND")


@pytest.mark.storage
def test_deleting_still_removes_it_when_x_is_down(api, fake_x):
    connection = connect(api)
    fakes.close(fake_x)
    assert api.delete(f"/v1/connections/{connection['id']}").status_code == 200
    assert Connection.select().count() == 0


@pytest.mark.storage
def test_verify_reads_the_profile_and_marks_a_refused_token_expired(api, fake_x, clock_at):
    clock_at(T)
    channel_id = channel(api)
    connection = connect(api, channelId=channel_id)
    clock_at(T + 5000)
    verified = api.post(f"/v1/connections/{connection['id']}/verify").get_json()["data"]
    assert verified["status"] == "active" and verified["lastVerifiedAt"] == T + 5000
    [listed] = api.post(f"/v1/connections/verify-channel/{channel_id}").get_json()["data"]
    assert listed["id"] == connection["id"] and listed["status"] == "active"
    fakes.close(fake_x)
    down = api.post(f"/v1/connections/{connection['id']}/verify").get_json()["data"]
    assert down["status"] == "error" and down["lastError"]["code"] == "VERIFY_FAILED"
    assert_error(api.post("/v1/connections/verify-channel/ch_nope"), 404, "NOT_FOUND")


def test_the_auth_url_is_what_x_accepts(api, fake_x):
    """The fake X refuses a malformed authorize request, as X does."""
    url = api.get("/v1/connections/x/auth").get_json()["data"]["url"]
    assert (
        requests.get(
            url.replace("code_challenge_method=S256", "code_challenge_method=plain"),
            allow_redirects=False,
            timeout=5,
        ).status_code
        == 400
    )
