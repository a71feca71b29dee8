"""/v1/api-keys and the bootstrap CLI (docs/api.md, API keys)."""

import re

import pytest

from models import Account, ApiKey
from postline.accounts import keys

KEY = re.compile(r"service_sk_(live|test)_[a-z0-9]{8}_[A-Za-z0-9]{32,}")


def create(api, **body):
    return api.post("/v1/api-keys", json={"name": "integration", **body})


@pytest.mark.storage
def test_create_returns_the_full_key_once(api):
    response = create(api, permissions=["posts:read", "channels:read"])
    assert response.status_code == 201
    data = response.get_json()["data"]
    assert KEY.fullmatch(data["key"])
    assert data["id"].startswith("key_")
    assert data["prefix"] == data["key"].split("_")[3]
    assert data["mode"] == "live"
    assert data["permissions"] == ["posts:read", "channels:read"]
    assert data["lastUsedAt"] is None and data["expiresAt"] is None
    assert set(data) == {
        "id",
        "name",
        "prefix",
        "mode",
        "permissions",
        "lastUsedAt",
        "expiresAt",
        "createdAt",
        "updatedAt",
        "key",
    }

    fetched = api.get(f"/v1/api-keys/{data['id']}").get_json()["data"]
    assert "key" not in fetched
    listed = api.get("/v1/api-keys").get_json()["data"]
    assert all("key" not in item for item in listed)
    assert api.as_key(data["key"]).get("/v1/health").status_code == 200


def test_default_permissions_are_the_creators(api, make_key):
    data = create(api).get_json()["data"]
    assert data["permissions"] == list(keys.PERMISSIONS)

    limited = api.as_key(make_key(permissions=["api-keys:write", "posts:read"]))
    data = create(limited).get_json()["data"]
    assert data["permissions"] == ["posts:read", "api-keys:write"]


def test_unknown_permission_is_400(api):
    response = create(api, permissions=["posts:read", "posts:delete"])
    assert response.status_code == 400
    assert response.get_json()["error"]["details"] == [
        {"field": "permissions[1]", "message": "is not a known permission"}
    ]


def test_cannot_grant_a_permission_the_creator_lacks(api, make_key):
    limited = api.as_key(make_key(permissions=["api-keys:write", "posts:read"]))
    response = create(limited, permissions=["posts:read", "posts:write"])
    assert response.status_code == 403
    error = response.get_json()["error"]
    assert error["code"] == "INSUFFICIENT_PERMISSIONS"
    assert error["details"][0]["field"] == "permissions"
    assert "posts:write" in error["message"]
    assert len(api.get("/v1/api-keys").get_json()["data"]) == 2


def test_cannot_patch_a_key_beyond_the_callers_permissions(api, make_key):
    limited = api.as_key(make_key(permissions=["api-keys:write", "api-keys:read", "posts:read"]))
    target = create(limited, permissions=["posts:read"]).get_json()["data"]
    response = limited.patch(
        f"/v1/api-keys/{target['id']}", json={"permissions": ["posts:read", "media:write"]}
    )
    assert response.status_code == 403
    assert response.get_json()["error"]["details"][0]["field"] == "permissions"
    assert api.get(f"/v1/api-keys/{target['id']}").get_json()["data"]["permissions"] == ["posts:read"]


@pytest.mark.storage
def test_patch_renames_and_rescopes(api):
    target = create(api, permissions=["posts:read"]).get_json()["data"]
    response = api.patch(
        f"/v1/api-keys/{target['id']}", json={"name": "renamed", "permissions": ["media:read", "posts:write"]}
    )
    assert response.status_code == 200
    data = response.get_json()["data"]
    assert data["name"] == "renamed"
    assert data["permissions"] == ["posts:write", "media:read"]
    restricted = api.as_key(target["key"])
    assert restricted.get("/v1/channels").status_code == 403
    assert restricted.get("/v1/api-keys").status_code == 403


def test_patch_rejects_unknown_fields(api):
    target = create(api).get_json()["data"]
    response = api.patch(f"/v1/api-keys/{target['id']}", json={"mode": "test"})
    assert response.status_code == 400
    assert response.get_json()["error"]["details"][0]["field"] == "mode"


@pytest.mark.storage
def test_test_keys_live_apart_and_cannot_create_live_keys(api):
    test_key = create(api, mode="test").get_json()["data"]
    assert test_key["mode"] == "test"
    assert test_key["key"].startswith("service_sk_test_")
    tester = api.as_key(test_key["key"])

    response = create(tester, mode="live")
    assert response.status_code == 403
    assert response.get_json()["error"]["details"][0]["field"] == "mode"

    child = create(tester).get_json()["data"]
    assert child["mode"] == "test"
    listed = {k["id"] for k in tester.get("/v1/api-keys").get_json()["data"]}
    assert listed == {test_key["id"], child["id"]}
    assert test_key["id"] not in {k["id"] for k in api.get("/v1/api-keys").get_json()["data"]}
    assert api.get(f"/v1/api-keys/{test_key['id']}").status_code == 404


