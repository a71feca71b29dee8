"""Authentication and permissions on every /v1 route (docs/api.md, API keys)."""

import re

import pytest

from models import ApiKey
from postline.accounts import keys
from tests.support.client import v1_routes


def error_code(response):
    return response.get_json()["error"]["code"]


def test_missing_key_is_401(client):
    response = client.get("/v1/health")
    assert response.status_code == 401
    assert error_code(response) == "MISSING_API_KEY"
    assert response.get_json()["error"]["type"] == "authentication_error"


@pytest.mark.parametrize(
    "header",
    [
        "Basic dXNlcjpwYXNz",
        "Bearer",
        "Bearer not-a-key",
        "Bearer service_sk_live_short_abc",
        "Bearer service_sk_prod_abcdefgh_" + "a" * 40,
        "Token {key}",
    ],
)
def test_malformed_or_wrong_scheme_is_invalid_key(client, make_key, header):
    response = client.get("/v1/health", headers={"Authorization": header.format(key=make_key())})
    assert response.status_code == 401
    assert error_code(response) == "INVALID_API_KEY"


def test_valid_key_with_lowercase_scheme_is_accepted(client, make_key):
    assert client.get("/v1/health", headers={"Authorization": f"bearer {make_key()}"}).status_code == 200


@pytest.mark.storage
def test_unknown_prefix_and_wrong_secret_are_invalid(client, make_key):
    key = make_key()
    mode, prefix, secret = re.fullmatch(r"service_sk_(\w+?)_(\w{8})_(\w+)", key).groups()
    wrong_secret = f"service_sk_{mode}_{prefix}_{secret[:-1]}{'a' if secret[-1] != 'a' else 'b'}"
    unknown_prefix = f"service_sk_{mode}_zzzzzzzz_{secret}"
    for candidate in (wrong_secret, unknown_prefix):
        response = client.get("/v1/health", headers={"Authorization": f"Bearer {candidate}"})
        assert response.status_code == 401
        assert error_code(response) == "INVALID_API_KEY"


def test_key_presented_with_the_other_mode_is_invalid(client, make_key):
    live = make_key()
    as_test = live.replace("service_sk_live_", "service_sk_test_")
    assert client.get("/v1/health", headers={"Authorization": f"Bearer {as_test}"}).status_code == 401


@pytest.mark.storage
def test_only_a_keyed_hash_is_stored(app, make_key):
    key = make_key()
    secret = key.rsplit("_", 1)[1]
    record = ApiKey.get()
    assert secret not in record.secret_hash and key not in record.secret_hash
    assert len(record.secret_hash) == 64


@pytest.mark.storage
def test_revoked_key_is_401_from_the_next_request(api, make_key):
    other = make_key(name="to revoke")
    other_id = api.as_key(other).get("/v1/health").get_json()["data"]["key"]["id"]
    assert api.delete(f"/v1/api-keys/{other_id}").status_code == 200
    response = api.as_key(other).get("/v1/health")
    assert response.status_code == 401
    assert error_code(response) == "INVALID_API_KEY"


@pytest.mark.storage
def test_expired_key_is_401(client, make_key, clock_at):
    start = clock_at(1_800_000_000_000)
    key = make_key(expires_in_days=1)
    headers = {"Authorization": f"Bearer {key}"}
    clock_at(start + 86_400_000 - 1)
    assert client.get("/v1/health", headers=headers).status_code == 200
    clock_at(start + 86_400_000)
    assert client.get("/v1/health", headers=headers).status_code == 401


@pytest.mark.storage
def test_last_used_at_is_written_at_most_once_a_minute(api, clock_at):
    start = clock_at(1_800_000_000_000)
    key_id = api.get("/v1/health").get_json()["data"]["key"]["id"]
    assert ApiKey.get_by_id(key_id).last_used_at == start
    clock_at(start + 59_999)
    api.get("/v1/health")
    assert ApiKey.get_by_id(key_id).last_used_at == start
    clock_at(start + 60_000)
    api.get("/v1/health")
    assert ApiKey.get_by_id(key_id).last_used_at == start + 60_000
    assert api.get(f"/v1/api-keys/{key_id}").get_json()["data"]["lastUsedAt"] == start + 60_000


def test_every_v1_route_declares_its_rule_and_reads_need_read(app):
    routes = list(v1_routes(app))
    assert len(routes) >= 10
    # Any valid key may check itself and see what this server offers (docs/api-notes.md,
    # API keys): declared so (@any_key), never a permission left out.
    assert {(method, path) for method, path, rule in routes if rule.any_key} == {
        ("GET", "/v1/health"),
        ("GET", "/v1/platforms"),
    }
    for method, path, rule in routes:
        if rule.keyless or rule.any_key:
            assert rule.permission is None
        else:
            assert rule.permission in keys.PERMISSIONS, (method, path)
            # Starting an OAuth run is a GET (a browser may follow it) that changes state.
            writes = method != "GET" or path.endswith("/auth")
            expected = ":write" if writes else ":read"
            assert rule.permission.endswith(expected), (method, path, rule.permission)


def test_every_route_refuses_a_key_without_its_permission(app, client, make_key):
    checked = 0
    for method, path, rule in v1_routes(app):
        if not rule.permission:
            continue
        others = [p for p in keys.PERMISSIONS if p != rule.permission]
        key = make_key(permissions=others, name=f"without {rule.permission}")
        response = client.open(path, method=method, headers={"Authorization": f"Bearer {key}"}, json={})
        assert response.status_code == 403, (method, path, response.get_data(as_text=True))
        error = response.get_json()["error"]
        assert error["code"] == "INSUFFICIENT_PERMISSIONS"
        assert error["type"] == "authorization_error"
        assert f"requires {rule.permission}" in error["message"]
        assert error["details"] == [{"field": "permission", "message": f"requires {rule.permission}"}]

        only = make_key(permissions=[rule.permission], name=f"only {rule.permission}")
        response = client.open(path, method=method, headers={"Authorization": f"Bearer {only}"}, json={})
        assert response.status_code != 403, (method, path)
        checked += 1
    assert checked >= 9


def test_unauthenticated_requests_to_every_route_are_401(app, client):
    for method, path, rule in v1_routes(app):
        if rule.keyless:
            continue  # the OAuth callback: its signed state authenticates it (tests/connections/)
        response = client.open(path, method=method, json={})
        assert response.status_code == 401, (method, path)
        assert error_code(response) == "MISSING_API_KEY"
