"""Connecting a YouTube channel through the API and the fake Google OAuth
(docs/platforms/youtube.md): the consent URL with offline access and PKCE, the channel
as the connection, refresh tokens kept (Google sends none on a refresh) and a dead one
expiring the connection, verification and revocation, a server without settings, an
account without a channel; test mode's simulated channel; and the fake itself."""

import re
import subprocess
import sys

import pytest
import requests

from devtools.fakes.base import SETTINGS_PATH
from devtools.fakes.youtube import CHANNEL, FakeYouTube
from devtools.fakes.youtube.selfcheck import Walk
from devtools.media import video
from postline.connections import tokens
from tests.connections.conftest import connect, create_post, events_of, post_of, query_of, run_worker
from tests.support import ROOT, fakes
from tests.support.client import assert_error
from tests.support.media import multipart

T = 1_800_000_000_000
SCOPES = [
    "https://www.googleapis.com/auth/youtube.upload",
    "https://www.googleapis.com/auth/youtube.readonly",
    "https://www.googleapis.com/auth/youtube.force-ssl",
]


@pytest.fixture
def fake_youtube():
    fake = fakes.on_steady_port(FakeYouTube)
    yield fake
    fakes.close(fake)


@pytest.fixture
def youtube_settings(request, fake_youtube):
    """The `[youtube]` settings of the test's app: the fake's, with what a test
    parametrizes indirectly; None (parametrized so): config.toml's own."""
    overrides = getattr(request, "param", {})
    return None if overrides is None else fake_youtube.settings(**overrides)


@pytest.fixture
def settings(settings, youtube_settings):
    if youtube_settings is not None:
        settings["youtube"] = youtube_settings
    return settings


def test_the_consent_url_asks_for_offline_access_with_pkce(api, fake_youtube):
    started = api.get("/v1/connections/youtube/auth").get_json()["data"]
    assert started["url"].startswith(f"{fake_youtube.url}/o/oauth2/v2/auth?")
    query = query_of(started["url"])
    assert query["client_id"] == fake_youtube.client_id and query["response_type"] == "code"
    assert query["scope"].split(" ") == SCOPES
    assert (query["access_type"], query["prompt"], query["include_granted_scopes"]) == (
        "offline",
        "consent",
        "true",
    )
    assert query["code_challenge_method"] == "S256" and len(query["code_challenge"]) == 43
    assert query["redirect_uri"].endswith("/v1/connections/youtube/callback")


@pytest.mark.storage
def test_the_channel_becomes_the_connection_with_a_refresh_token(api, fake_youtube, clock_at):
    clock_at(T)
    connection = connect(api, "youtube")
    assert connection["provider"] == "youtube" and connection["platform"] == "youtube"
    assert connection["accountId"] == CHANNEL["id"] and connection["username"] == CHANNEL["handle"]
    assert connection["displayName"] == CHANNEL["title"] and connection["avatarUrl"] == CHANNEL["avatar"]
    assert connection["status"] == "active" and connection["tokenExpiresAt"] == T + 3_599_000
    assert connection["scopes"] == SCOPES
    [refresh_token] = fake_youtube.refresh_tokens
    refreshed = api.post(f"/v1/connections/{connection['id']}/refresh")
    assert refreshed.status_code == 200, refreshed.get_data(as_text=True)
    # Google sends no refresh token on a refresh: the first one is kept, and works again.
    assert api.post(f"/v1/connections/{connection['id']}/refresh").status_code == 200
    assert list(fake_youtube.refresh_tokens) == [refresh_token]
    assert fake_youtube.requests["POST /token"] == 3


@pytest.mark.storage
def test_a_refresh_token_google_refuses_expires_the_connection(api, fake_youtube, clock_at):
    clock_at(T)
    channel_id = api.post("/v1/channels", json={"name": "Videos"}).get_json()["data"]["id"]
    connection = connect(api, "youtube", channelId=channel_id)
    fake_youtube.token_replies = ["invalid_grant"]
    clock_at(T + 3_599_000 - 60_000)
    assert tokens.refresh_expiring() == 0
    after = api.get(f"/v1/connections/{connection['id']}").get_json()["data"]
    assert after["status"] == "expired" and after["lastError"]["code"] == "TOKEN_REFUSED"
    [expired] = events_of("connection.expired")
    assert expired["reason"]["message"] == "youtube: Token has been expired or revoked."
    body, content_type = multipart(video(), "clip.mp4")
    key = api.post("/v1/media/upload", data=body, content_type=content_type).get_json()["data"]["key"]
    post_id = create_post(api, channel_id, "A video", media=[key])
    assert run_worker() == {post_id: "blocked"}
    assert post_of(api, post_id)["lastError"]["code"] == "CONNECTION_EXPIRED"


