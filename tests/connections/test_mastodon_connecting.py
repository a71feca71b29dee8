"""Connecting Mastodon accounts through the public API and the fake instance
(docs/platforms/mastodon.md): the instance named or taken from `[mastodon] instance`,
Postline's app registered there once and kept encrypted, PKCE where the instance takes
it, tokens that never expire, verification, and revocation on delete."""

import json

import pytest
import requests

from devtools.connecting import authorize
from devtools.fakes.mastodon import ACCOUNT, FakeMastodon, mastodon_account
from models import Connection, InstanceApp, OAuthState
from postline import clock
from tests.connections.conftest import connect, query_of
from tests.support import fakes
from tests.support.client import assert_error

T = 1_800_000_000_000
REDIRECT_URI = "http://127.0.0.1:8000/v1/connections/mastodon/callback"


def refusal_of(answer):
    """The message of a 400 VALIDATION_ERROR naming `instance`."""
    error = assert_error(answer, 400, "VALIDATION_ERROR")
    [detail] = error["details"]
    assert detail["field"] == "instance", error
    return detail["message"]


def channel(api, name="Fediverse"):
    return api.post("/v1/channels", json={"name": name}).get_json()["data"]["id"]


def host_of(fake):
    return fake.url.split("://", 1)[1]


@pytest.mark.storage
def test_connecting_registers_the_app_once_and_creates_the_connection(api, fake_mastodon, clock_at):
    clock_at(T)
    channel_id = channel(api)
    answer = api.client.get(authorize(api, "mastodon", channelId=channel_id, instance=fake_mastodon.url))
    host = host_of(fake_mastodon)
    assert answer.status_code == 200, answer.get_data(as_text=True)
    said = answer.get_data(as_text=True)
    assert f"@postline_fake@{host} on Mastodon is now connected to Postline account «acme» (live)." in said
    [connection] = api.get("/v1/connections").get_json()["data"]
    assert connection == {
        "id": connection["id"],
        "provider": "mastodon",
        "platform": "mastodon",
        "accountId": f"{ACCOUNT['id']}@{host}",
        "username": f"postline_fake@{host}",
        "displayName": "Postline Fake",
        "avatarUrl": ACCOUNT["avatar"],
        "status": "active",
        "scopes": ["profile", "write:statuses", "write:media"],
        "tokenExpiresAt": None,  # Mastodon's tokens never expire
        "channelIds": [channel_id],
        "lastVerifiedAt": T,
        "lastError": None,
        "createdAt": T,
        "updatedAt": T,
        "simulated": False,
    }
    [app] = fake_mastodon.apps.values()
    assert app["name"] == "Postline" and app["redirect_uris"] == [REDIRECT_URI]
    assert app["scopes"] == ["profile", "write:statuses", "write:media"]
    # The app is kept, its credentials encrypted like tokens; a second run reuses it.
    [row] = InstanceApp.select()
    assert row.host == host and row.base_url == fake_mastodon.url and row.pkce
    stored = json.dumps(row.__data__)
    assert app["client_id"] not in stored and app["client_secret"] not in stored
    [token] = fake_mastodon.access_tokens
    assert token not in json.dumps(Connection.get_by_id(connection["id"]).__data__)
    connect(api, "mastodon", instance=fake_mastodon.url)
    assert len(fake_mastodon.apps) == 1 and fake_mastodon.requests["POST /api/v1/apps"] == 1
    assert json.loads(InstanceApp.get().limits)["max_characters"] == 500


def test_the_authorize_url_is_the_instances_with_pkce_and_the_apps_scopes(api, fake_mastodon):
    started = api.get("/v1/connections/mastodon/auth", query_string={"instance": fake_mastodon.url})
    answer = started.get_json()["data"]
    query = query_of(answer["url"])
    [app] = fake_mastodon.apps.values()
    assert answer["url"].startswith(f"{fake_mastodon.url}/oauth/authorize?")
    assert query["client_id"] == app["client_id"] and query["redirect_uri"] == REDIRECT_URI
    assert query["scope"] == "profile write:statuses write:media" and query["response_type"] == "code"
    assert query["code_challenge_method"] == "S256" and len(query["code_challenge"]) == 43
    assert OAuthState.get().instance == host_of(fake_mastodon)


