"""Fixtures for connections: the fake platforms the app is configured to talk to, a
whole OAuth run through the public API, and what publishing tests read back."""

import json
from urllib.parse import parse_qs, urlsplit

import pytest

from devtools.connecting import authorize
from devtools.fakes.bluesky import FakeBluesky
from devtools.fakes.linkedin import FakeLinkedIn
from devtools.fakes.mastodon import FakeMastodon
from devtools.fakes.tiktok import FakeTikTok
from models import Event
from postline.posts import publishing
from tests.support import fakes

RETURN_ORIGIN = "https://app.example.com"
LEASE_MS = 120_000
PUBLISHING = {
    "retry_delays": [60, 300, 900, 3600],
    "concurrency": 2,
    "batch_size": 20,
    "timeout": 1,
    "processing_timeout": 900,
}


@pytest.fixture
def fake_linkedin():
    fake = fakes.on_steady_port(FakeLinkedIn)
    yield fake
    fakes.close(fake)


@pytest.fixture
def fake_tiktok():
    fake = fakes.on_steady_port(FakeTikTok)
    yield fake
    fakes.close(fake)


@pytest.fixture
def fake_bluesky():
    fake = fakes.on_steady_port(FakeBluesky)
    yield fake
    fakes.close(fake)


@pytest.fixture
def fake_mastodon():
    fake = fakes.on_steady_port(FakeMastodon)
    yield fake
    fakes.close(fake)


@pytest.fixture
def settings(settings, fake_x, fake_linkedin, fake_tiktok, fake_bluesky, fake_mastodon):
    """The app talks to the fake X, LinkedIn, TikTok, Bluesky and Mastodon instance; one
    platform call may take a second."""
    settings["x"] = fake_x.settings()
    settings["linkedin"] = fake_linkedin.settings()
    settings["tiktok"] = fake_tiktok.settings()
    settings["bluesky"] = fake_bluesky.settings()
    settings["mastodon"] = fake_mastodon.settings()
    settings["server"]["allowed_return_origins"] = [RETURN_ORIGIN]
    settings["publishing"] = dict(PUBLISHING)
    return settings


def connect(api, provider="x", **params):
    """A whole OAuth run; returns the provider's connection as the API shows it."""
    answer = api.client.get(authorize(api, provider, **params))
    assert answer.status_code in (200, 302), answer.get_data(as_text=True)
    listed = api.get("/v1/connections").get_json()["data"]
    [connection] = [item for item in listed if item["provider"] == provider]
    return connection


def query_of(url):
    return {name: values[0] for name, values in parse_qs(urlsplit(url).query).items()}


def run_worker(worker_id="worker-1"):
    """Publish everything due now, as one worker thread would; returns {post id: status}."""
    results = {}
    while batch := publishing.claim_batch(worker_id, LEASE_MS, 5):
        results.update(publishing.publish_batch(batch, PUBLISHING, LEASE_MS))
    return results


def create_post(api, channel_id, content, **fields):
    """POST /v1/posts; the new post's id."""
    answer = api.post("/v1/posts", json={"channelId": channel_id, "content": content, **fields})
    assert answer.status_code == 201, answer.get_data(as_text=True)
    return answer.get_json()["data"]["id"]


def post_of(api, post_id):
    return api.get(f"/v1/posts/{post_id}").get_json()["data"]


def events_of(event_type):
    """The data of the recorded events of `event_type`, oldest first."""
    return [json.loads(e.data) for e in Event.select().where(Event.type == event_type).order_by(Event.id)]
