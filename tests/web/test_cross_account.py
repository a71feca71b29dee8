"""One account never reaches another's resources (docs/api-notes.md): account B's API
key (on /v1), or B's console session (on /api and /console), sent to a route with one
of account A's ids answers exactly as it does for an id that never existed, and changes
nothing A's API shows.

The routes come from the app's URL map, so a new route with an id is checked as soon
as it exists; a write needs a valid body of its own in BODIES (a test fails until it
has one), so that only the foreign id can make it fail.
"""

import io
import re

import pytest
from PIL import Image

from devtools.client import Api
from devtools.connecting import authorize
from tests.support.console import Console, make_user

# A path placeholder names one of these (what A's world holds for it) ...
ID_KINDS = {
    "channel_id",
    "connection_id",
    "post_id",
    "webhook_id",
    "delivery_id",
    "key_id",
    "media_key",
    "series_id",
    "import_id",
}
# ... or is not an account's id: a platform's name, a static file, a signed media URL
# (its signature, not an account, guards it: tests/media/test_content.py).
NOT_IDS = {"provider", "filename", "token"}
PLACEHOLDER = re.compile(r"<(?:[^:>]+:)?([^>]+)>")
SURFACES = {"/v1/": "key", "/api/": "session", "/console/": "session"}

# A valid body for each write to a route with an id, keyed by method and rule (/api
# shares the bodies of /v1; None sends no body). `{own_channel}` is B's channel,
# so only the id in the path is foreign.
BODIES = {
    ("PATCH", "/v1/channels/<channel_id>"): {"name": "Taken"},
    ("DELETE", "/v1/channels/<channel_id>"): None,
    ("DELETE", "/v1/connections/<connection_id>"): None,
    ("POST", "/v1/connections/<connection_id>/add-to-channel"): {"channelId": "{own_channel}"},
    ("POST", "/v1/connections/<connection_id>/remove-from-channel"): {"channelId": "{own_channel}"},
    ("POST", "/v1/connections/<connection_id>/refresh"): None,
    ("POST", "/v1/connections/<connection_id>/verify"): None,
    ("POST", "/v1/connections/verify-channel/<channel_id>"): None,
    ("PATCH", "/v1/posts/<post_id>"): {"content": "Taken"},
    ("DELETE", "/v1/posts/<post_id>"): None,
    ("PATCH", "/v1/webhooks/<webhook_id>"): {"description": "Taken"},
    ("DELETE", "/v1/webhooks/<webhook_id>"): None,
    ("POST", "/v1/webhooks/<webhook_id>/test"): None,
    ("POST", "/v1/webhooks/<webhook_id>/deliveries/<delivery_id>/retry"): None,
    ("PATCH", "/v1/api-keys/<key_id>"): {"name": "Taken"},
    ("DELETE", "/v1/api-keys/<key_id>"): None,
    ("PATCH", "/v1/media/<media_key>"): {"altText": "Taken"},
    ("DELETE", "/v1/media/<media_key>"): None,
    ("PUT", "/v1/channels/<channel_id>/schedule"): {
        "timezone": "UTC",
        "slots": [{"day": "mon", "time": "09:00"}],
    },
    ("POST", "/v1/channels/<channel_id>/schedule/reflow"): None,
    ("PATCH", "/v1/series/<series_id>"): {"content": "Taken"},
    ("DELETE", "/v1/series/<series_id>"): None,
    ("POST", "/v1/series/<series_id>/skip"): {"scheduledFor": "2030-01-01T09:00:00Z"},
    # The console's forms (each with the session's CSRF token).
    ("POST", "/console/channels/<channel_id>"): {"name": "Taken", "color": "#111111"},
    ("POST", "/console/channels/<channel_id>/delete"): {},
    ("POST", "/console/channels/<channel_id>/schedule"): {"timezone": "UTC", "slots": "mon 09:00"},
    ("POST", "/console/channels/<channel_id>/schedule/reflow"): {},
    ("POST", "/console/connections/<connection_id>/channels"): {"channelId": "{own_channel}"},
    ("POST", "/console/connections/<connection_id>/channels/<channel_id>/remove"): {},
    ("POST", "/console/connections/<connection_id>/delete"): {},
    ("POST", "/console/connections/<connection_id>/reconnect"): {},
    ("POST", "/console/connections/<connection_id>/verify"): {},
    ("POST", "/console/keys/<key_id>/revoke"): {},
    ("POST", "/console/posts/<post_id>"): {"channelId": "{own_channel}", "content": "Taken"},
    ("POST", "/console/posts/<post_id>/delete"): {},
    ("POST", "/console/posts/<post_id>/retry"): {},
    ("POST", "/console/webhooks/<webhook_id>/delete"): {},
    ("POST", "/console/webhooks/<webhook_id>/test"): {},
    ("POST", "/console/webhooks/<webhook_id>/deliveries/<delivery_id>/retry"): {},
}


