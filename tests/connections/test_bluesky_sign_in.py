"""Connecting Bluesky by signing in with a handle and an app password (`POST
/v1/connections/bluesky`, docs/platforms/bluesky.md) against the fake Bluesky: the
handle checked both ways and the account's PDS found from its DID, refusals that
create nothing, reconnecting, and the session's care: refreshes that rotate the pair,
a new sign-in with the app password only when a refresh is refused, verification and
sign-out."""

import pytest

from devtools.fakes.bluesky import ACCOUNT, bluesky_account
from models import Connection
from postline.connections import tokens
from postline.platforms.bluesky.sessions import Access, Renewal
from tests.connections.conftest import events_of
from tests.support.client import assert_error

# Connections and their tokens are rows written under claims: each backend.
pytestmark = pytest.mark.storage

T = 1_800_000_000_000


def sign_in(api, account=ACCOUNT, **fields):
    """POST /v1/connections/bluesky with `account`'s handle and app password; the answer."""
    body = {"handle": account["handle"], "appPassword": account["app_password"], **fields}
    return api.post("/v1/connections/bluesky", json=body)


def signed_in(api, account=ACCOUNT, **fields):
    answer = sign_in(api, account, **fields)
    assert answer.status_code == 201, answer.get_data(as_text=True)
    return answer.get_json()["data"]


def test_a_handle_and_an_app_password_connect_the_account(api, fake_bluesky, clock_at):
    clock_at(T)
    channel_id = api.post("/v1/channels", json={"name": "Launches"}).get_json()["data"]["id"]
    answer = sign_in(api, handle=f"@{ACCOUNT['handle'].upper()}", channelId=channel_id)
    assert answer.status_code == 201, answer.get_data(as_text=True)
    connection = answer.get_json()["data"]
    assert answer.headers["Location"].endswith(f"/v1/connections/{connection['id']}")
    assert connection | {"id": None, "createdAt": None, "updatedAt": None} == {
        "id": None,
        "provider": "bluesky",
        "platform": "bluesky",
        "accountId": ACCOUNT["did"],
        "username": ACCOUNT["handle"],
        "displayName": ACCOUNT["displayName"],
        "avatarUrl": ACCOUNT["avatar"],
        "status": "active",
        "scopes": ["com.atproto.appPass"],
        "tokenExpiresAt": T + 7_200_000,  # the access JWT's lifetime, on Postline's clock
        "channelIds": [channel_id],
        "lastVerifiedAt": T,
        "lastError": None,
        "simulated": False,
        "createdAt": None,
        "updatedAt": None,
    }
    assert fake_bluesky.sessions_created == {ACCOUNT["did"]: 1}
    assert fake_bluesky.requests["GET /xrpc/com.atproto.identity.resolveHandle"] == 1
    assert fake_bluesky.requests[f"GET /{ACCOUNT['did']}"] == 1  # the PLC directory


def test_the_app_password_is_kept_encrypted_with_the_refresh_token(api, fake_bluesky):
    connection = Connection.get_by_id(signed_in(api)["id"])
    stored = f"{connection.access_token} {connection.refresh_token}"
    assert ACCOUNT["app_password"] not in stored and "accessJwt" not in stored
    renewal = Renewal.parse(tokens.decrypt(connection.refresh_token))
    assert renewal.app_password == ACCOUNT["app_password"] and renewal.did == ACCOUNT["did"]
    assert renewal.pds == Access.parse(tokens.decrypt(connection.access_token)).pds == fake_bluesky.url
    answer = api.get(f"/v1/connections/{connection.id}").get_data(as_text=True)
    assert ACCOUNT["app_password"] not in answer and "appPassword" not in answer


@pytest.mark.parametrize(
    "fields, field, says",
    [
        ({"handle": "nobody.bsky.test"}, "handle", "knows no account"),
        ({"handle": "not a handle"}, "handle", "must be a Bluesky handle"),
        ({"appPassword": "wxyz-wxyz-wxyz-wxyz"}, "appPassword", "Invalid identifier or password"),
        ({"appPassword": ACCOUNT["password"]}, "appPassword", "must be an app password"),
        ({"channelId": "ch_nope"}, "channelId", "No such channel"),
    ],
)
def test_a_refused_sign_in_names_the_field_and_creates_nothing(api, fake_bluesky, fields, field, says):
    error = assert_error(sign_in(api, **fields), 400, "VALIDATION_ERROR")
    [detail] = error["details"]
    assert detail["field"] == field and says in detail["message"], detail
    assert not Connection.select().exists()
    if field in ("channelId", "handle") or "app password" in says:
        assert fake_bluesky.requests["POST /xrpc/com.atproto.server.createSession"] == 0


def test_a_did_whose_document_does_not_name_the_handle_is_refused(api, fake_bluesky):
    fake_bluesky.documents[ACCOUNT["did"]] = {"alsoKnownAs": ["at://someone-else.bsky.test"]}
    error = assert_error(sign_in(api), 400, "VALIDATION_ERROR")
    assert error["details"][0]["field"] == "handle" and "not verified" in error["details"][0]["message"]
    assert fake_bluesky.sessions_created == {}


def test_a_pds_at_an_internal_address_is_never_called(api, fake_bluesky):
    service = [
        {"id": "#atproto_pds", "type": "AtprotoPersonalDataServer", "serviceEndpoint": "https://10.1.2.3"}
    ]
    fake_bluesky.documents[ACCOUNT["did"]] = {"service": service}
    assert_error(sign_in(api), 503, "PLATFORM_UNAVAILABLE")
    assert fake_bluesky.sessions_created == {} and not Connection.select().exists()


