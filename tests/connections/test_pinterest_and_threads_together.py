"""Threads and Pinterest on one channel, live against their fakes and in test mode
(docs/platforms/threads.md, docs/platforms/pinterest.md): a post with an image ends
`done` with each target's id and address; test mode's simulated connections publish
with ids and addresses shaped like theirs and hold a post to their rules."""

import re

import pytest

from devtools.connecting import authorize
from devtools.fakes.pinterest import BOARD_ID, FakePinterest
from devtools.fakes.threads import FakeThreads
from devtools.media import image, upload
from tests.connections.conftest import create_post, post_of, run_worker
from tests.support import fakes
from tests.support.client import assert_error, fetch_through

# Publishing on each backend.
pytestmark = pytest.mark.storage

T = 1_800_000_000_000


@pytest.fixture
def both():
    started = {"threads": fakes.on_steady_port(FakeThreads), "pinterest": fakes.on_steady_port(FakePinterest)}
    yield started
    for fake in started.values():
        fakes.close(fake)


@pytest.fixture
def settings(settings, both):
    for provider, fake in both.items():
        settings[provider] = fake.settings()
    return settings


def test_an_image_post_to_threads_and_pinterest_ends_done_with_an_id_and_url_each(api, both, clock_at):
    clock_at(T)
    for fake in both.values():
        fake.fetch = fetch_through(api)
    channel_id = api.post("/v1/channels", json={"name": "Both"}).get_json()["data"]["id"]
    for provider in both:
        assert api.client.get(authorize(api, provider, channelId=channel_id)).status_code == 200
    key = upload(api, image("JPEG"), filename="photo.jpg").get_json()["data"]["key"]
    versions = {"pinterest": {"options": {"boardId": BOARD_ID}}}
    post_id = create_post(api, channel_id, "Hello from both", media=[key], platforms=versions)
    assert run_worker() == {post_id: "done"}
    post = post_of(api, post_id)
    targets = {target["platform"]: target for target in post["targets"]}
    [thread] = both["threads"].posts
    [pin] = both["pinterest"].pins
    assert (
        targets["threads"]["platformPostId"] == thread["id"]
        and targets["threads"]["url"] == thread["permalink"]
    )
    assert targets["pinterest"]["platformPostId"] == pin["id"]
    assert targets["pinterest"]["url"] == f"https://www.pinterest.com/pin/{pin['id']}/"
    assert all(target["status"] == "published" for target in targets.values())


@pytest.fixture
def tester(api, make_key, clock_at):
    clock_at(T)
    client = api.as_key(make_key(mode="test"))
    client.channel = client.post("/v1/channels", json={"name": "Sandbox"}).get_json()["data"]["id"]
    for platform in ("threads", "pinterest"):
        body = {"platform": platform, "channelId": client.channel, "username": "acme"}
        assert client.post("/v1/connections/sandbox", json=body).status_code == 201
    return client


def test_simulated_connections_publish_with_ids_and_urls_shaped_like_theirs(tester):
    key = upload(tester, image("JPEG"), filename="photo.jpg").get_json()["data"]["key"]
    # Pinterest has no threads: its version publishes the post alone.
    versions = {"pinterest": {"options": {"boardId": "1000000000000000001"}, "thread": []}}
    post_id = create_post(
        tester, tester.channel, "1/ Test", media=[key], platforms=versions, thread=[{"content": "2/"}]
    )
    assert run_worker() == {post_id: "done"}
    targets = {target["platform"]: target for target in post_of(tester, post_id)["targets"]}
    threads, pinterest = targets["threads"], targets["pinterest"]
    assert re.fullmatch(r"[0-9]{17}", threads["platformPostId"])
    assert re.fullmatch(r"https://www\.threads\.com/@acme/post/[A-Za-z0-9_-]{11}", threads["url"])
    assert len(threads["parts"]) == 2  # the thread goes to Threads, not to Pinterest
    assert re.fullmatch(r"[0-9]{18}", pinterest["platformPostId"])
    assert pinterest["url"] == f"https://www.pinterest.com/pin/{pinterest['platformPostId']}/"
    assert len(pinterest["parts"]) == 1


def test_simulated_connections_hold_a_post_to_their_rules(tester):
    key = upload(tester, image("JPEG"), filename="photo.jpg").get_json()["data"]["key"]
    no_board = tester.post(
        "/v1/posts", json={"channelId": tester.channel, "content": "A pin", "media": [key]}
    )
    error = assert_error(no_board, 400, "VALIDATION_ERROR")
    assert [detail["field"] for detail in error["details"]] == ["platforms.pinterest.options.boardId"]
    too_long = {
        "channelId": tester.channel,
        "content": "👍" * 126,  # 504 as Threads counts
        "media": [key],
        "platforms": {"pinterest": {"options": {"boardId": "1"}}},
    }
    error = assert_error(tester.post("/v1/posts", json=too_long), 400, "VALIDATION_ERROR")
    assert error["details"] == [
        {
            "field": "content",
            "message": "threads: 504 of 500 characters in a post (an emoji counts its UTF-8 bytes)",
        }
    ]
