"""What the OAuth callback of a run started through the API shows the browser
(docs/connections.md, How an OAuth run is bound): which Postline account got which
platform account, framed by no one, with the platform's own text escaped and cut."""

from devtools.connecting import authorize
from devtools.fakes.x import x_user
from tests.connections.conftest import RETURN_ORIGIN

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


def test_the_redirect_names_the_connection_and_the_postline_account(api, fake_x):
    answer = api.client.get(authorize(api, returnTo=f"{RETURN_ORIGIN}/done?tab=accounts"))
    [connection] = api.get("/v1/connections").get_json()["data"]
    assert answer.status_code == 302
    assert answer.headers["Location"] == (
        f"{RETURN_ORIGIN}/done?tab=accounts&connection={connection['id']}&status=connected&account=acme"
    )


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
