"""Facebook's and Instagram's options and first comments through the API, published by
the worker's own functions to the fake Meta (docs/platforms/meta.md): Facebook link
posts, Instagram feed posts, carousels, reels and stories through the container flow,
comments under a Page post and under Instagram media; each refusal a 400 at create
naming the field, and the platform's refusals at publish time."""

import pytest

from devtools.connecting import authorize
from devtools.fakes.meta import IG_ID, PAGES, FakeMeta
from devtools.media import document, image, upload, video
from models import Post
from postline.posts import versions
from tests.connections.conftest import create_post, post_of, run_worker
from tests.support import fakes
from tests.support.client import assert_error, fetch_through

pytestmark = pytest.mark.storage

T = 1_800_000_000_000
PAGE_ID = PAGES[0]["id"]
CHECK_MS = 5_000  # [meta] status_interval of the fake's settings


@pytest.fixture
def fake_meta():
    fake = fakes.on_steady_port(FakeMeta)
    yield fake
    fakes.close(fake)


@pytest.fixture
def settings(settings, fake_meta):
    settings["meta"] = fake_meta.settings()
    return settings


@pytest.fixture(autouse=True)
def meta_fetches_from_the_app(fake_meta, api):
    fake_meta.fetch = fetch_through(api)


def channel_with(api, platform):
    """A channel with the connection of `platform` to the first Page (or its Instagram)."""
    channel_id = api.post("/v1/channels", json={"name": platform}).get_json()["data"]["id"]
    assert api.client.get(authorize(api, "meta")).status_code in (200, 302)
    account = IG_ID if platform == "instagram" else PAGE_ID
    [connection] = [c for c in api.get("/v1/connections").get_json()["data"] if c["accountId"] == account]
    linked = api.post(f"/v1/connections/{connection['id']}/add-to-channel", json={"channelId": channel_id})
    assert linked.status_code == 200, linked.get_data(as_text=True)
    return channel_id


def key_of(api, data, filename):
    answer = upload(api, data, filename=filename)
    assert answer.status_code == 201, answer.get_data(as_text=True)
    return answer.get_json()["data"]["key"]


def refusal(api, channel_id, content="Hello", **fields):
    response = api.post("/v1/posts", json={"channelId": channel_id, "content": content, **fields})
    assert_error(response, 400, "VALIDATION_ERROR")
    return response.get_json()["error"]["details"]


def instagram(**options):
    return {"instagram": {"options": options}}


def publish(post_id, clock_at):
    """Run the worker until the post ends, Meta's containers asked about every CHECK_MS."""
    at = T
    for _ in range(5):
        result = run_worker()
        if result != {post_id: "publishing"}:
            return result
        at += CHECK_MS
        clock_at(at)
    raise AssertionError("still publishing")


# Facebook ---------------------------------------------------------------------------


def test_a_facebook_link_post_sends_the_link(api, fake_meta, clock_at):
    clock_at(T)
    options = {"link": "https://example.com/menu"}
    post_id = create_post(
        api, channel_with(api, "facebook"), "Our new menu", platforms={"facebook": {"options": options}}
    )
    assert run_worker() == {post_id: "done"}
    [made] = fake_meta.posts
    assert made["link"] == "https://example.com/menu" and made["text"] == "Our new menu"


def test_a_facebook_link_post_with_media_is_refused_at_create(api, fake_meta):
    channel_id = channel_with(api, "facebook")
    key = key_of(api, image("PNG"), "a.png")
    options = {"link": "https://example.com/menu"}
    [detail] = refusal(api, channel_id, media=[key], platforms={"facebook": {"options": options}})
    assert detail["field"] == "platforms.facebook.options.link"
    assert detail["message"].startswith("facebook: a link post takes no media")


def test_a_facebook_link_must_be_a_web_address(api, fake_meta):
    options = {"link": "ftp://example.com/menu"}
    details = refusal(api, channel_with(api, "facebook"), platforms={"facebook": {"options": options}})
    assert [detail["field"] for detail in details] == ["platforms.facebook.options.link"]


def test_a_facebook_first_comment_goes_under_the_page_post(api, fake_meta, clock_at):
    clock_at(T)
    comment = {"content": "Order online: https://example.com/order"}
    post_id = create_post(api, channel_with(api, "facebook"), "Fresh bread", firstComment=comment)
    assert run_worker() == {post_id: "done"}
    [made] = fake_meta.posts
    [made_comment] = fake_meta.comments
    assert made_comment["on"] == made["id"] and made_comment["text"] == comment["content"]
    post, comment_part = post_of(api, post_id)["targets"][0]["parts"]
    assert comment_part["status"] == "published" and comment_part["platformPostId"] == made_comment["id"]
    assert comment_part["url"] == post["url"]