@pytest.mark.storage
def test_verify_reads_the_channel_and_delete_revokes_the_grant(api, fake_youtube):
    connection = connect(api, "youtube")
    verified = api.post(f"/v1/connections/{connection['id']}/verify").get_json()["data"]
    assert verified["status"] == "active" and verified["displayName"] == CHANNEL["title"]
    assert fake_youtube.requests["GET /youtube/v3/channels"] == 2
    [refresh_token] = fake_youtube.refresh_tokens
    assert api.delete(f"/v1/connections/{connection['id']}").status_code == 200
    assert fake_youtube.revoked == [refresh_token]
    assert fake_youtube.refresh_tokens == {} and fake_youtube.access_tokens == {}


def test_an_account_without_a_channel_connects_nothing(api, fake_youtube):
    fake_youtube.no_channel = True
    started = api.get("/v1/connections/youtube/auth").get_json()["data"]
    approved = requests.get(started["url"], allow_redirects=False, timeout=5)
    callback = approved.headers["Location"]
    page = api.client.get(callback[callback.index("/v1/") :])
    assert page.status_code == 400 and "has no YouTube channel" in page.get_data(as_text=True)
    assert api.get("/v1/connections").get_json()["data"] == []


def test_a_declined_consent_connects_nothing(api, fake_youtube):
    fake_youtube.deny = True
    started = api.get(
        "/v1/connections/youtube/auth", query_string={"returnTo": "https://app.example.com/done"}
    )
    approved = requests.get(started.get_json()["data"]["url"], allow_redirects=False, timeout=5)
    callback = approved.headers["Location"]
    answer = api.client.get(callback[callback.index("/v1/") :])
    assert answer.status_code == 302 and answer.headers["Location"].endswith("status=error&code=denied")
    assert api.get("/v1/connections").get_json()["data"] == []


@pytest.mark.parametrize("youtube_settings", [{"client_id": ""}], indirect=True)
def test_a_server_without_a_client_id_refuses_to_start(api):
    error = assert_error(api.get("/v1/connections/youtube/auth"), 400, "PROVIDER_NOT_CONFIGURED")
    assert error["details"] == [
        {"field": "provider", "message": "[youtube] client_id is not set on this server"}
    ]


@pytest.mark.parametrize("youtube_settings", [None], indirect=True)
def test_a_server_as_config_toml_leaves_it_has_no_youtube_app(api):
    assert_error(api.get("/v1/connections/youtube/auth"), 400, "PROVIDER_NOT_CONFIGURED")


@pytest.mark.storage
def test_a_simulated_channel_publishes_with_youtube_shaped_ids(api, make_key):
    tester = api.as_key(make_key(mode="test"))
    channel_id = tester.post("/v1/channels", json={"name": "Videos"}).get_json()["data"]["id"]
    made = tester.post("/v1/connections/sandbox", json={"platform": "youtube", "channelId": channel_id})
    assert made.status_code == 201, made.get_data(as_text=True)
    assert made.get_json()["data"]["provider"] == "youtube"
    refused = tester.post("/v1/posts", json={"channelId": channel_id, "content": "No video"})
    assert assert_error(refused, 400, "VALIDATION_ERROR")["details"] == [
        {"field": "media", "message": "youtube: a post is one video (no media given)"}
    ]
    body, content_type = multipart(video(), "clip.mp4")
    key = tester.post("/v1/media/upload", data=body, content_type=content_type).get_json()["data"]["key"]
    post_id = create_post(tester, channel_id, "A video", media=[key], firstComment={"content": "First"})
    assert run_worker() == {post_id: "done"}
    [target] = post_of(tester, post_id)["targets"]
    video_id = target["platformPostId"]
    assert len(video_id) == 11 and target["url"] == f"https://www.youtube.com/watch?v={video_id}"
    comment = target["parts"][1]
    assert comment["url"] == f"{target['url']}&lc={comment['platformPostId']}"


def test_the_fake_passes_its_self_check():
    fake = FakeYouTube()
    try:
        assert len(Walk(fake).run()) == 9
    finally:
        fake.close()


def test_the_fake_runs_as_a_process_answering_its_settings():
    process = subprocess.Popen(
        [sys.executable, "-m", "devtools.fakes.youtube", "--port", "0"],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        url = process.stdout.readline().strip()
        settings = requests.get(url + SETTINGS_PATH, timeout=5).json()
        assert settings["api_base"] == url and settings["token_url"] == f"{url}/token"
    finally:
        process.terminate()
        process.wait(10)
        process.stdout.close()
    checked = subprocess.run(
        [sys.executable, "-m", "devtools.fakes.youtube", "--self-check"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert checked.returncode == 0, checked.stdout + checked.stderr


def test_the_post_forms_youtube_counter_counts_bytes(console):
    """The console counts a YouTube description as YouTube does, in UTF-8 bytes (the
    browser's count: tests/console/test_browser.py)."""
    page = console.post("/console/posts/new", {"channelId": "", "content": "café 👋"})
    counter = re.search(
        r'<li data-platform="youtube"[^>]*><span class="count">(\d+)</span> / 5000',
        page.get_data(as_text=True),
    )
    assert counter and int(counter.group(1)) == len("café 👋".encode()) == 10
