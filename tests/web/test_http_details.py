"""HTTP details (docs/api.md, Basics): `Location` on every 201, `WWW-Authenticate` on
every 401 for a key, and an id path segment that takes only its own kind's prefix, so
that a fixed word (`batch`, `import`, `upload`, `sandbox`, a provider) never reaches an
id route."""

import http.server
import re
import threading

import pytest
from werkzeug.exceptions import MethodNotAllowed, NotFound

from devtools.fakes.bluesky import ACCOUNT, FakeBluesky
from devtools.media import image, upload
from postline.web.api import PATH_PARAMETERS, PrefixedId
from tests.support import fakes
from tests.support.client import assert_error

PNG = image("PNG", (12, 9))
FIXED_WORDS = ("batch", "import", "upload", "sandbox", "x", "meta", "verify-channel", "auth")


@pytest.fixture
def fake_bluesky():
    fake = fakes.on_steady_port(FakeBluesky)
    yield fake
    fakes.close(fake)


@pytest.fixture
def settings(settings, fake_bluesky):
    """Imports may fetch from the test's own server on 127.0.0.1 over http; Bluesky is
    the fake."""
    settings["media"].update(import_allow_http=True, import_allow_private_targets=True, import_timeout=2)
    settings["bluesky"] = fake_bluesky.settings()
    return settings


@pytest.fixture
def png_url():
    class Handler(http.server.BaseHTTPRequestHandler):
        def do_GET(self):
            self.send_response(200)
            self.send_header("Content-Length", str(len(PNG)))
            self.end_headers()
            self.wfile.write(PNG)

        def log_message(self, *args):
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=server.serve_forever, args=(0.05,), daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}/banner.png"
    server.shutdown()
    server.server_close()


def test_every_201_names_the_resource_it_created_in_location(client, api, make_key, png_url):
    spec = client.get("/openapi.json").get_json()
    creating = {
        f"{method.upper()} {path}"
        for path, item in spec["paths"].items()
        for method, operation in item.items()
        if method != "parameters" and "201" in operation["responses"]
    }
    answered = set()

    def created(label, response, shown_once=(), reader=api):
        """The 201's Location answers what the 201 showed (but what is shown once), to
        `reader` (a client of the same mode)."""
        assert response.status_code == 201, response.get_data(as_text=True)
        answered.add(label)
        location = response.headers["Location"]
        assert location.startswith("http://localhost/v1/")
        fetched = reader.get(location)
        assert fetched.status_code == 200, location
        made = response.get_json()["data"]
        if isinstance(made, dict):
            made = {name: value for name, value in made.items() if name not in shown_once}
        assert fetched.get_json()["data"] == made
        return response.get_json()["data"]

    channel = created("POST /v1/channels", api.post("/v1/channels", json={"name": "Here"}))["id"]
    created("POST /v1/posts", api.post("/v1/posts", json={"channelId": channel, "content": "x"}))
    batch = {
        "posts": [
            {"channelId": channel, "content": f"part {n}", "scheduledFor": n * 3_600_000 + 1_900_000_000_000}
            for n in (1, 2)
        ]
    }
    posts = created("POST /v1/posts/batch", api.post("/v1/posts/batch", json=batch))
    assert [post["content"] for post in posts] == ["part 1", "part 2"]
    created("POST /v1/media/upload", upload(api, PNG))
    created("POST /v1/media/import", api.post("/v1/media/import", json={"url": png_url}))
    hook = {"url": "https://hooks.example.com/here", "events": ["post.created"]}
    webhook = created("POST /v1/webhooks", api.post("/v1/webhooks", json=hook), ("secret",))["id"]
    delivery = created("POST /v1/webhooks/{webhook_id}/test", api.post(f"/v1/webhooks/{webhook}/test"))["id"]
    created(
        "POST /v1/webhooks/{webhook_id}/deliveries/{delivery_id}/retry",
        api.post(f"/v1/webhooks/{webhook}/deliveries/{delivery}/retry"),
    )
    created("POST /v1/api-keys", api.post("/v1/api-keys", json={"name": "here"}), ("key",))
    tester = api.as_key(make_key(mode="test"))
    sandbox = tester.post("/v1/channels", json={"name": "Sandbox"}).get_json()["data"]["id"]
    simulated = {"platform": "x", "channelId": sandbox}
    created(
        "POST /v1/connections/sandbox", tester.post("/v1/connections/sandbox", json=simulated), reader=tester
    )
    signing_in = {"handle": ACCOUNT["handle"], "appPassword": ACCOUNT["app_password"]}
    created("POST /v1/connections/bluesky", api.post("/v1/connections/bluesky", json=signing_in))
    # Every operation the document says answers 201, whichever comes next, is created above.
    assert creating - answered == set(), "answers 201 but this test creates none: add it"
    assert answered <= creating, "answered 201 but the document does not say so"


