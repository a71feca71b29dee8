"""/api/connections: the /v1 connection operations behind the console's session
cookie, unwrapped (docs/console.md, The deprecated /api), and no second OAuth callback."""

from urllib.parse import urlsplit

import requests

from devtools.connecting import authorize
from models import OAuthState
from tests.connections.conftest import connect
from tests.support.client import assert_error
from tests.web.test_legacy import assert_deprecated


def test_connections_are_listed_verified_and_linked_unwrapped(legacy, api):
    channel_id = legacy("POST", "/api/channels", json={"name": "Launch"}).get_json()["id"]
    connection = connect(api)
    listed = legacy("GET", "/api/connections")
    assert listed.status_code == 200 and listed.get_json() == [connection]
    assert_deprecated(listed, "/v1/connections")
    one = legacy("GET", f"/api/connections/{connection['id']}")
    assert one.get_json() == connection
    assert_deprecated(one, f"/v1/connections/{connection['id']}")

    added = legacy(
        "POST", f"/api/connections/{connection['id']}/add-to-channel", json={"channelId": channel_id}
    )
    assert added.status_code == 200 and added.get_json()["channelIds"] == [channel_id]
    assert_deprecated(added, f"/v1/connections/{connection['id']}/add-to-channel")
    assert api.get(f"/v1/connections/{connection['id']}").get_json() == {"data": added.get_json()}
    verified = legacy("POST", f"/api/connections/verify-channel/{channel_id}")
    assert verified.status_code == 200
    assert [c["id"] for c in verified.get_json()] == [connection["id"]]
    assert verified.get_json()[0]["status"] == "active" and verified.get_json()[0]["lastVerifiedAt"]
    assert_deprecated(verified, f"/v1/connections/verify-channel/{channel_id}")
    removed = legacy(
        "POST", f"/api/connections/{connection['id']}/remove-from-channel", json={"channelId": channel_id}
    )
    assert removed.status_code == 200 and removed.get_json()["channelIds"] == []
    # The same connection through /v1, wrapped: one implementation serves both.
    assert api.get(f"/v1/connections/{connection['id']}").get_json() == {"data": removed.get_json()}

    assert_error(legacy("DELETE", f"/api/connections/{connection['id']}", csrf=""), 403, "CSRF_TOKEN_INVALID")
    assert api.get(f"/v1/connections/{connection['id']}").status_code == 200  # the refusal kept it
    deleted = legacy("DELETE", f"/api/connections/{connection['id']}")
    assert deleted.status_code == 200 and deleted.get_json() == {"id": connection["id"], "deleted": True}
    assert_deprecated(deleted, f"/v1/connections/{connection['id']}")
    assert legacy("GET", "/api/connections").get_json() == []
    assert api.get("/v1/connections").get_json()["data"] == []


def test_starting_an_authorization_needs_the_csrf_header_though_it_is_a_get(legacy):
    refused = legacy("GET", "/api/connections/x/auth", csrf="")
    assert_error(refused, 403, "CSRF_TOKEN_INVALID")
    assert OAuthState.select().count() == 0
    started = legacy("GET", "/api/connections/x/auth")
    assert started.status_code == 200 and set(started.get_json()) == {"url", "state", "expiresAt"}
    assert OAuthState.select().count() == 1
    assert_deprecated(started, "/v1/connections/x/auth")
    redirected = legacy("GET", "/api/connections/x/auth?redirect=1")
    assert redirected.status_code == 302 and redirected.headers["Location"].startswith(
        started.get_json()["url"].split("?")[0]
    )


def test_the_platform_comes_back_to_v1_and_the_connection_is_the_consoles(legacy, client, fake_x):
    url = legacy("GET", "/api/connections/x/auth").get_json()["url"]
    approved = requests.get(url, allow_redirects=False, timeout=5)
    back = urlsplit(approved.headers["Location"])
    assert back.path == "/v1/connections/x/callback"
    # No /api twin of the callback: the state is not spent there, nor a cookie asked for.
    twin = client.get(f"/api/connections/x/callback?{back.query}")
    assert_error(twin, 404, "NOT_FOUND")
    assert "Deprecation" not in twin.headers
    page = client.get(f"{back.path}?{back.query}")
    assert page.status_code == 200 and "is now connected to Postline account «acme»" in page.get_data(
        as_text=True
    )
    [connection] = legacy("GET", "/api/connections").get_json()
    assert connection["username"] == "postline_fake"
    # Spent: the same callback again connects nothing more.
    assert client.get(f"{back.path}?{back.query}").status_code == 400
    assert [c["id"] for c in legacy("GET", "/api/connections").get_json()] == [connection["id"]]


def test_the_callback_is_not_served_under_api_even_with_a_session(legacy, api):
    path = authorize(api).replace("/v1/", "/api/", 1)
    assert_error(legacy("GET", path), 404, "NOT_FOUND")
    assert OAuthState.select().count() == 1  # still unspent


def test_a_run_started_through_api_is_refused_in_another_browser(legacy, app, fake_x):
    """/api runs are started by a console session, so that browser session alone may
    finish them, as the console's own (docs/connections.md, How an OAuth run is bound)."""
    url = legacy("GET", "/api/connections/x/auth").get_json()["url"]
    back = urlsplit(requests.get(url, allow_redirects=False, timeout=5).headers["Location"])
    refused = app.test_client().get(f"{back.path}?{back.query}")
    assert refused.status_code == 400
    assert "started in another browser session" in refused.get_data(as_text=True)
    assert legacy("GET", "/api/connections").get_json() == []
