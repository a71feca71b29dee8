"""Mastodon in the console (docs/platforms/mastodon.md): the Connections page's form asks
for the instance (suggesting `[mastodon] instance`), the instance's page opens from a
link (the page's CSP sends forms nowhere else), reconnecting stays on the account's
instance, and the post form counts against the instance's own limit."""

import html
import re
from urllib.parse import urlencode, urlsplit

import requests

from models import Connection

PUBLIC_URL = "http://127.0.0.1:8000"  # [server] public_url's default


def continue_link(answer):
    """The link to the instance's page that a connect form's answer shows."""
    assert answer.status_code == 200, answer.get_data(as_text=True)
    found = re.search(
        r'id="connect-continue">.*?<a class="button primary" href="([^"]+)"',
        answer.get_data(as_text=True),
        re.S,
    )
    assert found, answer.get_data(as_text=True)
    return html.unescape(found.group(1))


def approve(console, url):
    """Approve at the fake instance and follow the callback: where the browser lands."""
    approved = requests.get(url, allow_redirects=False, timeout=5)
    assert approved.status_code == 302
    callback = urlsplit(approved.headers["Location"])
    back = console.client.get(f"{callback.path}?{callback.query}")
    assert back.status_code == 302
    return back.headers["Location"]


def test_connecting_asks_for_the_instance_and_continues_there_by_a_link(console, fake_mastodon):
    page = console.get("/console/connections")
    text = page.get_data(as_text=True)
    assert "Connect Mastodon" in text and "[mastodon] client_id" not in text
    assert f'name="instance" required value="{fake_mastodon.url}"' in text  # [mastodon] instance
    assert fake_mastodon.url not in page.headers["Content-Security-Policy"]
    answer = console.post("/console/connections", {"provider": "mastodon", "instance": fake_mastodon.url})
    url = continue_link(answer)
    assert url.startswith(f"{fake_mastodon.url}/oauth/authorize?")
    landed = approve(console, url)
    connection = Connection.get()
    joined = urlencode(
        {
            "provider": "mastodon",
            "count": 1,
            "platform": "mastodon",
            "accountId": connection.platform_account_id,  # id@instance, as the username
            "username": connection.username,
        }
    )
    assert landed == (
        f"{PUBLIC_URL}/console/connections?connection={connection.id}&status=connected&account=acme&{joined}"
    )
    host = fake_mastodon.url.split("://", 1)[1]
    assert f"Connected mastodon account @postline_fake@{host}." in console.text(
        landed.removeprefix(PUBLIC_URL)
    )


def test_an_instance_postline_may_not_call_is_named_under_its_box(console, app, fake_mastodon):
    app.config["POSTLINE"]["mastodon"]["allow_private_instances"] = False
    refused = console.post("/console/connections", {"provider": "mastodon", "instance": fake_mastodon.url})
    assert refused.status_code == 400
    assert "[mastodon] allow_private_instances = true" in html.unescape(refused.get_data(as_text=True))
    assert fake_mastodon.apps == {}


def test_reconnecting_stays_on_the_accounts_instance(console, fake_mastodon):
    answer = console.post("/console/connections", {"provider": "mastodon", "instance": fake_mastodon.url})
    approve(console, continue_link(answer))
    connection = Connection.get()
    again = console.post(f"/console/connections/{connection.id}/reconnect")
    approve(console, continue_link(again))
    assert [row.id for row in Connection.select()] == [connection.id]
    assert len(fake_mastodon.apps) == 1 and len(fake_mastodon.access_tokens) == 2


def test_the_post_form_counts_against_the_instances_limit(console, fake_mastodon):
    assert "/ 500 mastodon" in console.text("/console/posts/new")  # Mastodon's default
    fake_mastodon.limits["max_characters"] = 5000
    answer = console.post("/console/connections", {"provider": "mastodon", "instance": fake_mastodon.url})
    approve(console, continue_link(answer))
    assert "/ 5000 mastodon" in console.text("/console/posts/new")
