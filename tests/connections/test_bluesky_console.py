"""Bluesky in the web console (docs/console.md): its connect form (a handle and an app
password, no OAuth app to configure) signs in as the API does, a refusal shows under
its field and connects nothing, and the post form counts Bluesky's graphemes."""

import re

from devtools.fakes.bluesky import ACCOUNT
from models import Connection


def connections_page(console):
    return console.text("/console/connections")


def test_the_connections_page_has_a_sign_in_form_for_bluesky(console):
    page = connections_page(console)
    assert 'action="/console/connections/bluesky/sign-in"' in page
    assert 'name="handle"' in page and 'name="appPassword" type="password"' in page
    assert "Connect Bluesky" in page and "[bluesky] client_id" not in page


def test_signing_in_connects_the_account_to_the_channel(console, api, fake_bluesky):
    channel_id = api.post("/v1/channels", json={"name": "Launches"}).get_json()["data"]["id"]
    connections_page(console)
    form = {"handle": ACCOUNT["handle"], "appPassword": ACCOUNT["app_password"], "channelId": channel_id}
    answer = console.post("/console/connections/bluesky/sign-in", form)
    assert answer.status_code == 303, answer.get_data(as_text=True)[:500]
    [connection] = Connection.select()
    assert connection.platform_account_id == ACCOUNT["did"] and connection.channel_ids == [channel_id]
    assert answer.headers["Location"].endswith(
        f"/console/connections?status=connected&connection={connection.id}"
    )
    page = console.text(answer.headers["Location"])
    assert f"Connected bluesky account @{ACCOUNT['handle']}." in page
    assert 'href="#connect-bluesky">Reconnect' in page


def test_a_refused_app_password_shows_under_its_field_and_connects_nothing(console, fake_bluesky):
    connections_page(console)
    form = {"handle": ACCOUNT["handle"], "appPassword": "wxyz-wxyz-wxyz-wxyz"}
    answer = console.post("/console/connections/bluesky/sign-in", form)
    assert answer.status_code == 400
    error = re.search(
        r'<p class="field-error" id="appPassword-error">([^<]*)</p>', answer.get_data(as_text=True)
    )
    assert error and "Invalid identifier or password" in error.group(1)
    assert not Connection.select().exists()


def test_the_post_form_counts_blueskys_graphemes(console, api):
    channel_id = api.post("/v1/channels", json={"name": "Launches"}).get_json()["data"]["id"]
    text = "Hi 👍🏽 e\u0301"  # 10 code points, 6 graphemes
    post_id = api.post("/v1/posts", json={"channelId": channel_id, "content": text, "status": "draft"})
    page = console.text(f"/console/posts/{post_id.get_json()['data']['id']}")
    counter = re.search(
        r'<li data-platform="bluesky" data-limit="300"><span class="count">(\d+)</span>', page
    )
    assert counter and counter.group(1) == "6", page[page.find("content-limits") :][:600]
