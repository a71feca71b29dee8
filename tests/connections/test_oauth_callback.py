"""What the OAuth callback of a run started through the API shows the browser
(docs/connections.md, How an OAuth run is bound): which Postline account got which
platform account, on its page and in its redirect, framed by no one, with the
platform's own text escaped and cut."""

import types
from urllib.parse import parse_qs, urlsplit

import pytest

from devtools.connecting import authorize
from devtools.fakes.meta import IG_ID, PAGES, FakeMeta
from devtools.fakes.x import x_user
from postline.connections import authorization
from tests.connections.conftest import RETURN_ORIGIN
from tests.support import fakes

FRAMING = "frame-ancestors 'none'"


def assert_unframeable(answer):
    assert answer.headers["X-Frame-Options"] == "DENY"
    assert FRAMING in answer.headers["Content-Security-Policy"]
    assert answer.headers["Cache-Control"] == "no-store"


def test_the_page_names_the_platform_account_and_the_postline_account(api, fake_x):
    answer = api.client.get(authorize(api))
    assert answer.status_code == 200 and answer.mimetype == "text/html"
    text = answer.get_data(as_text=True)
    assert "@postline_fake on X is now connected to Postline account «acme» (live)." in text
    assert_unframeable(answer)


@pytest.fixture
def fake_meta():
    fake = fakes.on_steady_port(FakeMeta)
    yield fake
    fakes.close(fake)


@pytest.fixture
def settings(settings, fake_meta):
    settings["meta"] = fake_meta.settings()
    return settings


def test_the_redirect_names_the_connection_the_postline_account_and_the_platform_account(api, fake_x):
    answer = api.client.get(authorize(api, returnTo=f"{RETURN_ORIGIN}/done?tab=accounts"))
    [connection] = api.get("/v1/connections").get_json()["data"]
    assert answer.status_code == 302
    assert answer.headers["Location"] == (
        f"{RETURN_ORIGIN}/done?tab=accounts&connection={connection['id']}&status=connected&account=acme"
        f"&provider=x&count=1&platform=x&accountId={connection['accountId']}&username=postline_fake"
    )


def test_a_run_joining_several_connections_names_each_in_the_same_order(api, fake_meta):
    """Meta joins a connection per Page and per Instagram account: the redirect names
    each, its `connection`, `platform`, `accountId` and `username` at the same place."""
    answer = api.client.get(authorize(api, "meta", returnTo=f"{RETURN_ORIGIN}/done"))
    assert answer.status_code == 302
    query = parse_qs(urlsplit(answer.headers["Location"]).query, keep_blank_values=True)
    joined = {c["id"]: c for c in api.get("/v1/connections").get_json()["data"]}
    assert query["status"] == ["connected"] and query["account"] == ["acme"]
    assert query["provider"] == ["meta"] and query["count"] == ["3"]
    assert sorted(query["connection"]) == sorted(joined)
    named = list(
        zip(query["connection"], query["platform"], query["accountId"], query["username"], strict=True)
    )
    assert sorted((platform, account_id) for _, platform, account_id, _ in named) == sorted(
        [("facebook", PAGES[0]["id"]), ("facebook", PAGES[1]["id"]), ("instagram", IG_ID)]
    )
    for connection_id, platform, account_id, username in named:
        assert (platform, account_id, username) == (
            joined[connection_id]["platform"],
            joined[connection_id]["accountId"],
            joined[connection_id]["username"] or "",
        )


def test_the_redirect_names_the_first_20_connections_and_counts_them_all():
    connections = [
        types.SimpleNamespace(
            id=f"conn_{n}", provider="meta", platform="facebook", platform_account_id=str(n), username=None
        )
        for n in range(25)
    ]
    connected = authorization.Connected(connections, f"{RETURN_ORIGIN}/done", "acme", "live")
    query = parse_qs(urlsplit(connected.redirect()).query, keep_blank_values=True)
    assert query["count"] == ["25"]
    assert query["connection"] == [f"conn_{n}" for n in range(20)]
    assert query["accountId"] == [str(n) for n in range(20)] and query["username"] == [""] * 20


def test_a_run_of_another_account_says_whose_it_is(api, fake_x, make_key):
    """Account umbrella's auth URL opened by whoever: the page names umbrella, not the
    account the person at the browser may think they are connecting to."""
    umbrella = api.as_key(make_key(account="umbrella"))
    answer = api.client.get(authorize(umbrella))
    assert "is now connected to Postline account «umbrella» (live)." in answer.get_data(as_text=True)
    assert api.get("/v1/connections").get_json()["data"] == []


def test_the_platforms_error_text_is_escaped_and_cut(api, fake_x):
    state = api.get("/v1/connections/x/auth").get_json()["data"]["state"]
    description = "<script>alert(1)</script>" + "x" * 500
    answer = api.client.get(
        "/v1/connections/x/callback",
        query_string={"state": state, "error": "server_error", "error_description": description},
    )
    assert answer.status_code == 400
    text = answer.get_data(as_text=True)
    assert "<script>" not in text and "&lt;script&gt;alert(1)&lt;/script&gt;" in text
    assert "x" * 174 + "…" in text and "x" * 175 not in text  # 200 characters of it in all
    assert_unframeable(answer)
    assert api.get("/v1/connections").get_json()["data"] == []


def test_the_platforms_names_are_escaped_and_cut(api, fake_x):
    fake_x.signed_in = {**x_user(0), "username": "<b>bold</b>" + "n" * 230}
    answer = api.client.get(authorize(api))
    text = answer.get_data(as_text=True)
    assert "<b>" not in text and "@&lt;b&gt;bold&lt;/b&gt;" + "n" * 187 + "…" in text
    assert "n" * 188 not in text