def test_a_pdf_is_refused_on_facebook_and_instagram(api, fake_meta):
    key = key_of(api, document(), "deck.pdf")
    for platform in ("facebook", "instagram"):
        details = refusal(api, channel_with(api, platform), media=[key])
        assert any(d["field"] == "media[0]" and d["message"].startswith(f"{platform}: ") for d in details)


# Instagram --------------------------------------------------------------------------


def test_an_instagram_first_comment_goes_under_the_published_media(api, fake_meta, clock_at):
    clock_at(T)
    key = key_of(api, image("JPEG"), "a.jpg")
    post_id = create_post(
        api, channel_with(api, "instagram"), "Cake", media=[key], firstComment={"content": "#cake"}
    )
    assert run_worker() == {post_id: "done"}
    [made] = fake_meta.posts
    [made_comment] = fake_meta.comments
    assert made_comment["on"] == made["id"] and made_comment["platform"] == "instagram"
    assert post_of(api, post_id)["targets"][0]["parts"][1]["platformPostId"] == made_comment["id"]


def test_a_carousel_makes_one_child_container_per_item(api, fake_meta, clock_at):
    clock_at(T)
    keys = [
        key_of(api, image("JPEG"), "a.jpg"),
        key_of(api, video(), "b.mp4"),
        key_of(api, image("PNG"), "c.png"),
    ]
    post_id = create_post(api, channel_with(api, "instagram"), "Three things", media=keys)
    assert publish(post_id, clock_at) == {post_id: "done"}
    [made] = fake_meta.posts
    assert made["media_type"] == "CAROUSEL" and len(made["children"]) == 3
    children = [fake_meta.containers[child] for child in made["children"]]
    assert all(child["carousel_item"] for child in children)
    assert [child["type"] for child in children] == ["IMAGE", "VIDEO", "IMAGE"]


def test_a_reel_goes_with_share_to_feed_and_a_frame_as_its_cover(api, fake_meta, clock_at):
    clock_at(T)
    key = key_of(api, video(duration_ms=4000), "clip.mp4")
    options = {"type": "reel", "shareToFeed": False, "thumbOffsetMs": 1500}
    post_id = create_post(
        api, channel_with(api, "instagram"), "Watch", media=[key], platforms=instagram(**options)
    )
    assert publish(post_id, clock_at) == {post_id: "done"}
    [made] = fake_meta.posts
    assert made["media_type"] == "REELS" and made["caption"] == "Watch"
    assert made["reel"] == {"share_to_feed": "false", "cover_url": None, "thumb_offset": 1500}


def test_a_reel_cover_image_is_sent_as_a_jpeg_meta_fetches(api, fake_meta, clock_at):
    clock_at(T)
    key = key_of(api, video(), "clip.mp4")
    cover = key_of(api, image("PNG", size=(60, 100)), "cover.png")
    options = {"type": "reel", "coverMedia": cover, "shareToFeed": True}
    post_id = create_post(
        api, channel_with(api, "instagram"), "Watch", media=[key], platforms=instagram(**options)
    )
    assert publish(post_id, clock_at) == {post_id: "done"}
    [made] = fake_meta.posts
    assert made["reel"]["share_to_feed"] == "true" and made["reel"]["cover_url"]
    [fetched] = [item for item in fake_meta.fetched if item["url"] == made["reel"]["cover_url"]]
    assert fetched["status"] == 200 and fetched["body"].startswith(b"\xff\xd8\xff")  # its JPEG rendition


def test_a_reel_cover_that_is_not_an_image_fails_the_post_for_good(api, fake_meta, clock_at):
    clock_at(T)
    key = key_of(api, video(), "clip.mp4")
    options = {"type": "reel", "coverMedia": key}  # the video itself
    post_id = create_post(
        api, channel_with(api, "instagram"), "Watch", media=[key], platforms=instagram(**options)
    )
    assert run_worker() == {post_id: "failed"}
    [target] = post_of(api, post_id)["targets"]
    assert target["error"]["code"] == "CONTENT_REFUSED" and "coverMedia" in target["error"]["message"]
    assert fake_meta.containers == {}


@pytest.mark.parametrize("make, filename", [(lambda: image("JPEG"), "a.jpg"), (video, "clip.mp4")])
def test_a_story_is_one_image_or_video_without_a_caption(api, fake_meta, clock_at, make, filename):
    clock_at(T)
    key = key_of(api, make(), filename)
    post_id = create_post(
        api, channel_with(api, "instagram"), "Today only", media=[key], platforms=instagram(type="story")
    )
    assert publish(post_id, clock_at) == {post_id: "done"}
    [made] = fake_meta.posts
    assert made["media_type"] == "STORIES" and made["caption"] == ""


