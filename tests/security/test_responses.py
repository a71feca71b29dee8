"""What every answer carries and never carries: security headers on every surface,
errors included; OPTIONS on /api as on /v1; a sign-in `next` that cannot be a header
ignored, never a 500; downloads named by their key; SSRF refusals that name the rule,
not an address inside the network (docs/security.md)."""

import pytest

from devtools.media import image, upload
from models import ConsoleSession
from tests.support.client import assert_error, raw_request
from tests.support.console import PASSWORD, Console

SURFACES = [
    ("GET", "/docs"),
    ("GET", "/openapi.json"),
    ("GET", "/docs/assets/swagger-ui.css"),
    ("GET", "/healthz"),
    ("GET", "/v1/health"),  # 401 without a key
    ("GET", "/v1/channels"),  # 401
    ("DELETE", "/v1/health"),  # 405
    ("GET", "/v1/nothing-here"),  # 404
    ("GET", "/api/channels"),  # 401 without a session
    ("OPTIONS", "/api/channels"),
    ("GET", "/console/sign-in"),
    ("GET", "/console/keys"),  # 302 to the sign-in
    ("GET", "/console/static/console.css"),
    ("GET", "/media/med_nothing.1.xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx.png"),  # 404
    ("GET", "/"),
]


def assert_protected(response, hsts=False):
    headers = response.headers
    assert headers.get("X-Content-Type-Options") == "nosniff"
    assert headers.get("X-Frame-Options") == "DENY"
    assert "frame-ancestors 'none'" in headers.get("Content-Security-Policy", "")
    assert len(headers.getlist("Content-Security-Policy")) == 1
    assert (headers.get("Strict-Transport-Security") == "max-age=31536000") is hsts


@pytest.mark.parametrize("method, path", SURFACES)
def test_every_surface_sends_the_security_headers(client, method, path):
    with client.open(path, method=method) as response:  # closes a file it streams
        assert_protected(response)


def test_answers_with_a_key_and_the_consoles_own_pages_send_them_too(api, console):
    assert_protected(api.get("/v1/channels"))
    page = console.get("/console/keys")
    assert page.status_code == 200
    assert_protected(page)
    assert "default-src 'self'" in page.headers["Content-Security-Policy"]  # the console's own, kept


@pytest.fixture
def https(settings):
    settings["server"]["public_url"] = "https://postline.example.com"
    return settings


@pytest.mark.parametrize("method, path", SURFACES)
def test_hsts_is_sent_when_the_public_url_is_https(https, client, method, path):
    with client.open(path, method=method) as response:
        assert_protected(response, hsts=True)


@pytest.mark.parametrize(
    "public_url, hsts", [("http://127.0.0.1", False), ("https://postline.example.com", True)]
)
def test_gunicorns_own_refusals_send_the_security_headers_hsts_when_https(gunicorn, public_url, hsts):
    """A request line too long for gunicorn is answered by gunicorn itself, before the app."""
    base = gunicorn(workers=1, POSTLINE_SERVER_PUBLIC_URL=public_url)
    status, headers, _ = raw_request(base, b"GET /v1/posts?" + b"a" * 9000 + b" HTTP/1.1\r\nHost: x\r\n\r\n")
    assert status == 414
    assert headers.get("X-Content-Type-Options") == "nosniff"
    assert headers.get("X-Frame-Options") == "DENY"
    assert headers.get("Content-Security-Policy") == "frame-ancestors 'none'"
    assert (headers.get("Strict-Transport-Security") == "max-age=31536000") is hsts


@pytest.mark.parametrize(
    "path", ["/api/channels", "/api/posts/batch", "/api/webhooks/wh_x/deliveries", "/api/usage"]
)
def test_options_on_an_api_path_answers_like_its_v1_path(client, path):
    legacy = client.open(path, method="OPTIONS")
    successor = client.open("/v1/" + path.removeprefix("/api/"), method="OPTIONS")
    assert legacy.status_code == successor.status_code == 200, legacy.get_data(as_text=True)
    assert set(legacy.headers["Allow"].split(", ")) == set(successor.headers["Allow"].split(", "))
    assert legacy.headers["Deprecation"]


@pytest.mark.parametrize(
    "target",
    [
        "/console/keys%0d%0aSet-Cookie:%20evil=1",
        "/console/keys%0aX-Injected:%201",
        "/console/keys%00",
        "/console/keys%09tab",
        "/console/k%20eys",
    ],
)
def test_a_next_that_cannot_be_a_header_goes_to_the_calendar(client, console_user, target):
    console = Console(client)
    console.get("/console/sign-in")
    response = console.post(
        f"/console/sign-in?next={target}", {"email": "ada@example.com", "password": PASSWORD}
    )
    assert response.status_code == 302, response.get_data(as_text=True)[:300]
    assert response.headers["Location"] == "/console/calendar"
    assert "evil" not in str(response.headers) and "X-Injected" not in str(response.headers)
    assert ConsoleSession.select().count() == 1


def test_a_good_next_is_still_followed(client, console_user):
    console = Console(client)
    console.get("/console/sign-in")
    response = console.post(
        "/console/sign-in?next=/console/posts/new%3FchannelId%3Dch_1",
        {"email": "ada@example.com", "password": PASSWORD},
    )
    assert response.headers["Location"] == "/console/posts/new?channelId=ch_1"


def test_a_download_is_named_by_its_key_never_the_clients_name(api):
    media = upload(api, image("PNG"), "evil.html").get_json()["data"]
    assert media["filename"] == "evil.html"  # shown as the client's, for display
    content = api.get(f"/v1/media/{media['key']}/content")
    assert content.headers["Content-Disposition"] == f'inline; filename="{media["key"]}"'
    assert media["key"].endswith(".png") and "evil" not in content.headers["Content-Disposition"]


@pytest.mark.parametrize("resolved", ["127.0.0.1", "10.1.2.3", "169.254.169.254", "fd00::1"])
def test_an_ssrf_refusal_names_the_rule_not_the_address_a_name_resolves_to(api, dns, resolved):
    dns["vm.example.com"] = [resolved]
    for path, body in (
        ("/v1/webhooks", {"url": "https://vm.example.com/hook", "events": ["post.created"]}),
        ("/v1/media/import", {"url": "https://vm.example.com/a.png"}),
    ):
        error = assert_error(api.post(path, json=body), 400, "VALIDATION_ERROR")
        message = error["details"][0]["message"]
        assert "private, loopback or reserved address (vm.example.com resolves to one)" in message
        assert resolved not in str(error), error