@pytest.mark.storage
def test_expires_in_sets_expiry(api, clock_at):
    now = clock_at(1_800_000_000_000)
    data = create(api, expiresIn=30).get_json()["data"]
    assert data["expiresAt"] == now + 30 * 86_400_000
    assert create(api, expiresIn=0).status_code == 400


def test_other_accounts_keys_are_404(api, make_key):
    other = api.as_key(make_key(account="globex"))
    target = create(other).get_json()["data"]
    assert api.get(f"/v1/api-keys/{target['id']}").status_code == 404
    assert api.patch(f"/v1/api-keys/{target['id']}", json={"name": "x"}).status_code == 404
    assert api.delete(f"/v1/api-keys/{target['id']}").status_code == 404
    assert other.get("/v1/health").status_code == 200


@pytest.mark.storage
def test_revoked_key_disappears_from_listing(api):
    target = create(api).get_json()["data"]
    assert api.delete(f"/v1/api-keys/{target['id']}").get_json() == {
        "data": {"id": target["id"], "deleted": True}
    }
    assert api.get(f"/v1/api-keys/{target['id']}").status_code == 404
    assert target["id"] not in {k["id"] for k in api.get("/v1/api-keys").get_json()["data"]}
    assert api.delete(f"/v1/api-keys/{target['id']}").status_code == 404


@pytest.mark.storage
def test_key_listing_paginates(api):
    for i in range(4):
        create(api, name=f"k{i}")
    body = api.get("/v1/api-keys?per_page=2&page=3&sort=name").get_json()
    assert body["meta"]["pagination"] == {
        "page": 3,
        "per_page": 2,
        "total": 5,
        "total_pages": 3,
        "next_cursor": None,
    }
    assert [k["name"] for k in body["data"]] == ["test key"]


def test_cli_create_key_prints_the_key_alone_on_the_last_line(app):
    runner = app.test_cli_runner()
    result = runner.invoke(args=["create-key", "--account", "initech", "--name", "deploy", "--plan", "river"])
    assert result.exit_code == 0, result.output
    key = result.output.strip().splitlines()[-1]
    assert KEY.fullmatch(key) and key.startswith("service_sk_live_")
    assert Account.get(Account.name == "initech").plan == "river"
    health = (
        app.test_client().get("/v1/health", headers={"Authorization": f"Bearer {key}"}).get_json()["data"]
    )
    assert health["key"]["name"] == "deploy"
    assert health["key"]["permissions"] == list(keys.PERMISSIONS)


def test_cli_create_key_options(app):
    runner = app.test_cli_runner()
    result = runner.invoke(args=["create-key", "--test", "--permissions", "posts:read,channels:read"])
    key = result.output.strip().splitlines()[-1]
    assert key.startswith("service_sk_test_")
    health = (
        app.test_client().get("/v1/health", headers={"Authorization": f"Bearer {key}"}).get_json()["data"]
    )
    assert health["key"]["mode"] == "test"
    assert health["key"]["permissions"] == ["posts:read", "channels:read"]
    assert Account.get(Account.name == "default").plan == "free"

    assert runner.invoke(args=["create-key", "--permissions", "posts:read,nope"]).exit_code != 0
    assert runner.invoke(args=["create-key", "--plan", "platinum"]).exit_code != 0
    result = runner.invoke(args=["create-key", "--plan", "ocean"])
    assert result.exit_code == 0
    assert Account.get(Account.name == "default").plan == "ocean"


@pytest.mark.storage
def test_cli_init_creates_a_first_key_only_on_an_empty_database(app):
    runner = app.test_cli_runner()
    first = runner.invoke(args=["init"])
    key = first.output.strip().splitlines()[-1]
    assert KEY.fullmatch(key)
    second = runner.invoke(args=["init"])
    assert second.exit_code == 0
    assert not KEY.search(second.output)


@pytest.mark.storage
def test_cli_set_plan(app):
    runner = app.test_cli_runner()
    runner.invoke(args=["create-key", "--account", "umbrella"])
    assert runner.invoke(args=["set-plan", "umbrella", "stream"]).exit_code == 0
    assert Account.get(Account.name == "umbrella").plan == "stream"
    assert runner.invoke(args=["set-plan", "nobody", "stream"]).exit_code != 0
    assert runner.invoke(args=["set-plan", "umbrella", "gold"]).exit_code != 0


@pytest.mark.storage
def test_a_stale_copy_saved_after_a_revocation_does_not_bring_the_key_back(api, make_key):
    other = make_key(name="victim")
    key_id = api.as_key(other).get("/v1/health").get_json()["data"]["key"]["id"]
    stale = ApiKey.get_by_id(key_id)  # loaded by a PATCH that is still running
    assert api.delete(f"/v1/api-keys/{key_id}").status_code == 200
    stale.name = "renamed late"
    stale.save()
    assert api.as_key(other).get("/v1/health").status_code == 401
    assert api.patch(f"/v1/api-keys/{key_id}", json={"name": "again"}).status_code == 404
