"""Every console form that writes refuses a request without this session's CSRF token
(docs/console.md), and only for that reason: each case of the table sends a
form that is otherwise valid, so the same form with the token does what it says.

A form sent without the token, or with a forged one, answers 400 with the console's
"did not come from this console" page and changes nothing the account's API or the
browser's session shows; the same form with the token changes it. The table must name
every POST route of the console blueprint (a new form fails the last test until it
has a case here).
"""

import re
from urllib.parse import urlsplit

import pytest
import requests

from devtools.fakes.bluesky import ACCOUNT, FakeBluesky
from models import ConsoleUser, Import, OAuthState, Post
from postline.statuses import PostStatus
from tests.support import fakes
from tests.support.console import PASSWORD

REFUSAL = "did not come from this console"
SELECTED_ZONE = re.compile(r"<option selected>([^<]+)</option>")


@pytest.fixture
def fake_bluesky():
    fake = fakes.on_steady_port(FakeBluesky)
    yield fake
    fakes.close(fake)


@pytest.fixture
def settings(settings, fake_x, fake_bluesky):
    settings["x"] = fake_x.settings()
    settings["bluesky"] = fake_bluesky.settings()
    return settings


def created(response):
    assert response.status_code == 201, response.get_data(as_text=True)[:500]
    return response.get_json()["data"]


@pytest.fixture
def world(console, api):
    """One of every resource a console form acts on, all of account `acme` (the
    console's), made through the API: {name: id}."""
    channel = created(api.post("/v1/channels", json={"name": "Launch"}))["id"]
    other_channel = created(api.post("/v1/channels", json={"name": "Second"}))["id"]
    started = api.get("/v1/connections/x/auth", query_string={"channelId": channel})
    approved = requests.get(started.get_json()["data"]["url"], allow_redirects=False, timeout=5)
    callback = urlsplit(approved.headers["Location"])
    assert api.client.get(f"{callback.path}?{callback.query}").status_code in (200, 302)
    (connection,) = api.get("/v1/connections").get_json()["data"]
    post = created(api.post("/v1/posts", json={"channelId": channel, "content": "Hello", "status": "draft"}))
    failed = created(api.post("/v1/posts", json={"channelId": channel, "content": "Failed once"}))
    # A failed post, as a worker leaves it, for the Retry form (no worker runs here).
    Post.update(status=PostStatus.FAILED, last_error_code="PLATFORM_ERROR").where(
        Post.id == failed["id"]
    ).execute()
    key = created(api.post("/v1/api-keys", json={"name": "deploy"}))["id"]
    schedule = {"timezone": "UTC", "slots": [{"day": "tue", "time": "09:00"}]}
    assert api.request("PUT", f"/v1/channels/{channel}/schedule", json=schedule).status_code == 200
    created(api.post("/v1/posts", json={"channelId": channel, "content": "Queued", "queue": True}))
    # A new schedule: the queued post keeps its Tuesday until the reflow form places it anew.
    schedule["slots"] = [{"day": "thu", "time": "09:00"}]
    assert api.request("PUT", f"/v1/channels/{channel}/schedule", json=schedule).status_code == 200
    webhook = created(
        api.post("/v1/webhooks", json={"url": "https://hooks.example.com/in", "events": ["post.failed"]})
    )["id"]
    assert api.post(f"/v1/webhooks/{webhook}/test").status_code in (200, 201, 202)
    (delivery,) = api.get(f"/v1/webhooks/{webhook}/deliveries").get_json()["data"]
    console.get("/console/calendar")
    return {
        "channel": channel,
        "other_channel": other_channel,
        "connection": connection["id"],
        "post": post["id"],
        "failed_post": failed["id"],
        "key": key,
        "webhook": webhook,
        "delivery": delivery["id"],
    }


def data_or_status(response):
    return response.get_json()["data"] if response.status_code == 200 else response.status_code


def snapshot(api, console, world):
    """What the account's API and the browser's session show: every resource a form
    can change, and the session's sign-in, mode and time zone (and the user's password)."""
    keys = api.get("/v1/api-keys").get_json()["data"]
    state = {
        "channels": api.get("/v1/channels").get_json()["data"],
        "connections": api.get("/v1/connections").get_json()["data"],
        "posts": api.get("/v1/posts", query_string={"per_page": 100}).get_json()["data"],
        "keys": [{k: v for k, v in key.items() if k != "lastUsedAt"} for key in keys],
        "webhooks": api.get("/v1/webhooks").get_json()["data"],
        "schedule": data_or_status(api.get(f"/v1/channels/{world['channel']}/schedule")),
        # 404 once the webhook is deleted.
        "deliveries": data_or_status(api.get(f"/v1/webhooks/{world['webhook']}/deliveries")),
        # An OAuth run started (Connect, Reconnect) shows nowhere in the API until it ends.
        "oauth_runs": OAuthState.select().count(),
        "password_hashes": [user.password_hash for user in ConsoleUser.select()],
        "imports": Import.select().count(),
    }
    settings_page = console.client.get("/console/settings")
    state["signed_in"] = settings_page.status_code == 200
    if state["signed_in"]:
        page = settings_page.get_data(as_text=True)
        state["test_mode"] = "test mode" in page
        state["time_zone"] = SELECTED_ZONE.search(page).group(1)
    return state