@pytest.mark.parametrize("own", [True, False], ids=["version's comment", "post's comment"])
def test_a_first_comment_on_a_story_is_refused_at_create_and_patch(api, fake_meta, own):
    channel_id = channel_with(api, "instagram")
    key = key_of(api, image("JPEG"), "a.jpg")
    comment = {"firstComment": {"content": "Link in bio"}}
    story = {"instagram": {"options": {"type": "story"}, **(comment if own else {})}}
    fields = {"media": [key], "platforms": story, **({} if own else comment)}
    field = "platforms.instagram.firstComment" if own else "firstComment"
    message = "instagram: a story takes no comments; send `platforms.instagram.firstComment: null`"
    assert refusal(api, channel_id, **fields) == [{"field": field, "message": message}]
    post_id = create_post(api, channel_id, "Today only", media=[key], **({} if own else comment))
    patched = api.patch(f"/v1/posts/{post_id}", json={"platforms": story})
    assert_error(patched, 400, "VALIDATION_ERROR")
    assert patched.get_json()["error"]["details"] == [{"field": field, "message": message}]
    assert fake_meta.posts == []


def test_a_story_with_a_first_comment_is_refused_before_anything_is_sent(api, fake_meta, clock_at):
    clock_at(T)
    key = key_of(api, image("JPEG"), "a.jpg")
    channel_id = api.post("/v1/channels", json={"name": "later"}).get_json()["data"]["id"]
    story = {"instagram": {"options": {"type": "story"}, "firstComment": {"content": "Link in bio"}}}
    body = {"channelId": channel_id, "content": "Today only", "media": [key]}
    # Refused at create even before the channel has Instagram ...
    refused = api.post("/v1/posts", json={**body, "platforms": story})
    assert_error(refused, 400, "VALIDATION_ERROR")
    assert [d["field"] for d in refused.get_json()["error"]["details"]] == [
        "platforms.instagram.firstComment"
    ]
    # ... and at publish, for a post that holds one from before that check.
    post_id = create_post(api, channel_id, "Today only", media=[key])
    Post.update(platforms=versions.stored(story)).where(Post.id == post_id).execute()
    assert api.client.get(authorize(api, "meta")).status_code in (200, 302)
    [connection] = [c for c in api.get("/v1/connections").get_json()["data"] if c["accountId"] == IG_ID]
    linked = api.post(f"/v1/connections/{connection['id']}/add-to-channel", json={"channelId": channel_id})
    assert linked.status_code == 200, linked.get_data(as_text=True)
    assert run_worker() == {post_id: "failed"}
    [target] = post_of(api, post_id)["targets"]
    assert target["status"] == "failed" and target["error"]["code"] == "CONTENT_REFUSED"
    assert target["error"]["message"].startswith("instagram: a story takes no comments")
    assert fake_meta.posts == [] and fake_meta.comments == []


def test_instagram_options_it_would_refuse_are_refused_at_create(api, fake_meta):
    channel_id = channel_with(api, "instagram")
    photo, clip = key_of(api, image("JPEG"), "a.jpg"), key_of(api, video(duration_ms=3000), "b.mp4")
    cases = [
        ([photo], {"type": "reel"}, "platforms.instagram.options.type", "instagram: a reel is one video"),
        (
            [clip, clip],
            {"type": "reel"},
            "platforms.instagram.options.type",
            "instagram: a reel is one video",
        ),
        ([photo, clip], {"type": "story"}, "platforms.instagram.options.type", "instagram: a story is one"),
        (
            [photo],
            {"shareToFeed": True},
            "platforms.instagram.options.shareToFeed",
            "instagram: shareToFeed is",
        ),
        (
            [clip],
            {"type": "reel", "coverMedia": photo, "thumbOffsetMs": 10},
            "platforms.instagram.options.coverMedia",
            "instagram: a reel's cover is coverMedia or thumbOffsetMs",
        ),
        (
            [clip],
            {"type": "reel", "thumbOffsetMs": 3001},
            "platforms.instagram.options.thumbOffsetMs",
            "instagram:",
        ),
    ]
    for media, options, field, message in cases:
        details = refusal(api, channel_id, media=media, platforms=instagram(**options))
        assert any(d["field"] == field and d["message"].startswith(message) for d in details), (
            options,
            details,
        )


@pytest.mark.parametrize("count", [11])
def test_a_carousel_of_more_than_ten_is_refused_at_create(api, fake_meta, count):
    keys = [key_of(api, image("JPEG", size=(30 + n, 20)), f"{n}.jpg") for n in range(count)]
    details = refusal(api, channel_with(api, "instagram"), media=keys)
    assert any(d["field"] == "media" and "at most 10" in d["message"] for d in details)
