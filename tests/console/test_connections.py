"""The console's Connections page through the Flask test client and the fake X: the
OAuth run from the console and back, and each action on a connection."""

from urllib.parse import urlsplit

import pytest
import requests

from devtools.client import Api
from models import Channel, Connection
from tests.support.console import Console, make_user

PUBLIC_URL = "http://127.0.0.1:8000"  # [server] public_url's default


@pytest.fixture
def settings(settings, fake_x):
    settings["x"] = fake_x.settings()
    return settings


def channel(console, name="Launch"):
    console.post("/console/channels", {"name": name})
    return Channel.get(Channel.name == name).id


def connect_through_x(console, **form):
    """Press "Connect X", approve at the fake X, follow the callback: where it lands."""
    sent = console.post("/console/connections", {"provider": "x", **form})
    assert sent.status_code == 303, sent.get_data(as_text=True)
    approved = requests.get(sent.headers["Location"], allow_redirects=False, timeout=5)
    assert approved.status_code == 302
    callback = urlsplit(approved.headers["Location"])
    assert (
        f"{callback.scheme}://{callback.netloc}{callback.path}" == f"{PUBLIC_URL}/v1/connections/x/callback"
    )
    back = console.client.get(f"{callback.path}?{callback.query}")
    assert back.status_code == 302
    return back.headers["Location"]


def test_connecting_x_goes_to_x_and_comes_back_to_the_connection(console, fake_x):
    ch = channel(console)
    listing = console.get("/console/connections")
    # The connect form's answer is a redirect to X: the page's CSP lets it go there.
    assert f"form-action 'self' {fake_x.url}" in listing.headers["Content-Security-Policy"]
    assert "Connect X" in listing.get_data(as_text=True)

    landed = connect_through_x(console, channelId=ch)
    connection = Connection.get()
    assert landed == (
        f"{PUBLIC_URL}/console/connections?connection={connection.id}&status=connected&account=acme"
        f"&provider=x&count=1&platform=x&accountId={connection.platform_account_id}&username=postline_fake"
    )
    page = console.text(landed.removeprefix(PUBLIC_URL))
    assert "Connected x account @postline_fake." in page
    assert "connection-active" in page and "renewed before then by the worker" in page
    assert f'action="/console/connections/{connection.id}/channels/{ch}/remove"' in page
    assert connection.channel_ids == [ch]


def approved_elsewhere(console):
    """Press "Connect X" in `console` and approve at the fake X: the callback's path and
    query, not yet followed."""
    sent = console.post("/console/connections", {"provider": "x"})
    approved = requests.get(sent.headers["Location"], allow_redirects=False, timeout=5)
    callback = urlsplit(approved.headers["Location"])
    return f"{callback.path}?{callback.query}"


def test_a_run_started_here_is_refused_in_another_browser_session(console, app, fake_x):
    """Account acme's run, opened in the browser of someone signed in to umbrella, would
    connect their X account into acme: it is refused and connects nothing."""
    callback = approved_elsewhere(console)
    make_user("mallory@example.com", account="umbrella")
    other = Console(app.test_client())
    assert other.sign_in("mallory@example.com").status_code == 302
    refused = other.client.get(callback)
    assert refused.status_code == 302
    assert (
        refused.headers["Location"] == f"{PUBLIC_URL}/console/connections?status=error&code=session_mismatch"
    )
    assert Connection.select().count() == 0
    page = other.text(refused.headers["Location"].removeprefix(PUBLIC_URL))
    assert "was started in another browser session" in page and 'role="alert"' in page
    # The run is spent: back in the browser that started it, it connects nothing either.
    spent = console.client.get(callback)
    assert spent.status_code == 400 and "already used" in spent.get_data(as_text=True)
    assert Connection.select().count() == 0


def test_a_run_started_here_is_refused_in_a_browser_signed_out(console, app, fake_x):
    callback = approved_elsewhere(console)
    refused = app.test_client().get(callback)
    assert (
        refused.headers["Location"] == f"{PUBLIC_URL}/console/connections?status=error&code=session_mismatch"
    )
    assert Connection.select().count() == 0


def test_a_run_started_here_is_refused_after_signing_in_again(console, fake_x):
    """Bound to the session, not to the user: a new session of the same user is another."""
    callback = approved_elsewhere(console)
    console.post("/console/sign-out")
    console.sign_in()
    refused = console.client.get(callback)
    assert refused.headers["Location"].endswith("status=error&code=session_mismatch")
    assert Connection.select().count() == 0


def test_reconnecting_keeps_the_connection(console, fake_x):
    connect_through_x(console)
    first = Connection.get()
    sent = console.post(f"/console/connections/{first.id}/reconnect")
    assert sent.status_code == 303 and sent.headers["Location"].startswith(fake_x.url)
    approved = requests.get(sent.headers["Location"], allow_redirects=False, timeout=5)
    callback = urlsplit(approved.headers["Location"])
    console.client.get(f"{callback.path}?{callback.query}")
    assert [c.id for c in Connection.select()] == [first.id]
    assert Connection.get().access_token != first.access_token