# Console forms that show themselves again, with the not-found message beside the form,
# rather than the console's 404 page: 400, for a foreign id as for a missing one.
FORMS_SHOWN_AGAIN = {
    ("POST", "/console/channels/<channel_id>"),
    ("POST", "/console/connections/<connection_id>/channels"),
}


def id_routes(app, surface):
    """(method, rule, placeholder names) of every route of `surface` with an account's id."""
    for rule in app.url_map.iter_rules():
        names = PLACEHOLDER.findall(rule.rule)
        if not rule.rule.startswith(surface) or not set(names) & ID_KINDS:
            continue
        for method in sorted(rule.methods - {"HEAD", "OPTIONS"}):
            yield method, rule.rule, names


def body_key(method, rule):
    """How BODIES names a route: under /v1, its id converters (`<post_:post_id>`) left out."""
    return method, re.sub(r"<[^:>]+:([^>]+)>", r"<\1>", re.sub(r"^/api/", "/v1/", rule))


def test_every_placeholder_is_an_id_kind_or_named_as_not_an_id(app):
    names = {name for rule in app.url_map.iter_rules() for name in PLACEHOLDER.findall(rule.rule)}
    assert names - ID_KINDS - NOT_IDS == set(), "a new kind of id: give A's world one and list it in ID_KINDS"


def test_every_write_to_a_route_with_an_id_has_a_body_in_the_table(app):
    writes = {
        body_key(method, rule)
        for surface in SURFACES
        for method, rule, _ in id_routes(app, surface)
        if method != "GET"
    }
    assert writes - set(BODIES) == set(), "add a valid body for each new route to BODIES"
    assert set(BODIES) - writes == set(), "BODIES names a route that is gone"


@pytest.fixture
def settings(settings, fake_x):
    settings["x"] = fake_x.settings()
    return settings


def created(response):
    assert response.status_code == 201, response.get_data(as_text=True)[:500]
    return response.get_json()["data"]


def connect(api):
    """A whole OAuth run at the fake X for the key's account; the new connection's id."""
    before = {c["id"] for c in api.get("/v1/connections").get_json()["data"]}
    assert api.client.get(authorize(api)).status_code in (200, 302)
    (new,) = {c["id"] for c in api.get("/v1/connections").get_json()["data"]} - before
    return new


def png():
    buffer = io.BytesIO()
    Image.new("RGB", (30, 20), (200, 30, 30)).save(buffer, "PNG")
    return buffer.getvalue()


def make_world(api):
    """One resource of every id kind for the key's account: {placeholder: id}."""
    channel = created(api.post("/v1/channels", json={"name": "Launch"}))["id"]
    connection = connect(api)
    assert (
        api.post(f"/v1/connections/{connection}/add-to-channel", json={"channelId": channel}).status_code
        == 200
    )
    webhook = created(
        api.post("/v1/webhooks", json={"url": "https://hooks.example.com/in", "events": ["post.failed"]})
    )["id"]
    delivery = created(api.post(f"/v1/webhooks/{webhook}/test"))["id"]
    media = created(
        api.post(
            "/v1/media/upload",
            data={"file": (io.BytesIO(png()), "banner.png")},
            content_type="multipart/form-data",
        )
    )["key"]
    post = created(api.post("/v1/posts", json={"channelId": channel, "content": "Mine", "status": "draft"}))
    key = created(api.post("/v1/api-keys", json={"name": "deploy"}))["id"]
    schedule = {"timezone": "UTC", "slots": [{"day": "tue", "time": "09:00"}]}
    assert api.request("PUT", f"/v1/channels/{channel}/schedule", json=schedule).status_code == 200
    weekly = {"channelId": channel, "content": "Weekly", "recurrence": "FREQ=WEEKLY", "timezone": "UTC"}
    series = created(api.post("/v1/posts", json=weekly))["seriesId"]
    rows = f"channelId,content\n{channel},Imported\n"
    checked = api.post("/v1/posts/import?dryRun=true", data=rows, content_type="text/csv")
    assert checked.status_code == 200, checked.get_data(as_text=True)
    return {
        "channel_id": channel,
        "connection_id": connection,
        "webhook_id": webhook,
        "delivery_id": delivery,
        "media_key": media,
        "post_id": post["id"],
        "key_id": key,
        "series_id": series,
        "import_id": checked.get_json()["data"]["id"],
    }