def test_a_401_says_how_to_authenticate_and_whether_the_key_was_refused(client, api, make_key):
    missing = client.get("/v1/posts")
    assert_error(missing, 401, "MISSING_API_KEY")
    assert missing.headers["WWW-Authenticate"] == "Bearer"
    revoked = make_key(name="to revoke")
    revoked_id = api.as_key(revoked).get("/v1/health").get_json()["data"]["key"]["id"]
    api.delete(f"/v1/api-keys/{revoked_id}")
    for authorization in ("Bearer nope", "Basic dXNlcjpwYXNz", f"Bearer {revoked}"):
        refused = client.get("/v1/posts", headers={"Authorization": authorization})
        assert_error(refused, 401, "INVALID_API_KEY")
        assert refused.headers["WWW-Authenticate"] == 'Bearer error="invalid_token"'
    assert "WWW-Authenticate" not in api.get("/v1/posts").headers


def test_fixed_words_never_reach_an_id_route(app, client, api):
    for path, methods in {
        "/v1/media/import": {"OPTIONS", "POST"},
        "/v1/media/upload": {"OPTIONS", "POST"},
        "/v1/posts/batch": {"DELETE", "OPTIONS", "PATCH", "POST"},
        "/v1/connections/sandbox": {"OPTIONS", "POST"},
    }.items():
        assert set(client.options(path).headers["Allow"].split(", ")) == methods, path
    assert_error(api.get("/v1/media/import"), 405, "METHOD_NOT_ALLOWED")
    assert_error(api.get("/v1/posts/batch"), 405, "METHOD_NOT_ALLOWED")
    assert_error(api.get("/v1/connections/sandbox"), 405, "METHOD_NOT_ALLOWED")
    # Another kind's id, or a word, in an id's place is no path at all: 404, key or none.
    for path in ("/v1/posts/ch_01jd3x8t2k9s7a6b5c4d3e2f1g", "/v1/connections/batch", "/v1/connections/x"):
        assert_error(client.get(path), 404, "NOT_FOUND")
        assert_error(api.post(path, json={}), 404, "NOT_FOUND")
    # Every id route, with each fixed word in each id's place: never that route.
    adapter = app.url_map.bind("localhost")
    id_rules = [rule for rule in app.url_map.iter_rules() if _id_arguments(rule)]
    assert len(id_rules) >= 15
    for rule in id_rules:
        for argument in _id_arguments(rule):
            for word in FIXED_WORDS:
                path = rule.rule
                for name in rule.arguments:
                    value = word if name == argument else PATH_PARAMETERS[name][1]
                    path = path.replace(f"<{rule._converters[name].prefix}:{name}>", value)
                for method in rule.methods - {"OPTIONS", "HEAD"}:
                    try:
                        matched, _ = adapter.match(path, method=method, return_rule=True)
                    except (NotFound, MethodNotAllowed):
                        continue
                    assert matched is not rule, (path, method)


def _id_arguments(rule):
    return [name for name, converter in rule._converters.items() if isinstance(converter, PrefixedId)]


def test_id_parameters_are_documented_with_their_prefix(client):
    spec = client.get("/openapi.json").get_json()
    for path, item in spec["paths"].items():
        # A path's own parameters are its path parameters alone; an operation's query
        # and headers are the operation's.
        assert all(parameter["in"] == "path" for parameter in item.get("parameters", [])), path
        in_path = [
            parameter
            for operation in [item, *(item[method] for method in item if method != "parameters")]
            for parameter in operation.get("parameters", [])
            if parameter["in"] == "path"
        ]
        assert {parameter["name"] for parameter in in_path} == set(re.findall(r"{(\w+)}", path)), path
        for parameter in in_path:
            prefix = PATH_PARAMETERS[parameter["name"]][2]
            if prefix is None:
                assert "pattern" not in parameter["schema"], (path, parameter["name"])
            else:
                assert parameter["schema"]["pattern"] == f"^{prefix}[^/]+$", (path, parameter["name"])
                assert parameter["example"].startswith(prefix)


def test_the_callbacks_state_is_required_as_it_is_refused_without_one(client):
    spec = client.get("/openapi.json").get_json()
    callback = spec["paths"]["/v1/connections/{provider}/callback"]["get"]
    state = next(parameter for parameter in callback["parameters"] if parameter["name"] == "state")
    assert state["required"] is True
    assert client.get("/v1/connections/x/callback?code=abc").status_code == 400
