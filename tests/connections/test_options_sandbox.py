"""Platform options in test mode: simulated connections hold a post to each platform's
options exactly as the live adapters do, at create (400 naming the field) and when the
sandbox publishes (a target whose options its platform would refuse fails
CONTENT_REFUSED without being "published"), docs/api.md, Test mode."""

import pytest

from devtools.media import document, image, upload, video
from models import SandboxPublication
from tests.connections.conftest import run_worker
from tests.support.client import assert_error

pytestmark = pytest.mark.storage

T = 1_800_000_000_000
POLL = {"options": ["Yes", "No"], "durationMinutes": 60}


@pytest.fixture
def tester(api, make_key, clock_at):
    """A test-mode client with a channel of its own."""
    clock_at(T)
    client = api.as_key(make_key(mode="test"))
    client.channel = client.post("/v1/channels", json={"name": "Sandbox"}).get_json()["data"]["id"]
    return client


def simulate(client, *platforms):
    for platform in platforms:
        body = {"platform": platform, "channelId": client.channel, "username": f"acme_{platform}"}
        answer = client.post("/v1/connections/sandbox", json=body)
        assert answer.status_code == 201, answer.get_data(as_text=True)


def key_of(client, data, filename):
    answer = upload(client, data, filename=filename)
    assert answer.status_code == 201, answer.get_data(as_text=True)
    return answer.get_json()["data"]["key"]


def create(client, **fields):
    return client.post("/v1/posts", json={"channelId": client.channel, "content": "Hello", **fields})


def targets_of(client, post_id):
    return {
        target["platform"]: target
        for target in client.get(f"/v1/posts/{post_id}").get_json()["data"]["targets"]
    }


@pytest.mark.parametrize(
    "platform, media, options, field, message",
    [
        ("x", "image", {"poll": POLL}, "poll", "x: a poll takes no media"),
        ("linkedin", "image", {"title": "Deck"}, "title", "linkedin: title is for"),
        (
            "facebook",
            "image",
            {"link": "https://example.com"},
            "link",
            "facebook: a link post takes no media",
        ),
        ("instagram", "image", {"type": "reel"}, "type", "instagram: a reel is one video"),
        ("tiktok", "video", {"title": "A title"}, "title", "tiktok: title is for photo posts"),
    ],
)
@pytest.mark.parametrize("connected", [True, False], ids=["connected", "not yet connected"])
def test_a_simulated_connection_refuses_at_create_what_its_platform_would(
    tester, platform, media, options, field, message, connected
):
    # Options beside media are refused on any account: a version for a platform the
    # channel has no connection of yet is checked against them too.
    if connected:
        simulate(tester, platform)
    key = key_of(
        tester, image("JPEG") if media == "image" else video(), f"file.{'jpg' if media == 'image' else 'mp4'}"
    )
    response = create(tester, media=[key], platforms={platform: {"options": options}})
    assert_error(response, 400, "VALIDATION_ERROR")
    details = response.get_json()["error"]["details"]
    named = [d for d in details if d["field"] == f"platforms.{platform}.options.{field}"]
    assert named and named[0]["message"].startswith(message), details


def test_every_simulated_platform_publishes_a_post_with_its_options(tester):
    simulate(tester, "x", "linkedin", "facebook", "instagram", "tiktok")
    clip = key_of(tester, video(duration_ms=3000), "clip.mp4")
    versions = {
        "x": {"media": [], "options": {"poll": POLL, "replySettings": "following"}},
        "linkedin": {"media": [key_of(tester, document(), "deck.pdf")], "options": {"title": "Deck"}},
        "facebook": {"media": [], "options": {"link": "https://example.com/menu"}},
        "instagram": {"options": {"type": "reel", "shareToFeed": False, "thumbOffsetMs": 1000}},
        "tiktok": {"options": {"privacyLevel": "SELF_ONLY", "disableDuet": True}},
    }
    response = create(tester, media=[clip], platforms=versions)
    assert response.status_code == 201, response.get_data(as_text=True)
    post_id = response.get_json()["data"]["id"]
    assert run_worker() == {post_id: "done"}
    targets = targets_of(tester, post_id)
    assert {platform: target["status"] for platform, target in targets.items()} == dict.fromkeys(
        versions, "published"
    )
    assert targets["linkedin"]["platformPostId"].startswith("urn:li:share:")
    assert SandboxPublication.select().count() == 5


def test_the_sandbox_refuses_at_publish_what_a_connection_added_later_would_refuse(tester):
    simulate(tester, "x")
    photo = key_of(tester, image("JPEG"), "a.jpg")
    # A version's text is checked against its platform's limits once the channel has it.
    response = create(tester, media=[photo], platforms={"instagram": {"content": "a" * 2201}})
    assert response.status_code == 201, response.get_data(as_text=True)
    [warning] = response.get_json()["warnings"]
    assert warning["field"] == "platforms.instagram"
    simulate(tester, "instagram")  # before the first attempt: the post goes to it too
    post_id = response.get_json()["data"]["id"]
    assert run_worker() == {post_id: "failed"}
    targets = targets_of(tester, post_id)
    assert targets["x"]["status"] == "published"
    assert targets["instagram"]["status"] == "failed"
    assert targets["instagram"]["error"]["code"] == "CONTENT_REFUSED"
    assert targets["instagram"]["error"]["message"].startswith("instagram: 2201 of 2200 characters")
    assert targets["instagram"]["parts"][0]["platformPostId"] is None
    assert SandboxPublication.select().count() == 1  # X's post alone


@pytest.mark.parametrize(
    "platform, version",
    [
        ("pinterest", {"content": "A pin"}),  # its board is the account's: none to name yet
        ("mastodon", {"options": {"spoilerText": "s" * 600}}),  # the instance's limit is unknown yet
    ],
)
def test_a_version_waiting_for_its_platform_is_not_held_to_what_depends_on_the_account(
    tester, platform, version
):
    simulate(tester, "x")
    response = create(tester, platforms={platform: version})
    assert response.status_code == 201, response.get_data(as_text=True)
    assert [w["field"] for w in response.get_json()["warnings"]] == [f"platforms.{platform}"]