def test_bluesky_that_cannot_answer_is_a_503(api, fake_bluesky):
    fake_bluesky.session_replies = ["500"]
    assert_error(sign_in(api), 503, "PLATFORM_UNAVAILABLE")
    fake_bluesky.session_replies = ["429"]
    error = assert_error(sign_in(api), 503, "PLATFORM_UNAVAILABLE")
    assert "30 sign-ins in 5 minutes" in error["message"]
    assert not Connection.select().exists()


def test_signing_in_again_keeps_the_connection(api, fake_bluesky):
    first = signed_in(api)
    again = signed_in(api)
    assert again["id"] == first["id"] and Connection.select().count() == 1
    other = signed_in(api, bluesky_account(1))
    assert other["id"] != first["id"] and other["accountId"] == bluesky_account(1)["did"]


def test_a_test_key_signs_in_a_connection_of_its_own_mode(api, make_key, fake_bluesky):
    tester = api.as_key(make_key(mode="test"))
    connection = signed_in(tester)
    assert api.get(f"/v1/connections/{connection['id']}").status_code == 404
    assert tester.get(f"/v1/connections/{connection['id']}").get_json()["data"]["simulated"] is False


def test_the_oauth_start_points_bluesky_to_its_sign_in(api):
    error = assert_error(api.get("/v1/connections/bluesky/auth"), 400, "VALIDATION_ERROR")
    assert error["details"][0]["field"] == "provider"
    assert "POST /v1/connections/bluesky" in error["details"][0]["message"]


def test_a_key_without_connections_write_cannot_sign_in(api, make_key):
    reader = api.as_key(make_key(permissions=["connections:read"]))
    assert_error(sign_in(reader), 403, "INSUFFICIENT_PERMISSIONS")


# The session's care ---------------------------------------------------------------


def test_a_refresh_rotates_the_pair_without_signing_in_again(api, fake_bluesky, clock_at):
    clock_at(T)
    connection = signed_in(api)
    before = Renewal.parse(tokens.decrypt(Connection.get_by_id(connection["id"]).refresh_token))
    clock_at(T + 7_200_000 - 15 * 60_000)
    assert tokens.refresh_expiring() == 1
    after = Renewal.parse(tokens.decrypt(Connection.get_by_id(connection["id"]).refresh_token))
    assert after.jwt != before.jwt and after.app_password == before.app_password
    assert fake_bluesky.refresh_tokens[before.jwt]["spent_at"] is not None
    assert fake_bluesky.sessions_created == {ACCOUNT["did"]: 1}
    refreshed = api.get(f"/v1/connections/{connection['id']}").get_json()["data"]
    assert refreshed["tokenExpiresAt"] == T + 7_200_000 - 15 * 60_000 + 7_200_000


def test_a_refused_refresh_signs_in_again_with_the_app_password(api, fake_bluesky, clock_at):
    clock_at(T)
    connection = signed_in(api)
    fake_bluesky.refresh_replies = ["expired"]
    refreshed = api.post(f"/v1/connections/{connection['id']}/refresh").get_json()["data"]
    assert refreshed["status"] == "active" and refreshed["lastError"] is None
    assert fake_bluesky.sessions_created == {ACCOUNT["did"]: 2}
    assert events_of("connection.expired") == []


def test_a_revoked_app_password_expires_the_connection(api, fake_bluesky, clock_at):
    clock_at(T)
    connection = signed_in(api)
    fake_bluesky.refresh_replies = ["expired"]
    fake_bluesky.session_replies = []
    renewal = Renewal.parse(tokens.decrypt(Connection.get_by_id(connection["id"]).refresh_token))
    revoked = Renewal(renewal.pds, renewal.jwt, renewal.did, "aaaa-bbbb-cccc-dddd")
    Connection.update(refresh_token=tokens.encrypt(revoked.text())).where(
        Connection.id == connection["id"]
    ).execute()
    expired = api.post(f"/v1/connections/{connection['id']}/refresh").get_json()["data"]
    assert expired["status"] == "expired" and expired["lastError"]["code"] == "TOKEN_REFUSED"
    assert "app password no longer works" in expired["lastError"]["message"]
    [event] = events_of("connection.expired")
    assert event["provider"] == "bluesky" and event["connection_id"] == connection["id"]


def test_a_sign_in_bluesky_limits_leaves_the_connection_active(api, fake_bluesky):
    connection = signed_in(api)
    fake_bluesky.refresh_replies = ["expired"]
    fake_bluesky.session_replies = ["429"]
    assert_error(api.post(f"/v1/connections/{connection['id']}/refresh"), 503, "PLATFORM_UNAVAILABLE")
    after = api.get(f"/v1/connections/{connection['id']}").get_json()["data"]
    assert after["status"] == "active" and after["lastError"]["code"] == "REFRESH_FAILED"


def test_verify_reads_the_profile_and_refreshes_a_refused_token(api, fake_bluesky, clock_at):
    clock_at(T)
    connection = signed_in(api)
    fake_bluesky.expire_access_tokens()  # the PDS answers 400 ExpiredToken
    clock_at(T + 60_000)
    verified = api.post(f"/v1/connections/{connection['id']}/verify").get_json()["data"]
    assert verified["status"] == "active" and verified["lastVerifiedAt"] == T + 60_000
    assert verified["displayName"] == ACCOUNT["displayName"]
    assert fake_bluesky.requests["POST /xrpc/com.atproto.server.refreshSession"] == 1


def test_deleting_the_connection_ends_its_session(api, fake_bluesky):
    connection = signed_in(api)
    assert api.delete(f"/v1/connections/{connection['id']}").status_code == 200
    assert fake_bluesky.deleted_sessions == [ACCOUNT["did"]]
    assert not Connection.select().exists()