def test_before_4_3_there_is_no_pkce_the_profile_is_read_accounts_and_the_app_keeps_a_token(
    api, fake_mastodon
):
    fake_mastodon.version = "4.2.0"
    answer = api.get("/v1/connections/mastodon/auth").get_json()["data"]  # [mastodon] instance
    query = query_of(answer["url"])
    assert "code_challenge" not in query
    assert query["scope"] == "read:accounts write:statuses write:media"
    # A client-credentials token keeps the app from being deleted as unused.
    [app_token] = fake_mastodon.access_tokens.values()
    assert app_token["user"] is None and app_token["client_id"] == query["client_id"]
    connection = connect(api, "mastodon")
    assert connection["scopes"] == ["read:accounts", "write:statuses", "write:media"]


def test_mastodon_needs_no_server_settings(api, app, fake_mastodon):
    app.config["POSTLINE"]["mastodon"] = {
        "instance": "",
        "allow_private_instances": True,
        "status_interval": 2,
    }
    missing = api.get("/v1/connections/mastodon/auth")
    message = refusal_of(missing)
    assert "such as mastodon.social" in message
    started = api.get("/v1/connections/mastodon/auth", query_string={"instance": fake_mastodon.url})
    assert started.status_code == 200, started.get_data(as_text=True)


@pytest.mark.parametrize(
    ("instance", "expected"),
    [
        ("https://mastodon.example/@alice", "without a path"),
        ("ftp://mastodon.example", "https://"),
        ("https://user:pw@mastodon.example", "user name or password"),
        ("mastodon.internal", "private, loopback or reserved"),
        ("http://mastodon.example", "https://"),
    ],
)
def test_an_instance_that_is_not_a_public_https_server_is_refused(api, app, dns, instance, expected):
    app.config["POSTLINE"]["mastodon"]["allow_private_instances"] = False
    dns["mastodon.internal"] = ["10.1.2.3"]
    refused = api.get("/v1/connections/mastodon/auth", query_string={"instance": instance})
    message = refusal_of(refused)
    assert expected in message
    assert InstanceApp.select().count() == 0 and OAuthState.select().count() == 0


def test_a_private_instance_names_the_setting_that_allows_it(api, app, fake_mastodon):
    app.config["POSTLINE"]["mastodon"]["allow_private_instances"] = False
    refused = api.get("/v1/connections/mastodon/auth", query_string={"instance": fake_mastodon.url})
    message = refusal_of(refused)
    assert "[mastodon] allow_private_instances = true" in message
    assert "POSTLINE_MASTODON_ALLOW_PRIVATE_INSTANCES=true" in message
    assert fake_mastodon.requests == {}


def test_a_server_that_is_not_mastodon_is_refused_and_one_down_is_a_503(api, fake_mastodon, fake_x):
    refused = api.get("/v1/connections/mastodon/auth", query_string={"instance": fake_x.url})
    message = refusal_of(refused)
    assert "is not a Mastodon server" in message
    fake_mastodon.app_replies.append("503")
    down = api.get("/v1/connections/mastodon/auth", query_string={"instance": fake_mastodon.url})
    assert_error(down, 503, "PLATFORM_UNAVAILABLE")
    assert InstanceApp.select().count() == 0 and OAuthState.select().count() == 0


def test_another_provider_takes_no_instance(api, fake_x):
    refused = api.get("/v1/connections/x/auth", query_string={"instance": "mastodon.social"})
    assert refusal_of(refused) == "X has one server: leave `instance` out"


def test_an_instance_that_forgot_the_app_gets_it_registered_again(api, fake_mastodon):
    started = api.get("/v1/connections/mastodon/auth").get_json()["data"]
    approved = requests.get(started["url"], allow_redirects=False, timeout=5)
    fake_mastodon.vacuum()  # the app is gone before the code is exchanged
    failed = api.client.get(approved.headers["Location"].split("127.0.0.1:8000", 1)[1])
    assert failed.status_code == 400 and "unknown client" in failed.get_data(as_text=True)
    assert Connection.select().count() == 0
    connection = connect(api, "mastodon")
    assert connection["status"] == "active" and len(fake_mastodon.apps) == 1
    assert fake_mastodon.requests["POST /api/v1/apps"] == 2


