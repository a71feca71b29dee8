"""A whole OAuth run through the API against the fake platforms (devtools/fakes/), as a
browser would make it: the API's authorize URL, the fake's approval, the callback (or,
for a provider that signs in with a password, Bluesky, its sign-in); and a fake's
approval page (the playground's, devtools/fakes/pages.py) as a browser submits it."""

import re
from html.parser import HTMLParser
from urllib.parse import urlencode, urljoin, urlsplit

import requests

from devtools.fakes.registry import PLATFORMS, providers


def authorize(api, provider="x", **params):
    """Start an OAuth run and let the user approve it at the provider's fake: the
    callback's path and query, as the browser would follow it. `api`: a test client
    with a key (devtools/client.py Api); `params`: the query of the run's start."""
    started = api.get(f"/v1/connections/{provider}/auth", query_string=params)
    assert started.status_code == 200, started.get_data(as_text=True)
    approved = requests.get(started.get_json()["data"]["url"], allow_redirects=False, timeout=5)
    assert approved.status_code == 302
    location = urlsplit(approved.headers["Location"])
    assert location.path == f"/v1/connections/{provider}/callback"
    return f"{location.path}?{location.query}"


def connect(api, provider, account=None):
    """Connect an account of `provider` through the API as its user would, against its
    fake: an OAuth run the fake approves, or for a provider that signs in with a
    password (devtools/fakes/registry.py `sign_in_body`) its sign-in as `account` (one
    of the fake's, as `account(number)` gives it; its first when None). The answer."""
    entry = next(entry for entry in PLATFORMS if entry.provider == provider)
    if entry.sign_in_body is None:
        answer = api.client.get(authorize(api, provider))
    else:
        account = account if account is not None else entry.fake_class().account(0)
        answer = api.post(f"/v1/connections/{provider}", json=entry.sign_in_body(account))
    assert answer.status_code in (200, 201, 302), answer.get_data(as_text=True)
    return answer


def connect_every_platform(api, channel_id):
    """Every provider connected through the API (`connect`), and the first connection
    of each platform (one run may create several, as Meta's does: one per Page and per
    Instagram account) added to the channel; returns {platform: its id}."""
    for provider in providers():
        connect(api, provider)
    chosen = {}
    for connection in api.get("/v1/connections").get_json()["data"]:
        chosen.setdefault(connection["platform"], connection["id"])
    assert sorted(chosen) == sorted(entry.platform for entry in PLATFORMS), chosen
    for connection_id in chosen.values():
        path = f"/v1/connections/{connection_id}/add-to-channel"
        added = api.post(path, json={"channelId": channel_id})
        assert added.status_code == 200, added.get_data(as_text=True)
    return chosen


class ApprovalPage(HTMLParser):
    """The form of a fake's approval page as a browser sends it: its action, its
    hidden fields, and the name and value of each button by its label."""

    def __init__(self, text):
        super().__init__()
        self.action = None
        self.fields = []
        self.buttons = {}
        self._button = None
        self.feed(text)

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "form":
            assert attrs["method"] == "get"
            self.action = attrs["action"]
        elif tag == "input" and attrs.get("type") == "hidden":
            self.fields.append((attrs["name"], attrs["value"]))
        elif tag == "button":
            self._button = (attrs["name"], attrs["value"])

    def handle_data(self, data):
        if self._button is not None:
            self.buttons[data.strip()] = self._button
            self._button = None

    def submit(self, page_url, label):
        """The URL the browser goes to when the button `label` is pressed."""
        return f"{urljoin(page_url, self.action)}?{urlencode([*self.fields, self.buttons[label]])}"


def press(url, label, follow=False):
    """Open a fake's approval page at `url` as a browser and press `label` ("Approve" or
    "Deny"); the fake's answer (a redirect to Postline's callback), or with `follow` the
    page the browser lands on."""
    browser = requests.Session()
    browser.headers["Accept"] = "text/html,application/xhtml+xml"
    page = browser.get(url, timeout=10)
    assert page.status_code == 200 and page.headers["Content-Type"].startswith("text/html")
    assert re.search(r"<h1>Fake .+: approve Postline for .+\?</h1>", page.text), page.text
    return browser.get(ApprovalPage(page.text).submit(url, label), allow_redirects=follow, timeout=30)
