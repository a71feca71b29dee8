"""A whole OAuth run through the API against the fake platforms (devtools/fakes/), as a
browser would make it: the API's authorize URL, the fake's approval, the callback."""

from urllib.parse import urlsplit

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


def connect_every_platform(api, channel_id):
    """Every provider connected by a real OAuth run through the API, and the first
    connection of each platform (one run may create several, as Meta's does: one per
    Page and per Instagram account) added to the channel; returns {platform: its id}."""
    for provider in providers():
        answer = api.client.get(authorize(api, provider))
        assert answer.status_code in (200, 302), answer.get_data(as_text=True)
    chosen = {}
    for connection in api.get("/v1/connections").get_json()["data"]:
        chosen.setdefault(connection["platform"], connection["id"])
    assert sorted(chosen) == sorted(entry.platform for entry in PLATFORMS), chosen
    for connection_id in chosen.values():
        path = f"/v1/connections/{connection_id}/add-to-channel"
        added = api.post(path, json={"channelId": channel_id})
        assert added.status_code == 200, added.get_data(as_text=True)
    return chosen
