"""The deprecated /api: the /v1 operations behind the console's session cookie,
unwrapped, with Deprecation, Sunset and successor Link headers (docs/console.md, The deprecated /api)."""

from app import create_app
from postline.web.legacy import SUCCEEDED
from tests.support.client import assert_error, v1_routes
from tests.support.console import Console

DEPRECATION = "@1793491200"  # 2026-11-01T00:00:00Z, [legacy] deprecated_since
SUNSET = "Tue, 01 Jun 2027 00:00:00 GMT"


def assert_deprecated(response, successor):
    assert response.headers["Deprecation"] == DEPRECATION
    assert response.headers["Sunset"] == SUNSET
    assert response.headers["Link"] == f'<http://127.0.0.1:8000{successor}>; rel="successor-version"'


def test_channels_are_created_read_listed_and_deleted_unwrapped(legacy, api):
    created = legacy("POST", "/api/channels", json={"name": "Launch", "color": "#4F46E5"})
    assert created.status_code == 201
    channel = created.get_json()
    assert channel["name"] == "Launch" and channel["id"].startswith("ch_") and "data" not in channel
    assert_deprecated(created, "/v1/channels")

    listed = legacy("GET", "/api/channels")
    assert listed.get_json() == [channel]
    assert_deprecated(listed, "/v1/channels")
    one = legacy("GET", f"/api/channels/{channel['id']}")
    assert one.get_json() == channel
    assert_deprecated(one, f"/v1/channels/{channel['id']}")
    # The same channel through /v1, wrapped: one implementation serves both.
    assert api.get(f"/v1/channels/{channel['id']}").get_json() == {"data": channel}

    deleted = legacy("DELETE", f"/api/channels/{channel['id']}")
    assert deleted.status_code == 200 and deleted.get_json() == {"id": channel["id"], "deleted": True}
    assert_deprecated(deleted, f"/v1/channels/{channel['id']}")
    assert legacy("GET", "/api/channels").get_json() == []
    assert api.get(f"/v1/channels/{channel['id']}").status_code == 404


def test_posts_and_webhooks_answer_like_v1_without_the_envelope(legacy, api):
    channel = legacy("POST", "/api/channels", json={"name": "Launch"}).get_json()
    post = legacy(
        "POST", "/api/posts", json={"channelId": channel["id"], "content": "Hello", "status": "draft"}
    )
    assert post.status_code == 201 and post.get_json()["status"] == "draft"
    assert_deprecated(post, "/v1/posts")
    assert api.get(f"/v1/posts/{post.get_json()['id']}").get_json() == {"data": post.get_json()}
    batch = legacy(
        "POST", "/api/posts/batch", json={"posts": [{"channelId": channel["id"], "content": "Two"}]}
    )
    assert batch.status_code == 201 and [p["content"] for p in batch.get_json()] == ["Two"]
    assert_deprecated(batch, "/v1/posts/batch")
    v1_ids = [p["id"] for p in api.get("/v1/posts").get_json()["data"]]
    assert sorted(v1_ids) == sorted([post.get_json()["id"], batch.get_json()[0]["id"]])
    assert [p["id"] for p in legacy("GET", "/api/posts").get_json()] == v1_ids

    webhook = legacy(
        "POST", "/api/webhooks", json={"url": "https://93.184.216.34/hook", "events": ["post.failed"]}
    )
    assert webhook.status_code == 201 and webhook.get_json()["secret"].startswith("whsec_")
    assert_deprecated(webhook, "/v1/webhooks")
    [listed] = api.get("/v1/webhooks").get_json()["data"]
    assert listed["id"] == webhook.get_json()["id"] and listed["url"] == "https://93.184.216.34/hook"
    test = legacy("POST", f"/api/webhooks/{webhook.get_json()['id']}/test")
    assert test.status_code == 201 and test.get_json()["event"] == "webhook.test"
    assert_deprecated(test, f"/v1/webhooks/{webhook.get_json()['id']}/test")
    deliveries = legacy("GET", f"/api/webhooks/{webhook.get_json()['id']}/deliveries")
    assert [d["id"] for d in deliveries.get_json()] == [test.get_json()["id"]]
    v1_deliveries = api.get(f"/v1/webhooks/{webhook.get_json()['id']}/deliveries").get_json()["data"]
    assert v1_deliveries == deliveries.get_json()