def test_a_declined_authorization_says_so_and_connects_nothing(console, fake_x):
    fake_x.deny = True
    landed = connect_through_x(console)
    assert landed == f"{PUBLIC_URL}/console/connections?status=error&code=denied"
    page = console.text(landed.removeprefix(PUBLIC_URL))
    assert "You declined at the platform: nothing was connected." in page and 'role="alert"' in page
    assert Connection.select().count() == 0


def test_channels_verify_and_remove(console, fake_x):
    launch, news = channel(console, "Launch"), channel(console, "News")
    connect_through_x(console)
    connection = Connection.get()
    assert (
        console.post(f"/console/connections/{connection.id}/channels", {"channelId": news}).status_code == 302
    )
    console.post(f"/console/connections/{connection.id}/channels", {"channelId": launch})
    assert sorted(Connection.get().channel_ids) == sorted([launch, news])
    console.post(f"/console/connections/{connection.id}/channels/{news}/remove")
    assert Connection.get().channel_ids == [launch]
    bad = console.post(f"/console/connections/{connection.id}/channels", {"channelId": "ch_missing"})
    assert bad.status_code == 400 and "No such channel." in bad.get_data(as_text=True)

    # X refuses the access token: Verify refreshes it, and the connection stays active.
    fake_x.expire_access_tokens()
    console.post(f"/console/connections/{connection.id}/verify")
    assert Connection.get().status == "active" and fake_x.requests["POST /2/oauth2/token"] == 2
    assert "connection-active" in console.text("/console/connections")
    # Refused again, and X refuses the refresh too: only now is it expired.
    fake_x.expire_access_tokens()
    fake_x.token_replies.append("invalid_grant")
    console.post(f"/console/connections/{connection.id}/verify")
    page = console.text("/console/connections")
    assert fake_x.token_replies == [] and fake_x.requests["POST /2/oauth2/token"] == 3
    assert Connection.get().status == "expired" and "connection-expired" in page
    assert "TOKEN_REFUSED</strong>: x: The grant was revoked" in page

    assert console.post(f"/console/connections/{connection.id}/delete").status_code == 302
    assert Connection.select().count() == 0 and fake_x.revoked


def test_forms_without_the_csrf_token_are_refused(console, fake_x):
    refused = console.post("/console/connections", {"provider": "x"}, csrf=False)
    assert refused.status_code == 400 and "Location" not in refused.headers
    connect_through_x(console)
    connection = Connection.get()
    assert console.post(f"/console/connections/{connection.id}/delete", csrf=False).status_code == 400
    assert Connection.select().count() == 1


def test_test_mode_has_no_connections_to_make(console):
    console.post("/console/mode", {"mode": "test", "next": "/console/connections"})
    page = console.text("/console/connections")
    assert "Switch to live mode to connect accounts." in page and "Connect X" not in page
    refused = console.post("/console/connections", {"provider": "x"})
    assert refused.status_code == 400 and "Test-mode keys have no connections" in refused.get_data(
        as_text=True
    )


@pytest.fixture
def x_unconfigured(settings):
    settings["x"]["client_id"] = ""


def test_a_provider_without_an_app_says_how_to_set_it_up(x_unconfigured, console):
    page = console.text("/console/connections")
    assert "<code>[x] client_id</code> is empty" in page and "Connect X" not in page
    refused = console.post("/console/connections", {"provider": "x"})
    assert refused.status_code == 400 and "[x] client_id is not set" in refused.get_data(as_text=True)


def test_tiktok_says_to_set_its_client_id(console):
    page = console.text("/console/connections")
    assert "<code>[tiktok] client_id</code> is empty" in page and "Connect TikTok" not in page
    refused = console.post("/console/connections", {"provider": "tiktok"})
    assert refused.status_code == 400 and "[tiktok] client_id is not set" in refused.get_data(as_text=True)


@pytest.fixture
def tiktok_client_id(settings):
    settings["tiktok"] = {"client_id": "a-tiktok-client-key"}


def test_tiktok_set_up_by_its_client_id_can_be_connected(tiktok_client_id, console):
    page = console.text("/console/connections")
    assert "Connect TikTok" in page and "[tiktok] client_id</code> is empty" not in page
    sent = console.post("/console/connections", {"provider": "tiktok"})
    assert sent.status_code == 303
    assert sent.headers["Location"].startswith("https://www.tiktok.com/v2/auth/authorize/?")
    assert "client_key=a-tiktok-client-key" in sent.headers["Location"]


def test_another_accounts_connection_is_not_found(console, client, make_key, fake_x):
    other = Api(client, make_key(account="umbrella"))
    url = other.get("/v1/connections/x/auth").get_json()["data"]["url"]
    callback = urlsplit(requests.get(url, allow_redirects=False, timeout=5).headers["Location"])
    client.get(f"{callback.path}?{callback.query}")
    theirs = Connection.get()
    assert "postline_fake" not in console.text("/console/connections")
    assert console.post(f"/console/connections/{theirs.id}/reconnect").status_code == 404
    assert console.post(f"/console/connections/{theirs.id}/delete").status_code == 404
    assert Connection.select().count() == 1
