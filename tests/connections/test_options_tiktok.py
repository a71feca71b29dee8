"""TikTok's options through the API, published by the worker's own functions to the fake
TikTok (docs/platforms/tiktok.md): the privacy level (one the creator allows, checked at
publish time), the interaction switches, the commercial content disclosure, a photo
post's title and cover; each refusal a 400 at create naming the field."""

import pytest

from devtools.media import image, upload, video
from tests.connections.conftest import connect, create_post, post_of, run_worker
from tests.support.client import assert_error, fetch_through

pytestmark = pytest.mark.storage

T = 1_800_000_000_000


@pytest.fixture
def settings(settings, request):
    """The connections conftest's settings, with what a test parametrizes of `[tiktok]`."""
    settings["tiktok"] = {**settings["tiktok"], **getattr(request, "param", {})}
    return settings


@pytest.fixture(autouse=True)
def tiktok_pulls_from_the_app(fake_tiktok, api, clock_at):
    clock_at(T)
    fake_tiktok.fetch = fetch_through(api)


def channel_with_tiktok(api):
    channel_id = api.post("/v1/channels", json={"name": "Clips"}).get_json()["data"]["id"]
    connect(api, "tiktok", channelId=channel_id)
    return channel_id


def key_of(api, data, filename):
    answer = upload(api, data, filename=filename)
    assert answer.status_code == 201, answer.get_data(as_text=True)
    return answer.get_json()["data"]["key"]


def tiktok(**options):
    return {"tiktok": {"options": options}}


def started(api, fake_tiktok, media, **options):
    """Create a post with `options` and run the worker once: TikTok's publish as it
    received it (post_info, source_info), or None if none started."""
    post_id = create_post(
        api, channel_with_tiktok(api), "Watch this", media=media, platforms=tiktok(**options)
    )
    run_worker()
    publishes = list(fake_tiktok.publishes.values())
    return post_id, (publishes[0] if publishes else None)


def test_the_privacy_level_asked_for_is_sent(api, fake_tiktok):
    _, publish = started(api, fake_tiktok, [key_of(api, video(), "clip.mp4")], privacyLevel="SELF_ONLY")
    assert publish["post_info"]["privacy_level"] == "SELF_ONLY"


def test_a_privacy_level_the_creator_does_not_allow_fails_at_publish(api, fake_tiktok):
    fake_tiktok.privacy_options = ["SELF_ONLY"]
    key = key_of(api, video(), "clip.mp4")
    post_id, publish = started(api, fake_tiktok, [key], privacyLevel="PUBLIC_TO_EVERYONE")
    assert publish is None
    [target] = post_of(api, post_id)["targets"]
    assert target["status"] == "failed" and target["error"]["code"] == "PRIVACY_LEVEL_UNAVAILABLE"
    assert target["error"]["message"] == (
        "tiktok: the creator may post as SELF_ONLY; privacyLevel PUBLIC_TO_EVERYONE is not among them"
    )
    assert post_of(api, post_id)["nextAttemptAt"] is None


def test_the_interaction_switches_and_the_disclosure_reach_tiktok(api, fake_tiktok):
    options = {
        "disableComment": True,
        "disableDuet": True,
        "disableStitch": False,
        "brandedContent": True,
        "brandOrganic": True,
    }
    _, publish = started(api, fake_tiktok, [key_of(api, video(), "clip.mp4")], **options)
    info = publish["post_info"]
    assert info["disable_comment"] is True and info["disable_duet"] is True
    assert info["disable_stitch"] is True  # the creator turned stitches off: an option cannot turn them on
    assert info["brand_content_toggle"] is True and info["brand_organic_toggle"] is True
    assert info["privacy_level"] == "PUBLIC_TO_EVERYONE"


@pytest.mark.parametrize(
    "settings", [{"privacy_levels": ["SELF_ONLY", "FOLLOWER_OF_CREATOR"]}], indirect=True
)
def test_branded_content_never_goes_private(api, fake_tiktok):
    _, publish = started(api, fake_tiktok, [key_of(api, video(), "clip.mp4")], brandedContent=True)
    assert publish["post_info"]["privacy_level"] == "FOLLOWER_OF_CREATOR"


def test_a_photo_post_takes_its_title_and_cover(api, fake_tiktok):
    keys = [key_of(api, image("JPEG", size=(30 + n, 20)), f"{n}.jpg") for n in range(3)]
    _, publish = started(api, fake_tiktok, keys, title="Three cakes", coverIndex=2, disableComment=True)
    assert publish["kind"] == "photo"
    assert (
        publish["post_info"]["title"] == "Three cakes" and publish["post_info"]["description"] == "Watch this"
    )
    assert publish["post_info"]["disable_comment"] is True
    assert publish["source"]["photo_cover_index"] == 2


def test_a_photo_post_without_options_keeps_its_first_photo_as_cover(api, fake_tiktok):
    keys = [key_of(api, image("JPEG"), "a.jpg")]
    _, publish = started(api, fake_tiktok, keys)
    assert publish["source"]["photo_cover_index"] == 0 and "title" not in publish["post_info"]


def refusal(api, media, **options):
    response = api.post(
        "/v1/posts",
        json={
            "channelId": channel_with_tiktok(api),
            "content": "Hi",
            "media": media,
            "platforms": tiktok(**options),
        },
    )
    assert_error(response, 400, "VALIDATION_ERROR")
    return response.get_json()["error"]["details"]


def test_options_tiktok_would_refuse_are_refused_at_create(api, fake_tiktok):
    clip = key_of(api, video(), "clip.mp4")
    photos = [key_of(api, image("JPEG", size=(30 + n, 20)), f"{n}.jpg") for n in range(2)]
    cases = [
        ([clip], {"title": "A title"}, "title", "tiktok: title is for photo posts"),
        ([clip], {"coverIndex": 0}, "coverIndex", "tiktok: coverIndex is for photo posts"),
        (photos, {"disableDuet": True}, "disableDuet", "tiktok: disableDuet is for videos"),
        (photos, {"coverIndex": 2}, "coverIndex", "tiktok: coverIndex 2 names no photo (2 given)"),
        ([clip], {"brandedContent": True, "privacyLevel": "SELF_ONLY"}, "privacyLevel", "tiktok: branded"),
        (photos, {"title": "t" * 91}, "title", ""),
        ([clip], {"privacyLevel": "FRIENDS"}, "privacyLevel", ""),
    ]
    for media, options, field, message in cases:
        details = refusal(api, media, **options)
        named = [d for d in details if d["field"] == f"platforms.tiktok.options.{field}"]
        assert named and named[0]["message"].startswith(message), (options, details)
    assert fake_tiktok.publishes == {}