def test_a_new_public_url_registers_the_app_again(api, app, fake_mastodon):
    connect(api, "mastodon")
    app.config["POSTLINE"]["server"]["public_url"] = "https://postline.example"
    from postline import connections

    connections.configure(app.config["POSTLINE"])
    try:
        started = api.get("/v1/connections/mastodon/auth").get_json()["data"]
    finally:
        app.config["POSTLINE"]["server"]["public_url"] = "http://127.0.0.1:8000"
        connections.configure(app.config["POSTLINE"])
    assert (
        query_of(started["url"])["redirect_uri"]
        == "https://postline.example/v1/connections/mastodon/callback"
    )
    assert len(fake_mastodon.apps) == 2 and InstanceApp.select().count() == 1


def test_a_declined_authorization_creates_nothing(api, fake_mastodon):
    fake_mastodon.deny = True
    started = api.get("/v1/connections/mastodon/auth").get_json()["data"]
    approved = requests.get(started["url"], allow_redirects=False, timeout=5)
    answer = api.client.get(approved.headers["Location"].split("127.0.0.1:8000", 1)[1])
    assert answer.status_code == 400 and "mastodon answered" in answer.get_data(as_text=True)
    assert Connection.select().count() == 0


@pytest.mark.storage
def test_accounts_on_two_instances_with_the_same_id_are_two_connections(api, fake_mastodon):
    other = fakes.on_steady_port(FakeMastodon)
    try:
        first = connect_new(api, fake_mastodon.url)
        second = connect_new(api, other.url)
    finally:
        fakes.close(other)
    assert first["accountId"].split("@")[0] == second["accountId"].split("@")[0] == ACCOUNT["id"]
    assert first["id"] != second["id"] and first["accountId"] != second["accountId"]
    assert InstanceApp.select().count() == 2


def connect_new(api, instance):
    known = {item["id"] for item in api.get("/v1/connections").get_json()["data"]}
    answer = api.client.get(authorize(api, "mastodon", instance=instance))
    assert answer.status_code == 200, answer.get_data(as_text=True)
    [made] = [item for item in api.get("/v1/connections").get_json()["data"] if item["id"] not in known]
    return made


@pytest.mark.storage
def test_verify_reads_the_profile_and_a_revoked_token_expires_the_connection(api, fake_mastodon, clock_at):
    clock_at(T)
    connection = connect(api, "mastodon")
    clock_at(T + 1000)
    verified = api.post(f"/v1/connections/{connection['id']}/verify").get_json()["data"]
    assert verified["status"] == "active" and verified["lastVerifiedAt"] == T + 1000
    for token in fake_mastodon.access_tokens.values():
        token["revoked"] = True  # revoked at the instance (the user's settings, an admin)
    expired = api.post(f"/v1/connections/{connection['id']}/verify").get_json()["data"]
    assert expired["status"] == "expired" and expired["lastError"]["code"] == "TOKEN_REFUSED"
    refresh = api.post(f"/v1/connections/{connection['id']}/refresh")
    assert_error(refresh, 400, "REFRESH_NOT_SUPPORTED")


@pytest.mark.storage
def test_deleting_a_connection_revokes_its_token_at_the_instance(api, fake_mastodon):
    connection = connect(api, "mastodon")
    [token] = fake_mastodon.access_tokens
    assert api.delete(f"/v1/connections/{connection['id']}").status_code == 200
    assert fake_mastodon.revoked == [token]
    refused = requests.get(
        f"{fake_mastodon.url}/api/v1/accounts/verify_credentials",
        headers={"Authorization": f"Bearer {token}"},
        timeout=5,
    )
    assert refused.status_code == 401 and refused.json() == {"error": "The access token was revoked"}


def test_a_second_account_on_the_instance_is_a_second_connection(api, fake_mastodon):
    connect(api, "mastodon")
    fake_mastodon.sign_in(1)
    second = connect_new(api, fake_mastodon.url)
    assert second["username"] == f"{mastodon_account(1)['username']}@{host_of(fake_mastodon)}"
    assert clock.now_ms() and len(api.get("/v1/connections").get_json()["data"]) == 2