# (endpoint, path, form): `{name}` in the path is filled from `world`. Each form is one
# the console's own pages send, valid as it stands.
CASES = [
    ("console.sign_out", "/console/sign-out", {}),
    ("console.sign_out_everywhere", "/console/sign-out-everywhere", {}),
    (
        "console.change_password",
        "/console/settings/password",
        {"currentPassword": PASSWORD, "newPassword": "a brand new passphrase"},
    ),
    ("console.switch_mode", "/console/mode", {"mode": "test", "next": "/console/channels"}),
    ("console.user_settings", "/console/settings", {"timeZone": "America/New_York"}),
    ("console.create_channel", "/console/channels", {"name": "Autumn", "color": "#4F46E5"}),
    ("console.update_channel", "/console/channels/{channel}", {"name": "Renamed", "color": "#111111"}),
    ("console.delete_channel", "/console/channels/{other_channel}/delete", {}),
    (
        "console.save_channel_schedule",
        "/console/channels/{channel}/schedule",
        {"timezone": "UTC", "slots": "fri 10:00"},
    ),
    ("console.reflow_channel_schedule", "/console/channels/{channel}/schedule/reflow", {}),
    ("console.connect", "/console/connections", {"provider": "x"}),
    ("console.reconnect", "/console/connections/{connection}/reconnect", {}),
    (
        "console.connect_with_password",
        "/console/connections/bluesky/sign-in",
        {"handle": ACCOUNT["handle"], "appPassword": ACCOUNT["app_password"], "channelId": "{channel}"},
    ),
    ("console.verify_connection", "/console/connections/{connection}/verify", {}),
    ("console.delete_connection", "/console/connections/{connection}/delete", {}),
    (
        "console.add_connection_to_channel",
        "/console/connections/{connection}/channels",
        {"channelId": "{other_channel}"},
    ),
    (
        "console.remove_connection_from_channel",
        "/console/connections/{connection}/channels/{channel}/remove",
        {},
    ),
    (
        "console.create_key",
        "/console/keys",
        {"name": "ci", "permissions": "posts:read", "mode": "live", "expiresIn": "30"},
    ),
    ("console.revoke_key", "/console/keys/{key}/revoke", {}),
    (
        "console.create_webhook",
        "/console/webhooks",
        {"url": "https://hooks.example.com/other", "events": "post.failed", "description": "ops"},
    ),
    ("console.test_webhook", "/console/webhooks/{webhook}/test", {}),
    ("console.retry_delivery", "/console/webhooks/{webhook}/deliveries/{delivery}/retry", {}),
    ("console.delete_webhook", "/console/webhooks/{webhook}/delete", {}),
    # The post form with its thread, first comment and a platform's own text (post_versions.py).
    (
        "console.create_post",
        "/console/posts/new",
        {
            "channelId": "{channel}",
            "content": "From the form",
            "thread": "Its second part",
            "threadMedia": "",
            "firstComment": "A first comment",
            "platforms.x.content": "From the form, on X",
        },
    ),
    (
        "console.update_post",
        "/console/posts/{post}",
        {
            "channelId": "{channel}",
            "content": "Edited",
            "scheduledFor": "2030-01-15T09:00",
            "draft": "1",
            "thread": "An edited second part",
            "threadMedia": "",
            "firstComment": "",
            "platforms.x.content": "",
        },
    ),
    ("console.retry_post", "/console/posts/{failed_post}/retry", {}),
    ("console.delete_post", "/console/posts/{post}/delete", {}),
    # The file the import preview checked, as its form sends it back (base64 of a CSV).
    (
        "console.start_import",
        "/console/imports",
        {"file": "Y2hhbm5lbCxjb250ZW50CkxhdW5jaCxIZWxsbwo=", "format": "csv"},
    ),
]
# The sign-in form carries a double-submit token of its own, before there is a session:
# test_sign_in.py sends it a valid email and password without one.
# The import preview's form carries a file: tests/imports/test_console.py sends it
# without the token.
OUTSIDE_THE_TABLE = {"console.sign_in", "console.preview_import"}


def fill(world, text):
    return text.format(**world)


@pytest.mark.parametrize("endpoint, path, form", CASES, ids=[case[0].split(".")[1] for case in CASES])
def test_a_form_without_this_sessions_csrf_token_is_refused_and_changes_nothing(
    console, api, world, endpoint, path, form
):
    path = fill(world, path)
    form = {name: fill(world, value) for name, value in form.items()}
    before = snapshot(api, console, world)
    for token in (None, "", "forged"):
        sent = form if token is None else {**form, "csrf_token": token}
        refused = console.post(path, sent, csrf=False)
        assert refused.status_code == 400, (token, refused.get_data(as_text=True)[:500])
        assert REFUSAL in refused.get_data(as_text=True) and "Location" not in refused.headers
        assert snapshot(api, console, world) == before, token

    # The same form with the token is accepted and does what it says.
    accepted = console.post(path, form)
    assert accepted.status_code in (201, 302, 303), accepted.get_data(as_text=True)[:500]
    assert snapshot(api, console, world) != before


def test_the_table_names_every_console_form(app):
    posted = {
        rule.endpoint
        for rule in app.url_map.iter_rules()
        if rule.endpoint.startswith("console.") and "POST" in rule.methods
    }
    assert posted - OUTSIDE_THE_TABLE == {case[0] for case in CASES}