def test_usage_answers_the_summary_unwrapped(legacy):
    legacy("GET", "/api/channels")
    usage = legacy("GET", "/api/usage")
    assert usage.status_code == 200
    body = usage.get_json()
    assert body["mode"] == "live" and body["plan"] == "free" and body["today"]["requests"] >= 1
    assert_deprecated(usage, "/v1/usage")
    assert isinstance(legacy("GET", "/api/usage/history").get_json(), list)


def test_errors_keep_the_one_error_shape(legacy):
    invalid = legacy("POST", "/api/channels", json={"name": ""})
    assert_error(invalid, 400, "VALIDATION_ERROR")
    assert invalid.get_json()["error"]["details"][0]["field"] == "name"
    assert_deprecated(invalid, "/v1/channels")
    assert_error(legacy("GET", "/api/posts/post_missing"), 404, "NOT_FOUND")


def test_writes_need_the_csrf_header(legacy, api):
    refused = legacy("POST", "/api/channels", csrf="", json={"name": "Launch"})
    error = assert_error(refused, 403, "CSRF_TOKEN_INVALID")
    assert error["details"] == [{"field": "X-CSRF-Token", "message": "missing or wrong"}]
    assert_deprecated(refused, "/v1/channels")
    assert_error(
        legacy("POST", "/api/channels", csrf="forged", json={"name": "x"}), 403, "CSRF_TOKEN_INVALID"
    )
    assert api.get("/v1/channels").get_json()["data"] == []
    channel = api.post("/v1/channels", json={"name": "Kept"}).get_json()["data"]
    assert_error(legacy("DELETE", f"/api/channels/{channel['id']}", csrf=""), 403, "CSRF_TOKEN_INVALID")
    assert api.get(f"/v1/channels/{channel['id']}").get_json() == {"data": channel}
    assert legacy("GET", "/api/channels", csrf="").get_json() == [channel]


def test_without_a_session_api_is_401_and_an_api_key_does_not_help(client, make_key):
    key = make_key()
    assert_error(client.get("/api/channels"), 401, "MISSING_SESSION")
    with_key = client.get("/api/channels", headers={"Authorization": f"Bearer {key}"})
    assert_error(with_key, 401, "MISSING_SESSION")


def test_api_follows_the_console_mode(legacy, console, make_key):
    legacy("POST", "/api/channels", json={"name": "Live"})
    console.post("/console/mode", {"mode": "test", "next": "/console/channels"})
    assert legacy("GET", "/api/channels").get_json() == []


def test_only_the_contracts_paths_are_served(legacy):
    assert_error(legacy("GET", "/api/api-keys"), 404, "NOT_FOUND")
    assert_error(legacy("GET", "/api/media/med_x.png"), 404, "NOT_FOUND")


def test_disabled_legacy_answers_404_everywhere(settings, console_user):
    settings["legacy"] = {"enabled": False}
    client = create_app(settings).test_client()
    console = Console(client)
    console.sign_in()
    for path in ("/api/channels", "/api/posts", "/api/connections", "/api/webhooks", "/api/usage"):
        response = client.get(path)
        assert_error(response, 404, "NOT_FOUND")
        assert "Deprecation" not in response.headers
    assert client.get("/console/channels").status_code == 200


def test_neither_api_nor_the_console_is_in_the_openapi_document(client):
    paths = client.get("/openapi.json").get_json()["paths"]
    assert "/v1/channels" in paths
    assert [path for path in paths if path.startswith(("/api", "/console"))] == []


def test_every_api_route_needs_the_session_and_every_write_the_csrf_header(app, legacy, api):
    signed_out = app.test_client()
    checked = 0
    for method, path, rule in v1_routes(app):
        if not any(path == v1 or path.startswith(v1 + "/") for v1 in SUCCEEDED):
            continue
        twin = "/api/" + path.removeprefix("/v1/")
        checked += 1
        if rule.keyless:  # the OAuth callback: the platform comes back to /v1 only
            assert_error(legacy(method, twin), 404, "NOT_FOUND")
            continue
        assert_error(signed_out.open(twin, method=method, json={}), 401, "MISSING_SESSION")
        if method != "GET" or rule.permission.endswith(":write"):
            refused = legacy(method, twin, csrf="", json={})
            assert_error(refused, 403, "CSRF_TOKEN_INVALID")
    assert checked >= 25
    for listing in ("/v1/channels", "/v1/posts", "/v1/webhooks", "/v1/connections"):
        assert api.get(listing).get_json()["data"] == [], listing