def never_existed(real_id):
    """An id of the same kind and shape that names nothing."""
    prefix, rest = real_id.split("_", 1)
    return f"{prefix}_{rest[:4]}{'0' if rest[4] != '0' else '1'}{rest[5:]}"


def snapshot(api, world):
    """Everything A's API shows of A's resources."""
    listed = {
        path: api.get(path, query_string={"per_page": 100}).get_json()["data"]
        for path in ("/v1/channels", "/v1/connections", "/v1/posts", "/v1/webhooks")
    }
    listed["keys"] = [
        {k: v for k, v in key.items() if k != "lastUsedAt"}
        for key in api.get("/v1/api-keys").get_json()["data"]
    ]
    listed["deliveries"] = api.get(f"/v1/webhooks/{world['webhook_id']}/deliveries").get_json()["data"]
    listed["media"] = api.get(f"/v1/media/{world['media_key']}").get_json()["data"]
    listed["content"] = api.get(f"/v1/media/{world['media_key']}/content").get_data()
    listed["schedule"] = api.get(f"/v1/channels/{world['channel_id']}/schedule").get_json()["data"]
    listed["series"] = api.get(f"/v1/series/{world['series_id']}").get_json()["data"]
    listed["import"] = api.get(f"/v1/imports/{world['import_id']}").get_json()["data"]
    return listed


@pytest.fixture
def accounts(app, client, make_key, fake_x):
    """Account A's API and world; account B's key, signed-in console and own channel."""
    a = Api(client, make_key(account="acme"))
    b = Api(app.test_client(), make_key(account="umbrella", name="b key"))
    make_user("bea@example.com", account="umbrella")
    b_console = Console(app.test_client())
    assert b_console.sign_in("bea@example.com").status_code == 302
    b_console.get("/console/calendar")
    world = make_world(a)
    b_world = make_world(b)
    return a, world, b, b_console, b_world


def send(surface, b, b_console, method, path, body):
    if surface == "/v1/":
        return b.request(method, path, json=body) if body is not None else b.request(method, path)
    if surface == "/api/":
        headers = {"X-CSRF-Token": b_console.csrf}
        if body is None:
            return b_console.client.open(path, method=method, headers=headers)
        return b_console.client.open(path, method=method, headers=headers, json=body)
    if method == "GET":
        return b_console.client.get(path)
    return b_console.post(path, body)


def comparable(response, ids):
    """An answer with the ids swapped for their never-existing twins, without what
    differs between any two requests (the request id)."""
    text = response.get_data(as_text=True)
    for real, missing in ids.items():
        text = text.replace(real, missing)
    text = re.sub(r"req_[0-9a-f]+", "req_", text)
    return response.status_code, response.headers.get("Location"), text


def fill(rule, ids):
    return PLACEHOLDER.sub(lambda m: ids[m.group(1)], rule)


@pytest.mark.parametrize("surface", list(SURFACES))
def test_another_accounts_id_answers_like_one_that_never_existed(app, accounts, surface):
    a, world, b, b_console, b_world = accounts
    missing = {name: never_existed(value) for name, value in world.items()}
    before = snapshot(a, world)
    checked, failures = 0, []
    for method, rule, names in id_routes(app, surface):
        body = BODIES.get(body_key(method, rule))
        if body is not None:
            own = b_world["channel_id"]
            body = {k: v.format(own_channel=own) if isinstance(v, str) else v for k, v in body.items()}
        # Every id A's, then (for two ids) B's own first id with A's second.
        choices = [dict(world)]
        if len(names) > 1:
            choices.append({**world, names[0]: b_world[names[0]]})
        for ids in choices:
            foreign = {ids[name]: missing[name] for name in names if ids[name] == world[name]}
            never = send(
                surface,
                b,
                b_console,
                method,
                fill(rule, {**ids, **{n: missing[n] for n in names if ids[n] == world[n]}}),
                body,
            )
            answer = send(surface, b, b_console, method, fill(rule, ids), body)
            checked += 1
            problems = []
            expected = 400 if (method, rule) in FORMS_SHOWN_AGAIN else 404
            if len(foreign) == len(names) and answer.status_code != expected:
                problems.append(f"{answer.status_code}, not {expected}")
            if comparable(answer, foreign) != comparable(never, {}):
                problems.append("answers unlike a never-existing id")
            if snapshot(a, world) != before:
                problems.append("changed A's resources")
                before = snapshot(a, world)
            if problems:
                failures.append((method, fill(rule, ids), problems, answer.get_data(as_text=True)[:300]))
    assert checked >= 10
    assert failures == [], "\n".join(f"{m} {path}: {', '.join(p)}: {text}" for m, path, p, text in failures)
