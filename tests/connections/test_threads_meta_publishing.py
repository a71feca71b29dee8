"""Live posts published to the fake Threads through the worker's own functions
(docs/platforms/threads.md): text, images, a video Threads processes, carousels, a
thread of replies and its first comment, the limits checked at create, the quota and
each error class."""

import pytest

from devtools.connecting import authorize
from devtools.fakes.threads import FakeThreads
from devtools.media import image, upload, video
from models import PostPart
from tests.connections.conftest import create_post, post_of, run_worker
from tests.support import fakes
from tests.support.client import assert_error, fetch_through

# Publishing: claims, outcomes and status checks on each backend.
pytestmark = pytest.mark.storage

T = 1_800_000_000_000
CHECK_MS = 1000  # the fake's [threads] status_interval
WINDOW_MS = 86_400_000


@pytest.fixture
def fake_threads():
    fake = fakes.on_steady_port(FakeThreads)
    yield fake
    fakes.close(fake)


@pytest.fixture
def settings(settings, fake_threads):
    settings["threads"] = fake_threads.settings()
    return settings


@pytest.fixture(autouse=True)
def threads_fetches_from_the_app(fake_threads, api):
    """Threads fetches media from the signed public URLs: here through the app itself."""
    fake_threads.fetch = fetch_through(api)


def channel_with_threads(api):
    channel_id = api.post("/v1/channels", json={"name": "Threads"}).get_json()["data"]["id"]
    answer = api.client.get(authorize(api, "threads", channelId=channel_id))
    assert answer.status_code == 200, answer.get_data(as_text=True)
    return channel_id


def key_of(api, data, filename):
    return upload(api, data, filename=filename).get_json()["data"]["key"]


def publish_through(post_id, start, clock_at):
    """Run the worker at `start`, then at each check time while the post waits."""
    now = clock_at(start)
    while (outcome := run_worker()) == {post_id: "publishing"}:
        waiting = (
            PostPart.select().where(PostPart.check_at.is_null(False)).order_by(PostPart.check_at).first()
        )
        assert waiting.check_at > now
        now = clock_at(waiting.check_at)
    return outcome


def test_a_text_post_is_a_container_published_with_its_options(api, fake_threads, clock_at):
    clock_at(T)
    channel_id = channel_with_threads(api)
    options = {
        "replyControl": "mentioned_only",
        "topicTag": "Launches",
        "linkAttachment": "https://postline.dev",
    }
    post_id = create_post(api, channel_id, "We launch today 🚀", platforms={"threads": {"options": options}})
    assert run_worker() == {post_id: "done"}
    [made] = fake_threads.posts
    assert made["text"] == "We launch today 🚀" and made["media_type"] == "TEXT_POST"
    assert (made["reply_control"], made["topic_tag"], made["link_attachment"]) == (
        "mentioned_only",
        "Launches",
        "https://postline.dev",
    )
    [target] = post_of(api, post_id)["targets"]
    assert target["status"] == "published" and target["platformPostId"] == made["id"]
    assert target["url"] == made["permalink"] and target["publishedAt"] == T
    assert fake_threads.requests["GET /v1.0/25061000000000001/threads_publishing_limit"] == 1


def test_images_are_fetched_from_signed_urls_and_a_webp_goes_as_jpeg(api, fake_threads, clock_at):
    clock_at(T)
    channel_id = channel_with_threads(api)
    png = key_of(api, image("PNG"), "a.png")
    api.patch(f"/v1/media/{png}", json={"altText": "A launch photo"})
    one = create_post(api, channel_id, "One", media=[png])
    two = create_post(api, channel_id, "Two", media=[png, key_of(api, image("WEBP"), "b.webp")])
    assert run_worker() == {one: "done", two: "done"}
    single, carousel = fake_threads.posts
    assert single["media_type"] == "IMAGE" and single["alt_text"] == "A launch photo"
    assert carousel["media_type"] == "CAROUSEL_ALBUM" and len(carousel["children"]) == 2
    png_url, webp_url = [
        fake_threads.containers[child]["form"]["image_url"] for child in carousel["children"]
    ]
    assert png_url.endswith(".png") and webp_url.endswith(".jpg")  # the WebP's JPEG rendition
    assert [post_of(api, one)["status"], post_of(api, two)["status"]] == ["done", "done"]


def test_a_video_waits_while_threads_processes_it(api, fake_threads, clock_at):
    fake_threads.processing_checks = 2
    channel_id = channel_with_threads(api)
    post_id = create_post(api, channel_id, "Clip", media=[key_of(api, video(), "clip.mp4")])
    clock_at(T)
    assert run_worker() == {post_id: "publishing"}
    [part] = PostPart.select()
    assert part.status == "processing" and part.check_at == T + CHECK_MS
    assert publish_through(post_id, T + CHECK_MS, clock_at) == {post_id: "done"}
    [made] = fake_threads.posts
    assert (
        made["media_type"] == "VIDEO" and post_of(api, post_id)["targets"][0]["platformPostId"] == made["id"]
    )
    assert fake_threads.requests["POST /v1.0/25061000000000001/threads"] == 1


def test_a_video_threads_cannot_process_fails_for_good(api, fake_threads, clock_at):
    fake_threads.processing_result = "ERROR"
    post_id = create_post(api, channel_with_threads(api), "Clip", media=[key_of(api, video(), "clip.mp4")])
    assert publish_through(post_id, T, clock_at) == {post_id: "failed"}
    post = post_of(api, post_id)
    assert post["lastError"] == {
        "code": "MEDIA_PROCESSING_FAILED",
        "message": "threads: FAILED_PROCESSING_VIDEO",
    }
    assert post["nextAttemptAt"] is None and fake_threads.posts == []


def test_a_three_part_thread_arrives_in_order_each_replying_to_the_part_above(api, fake_threads, clock_at):
    clock_at(T)
    thread = [{"content": "2/ The API."}, {"content": "3/ The console."}]
    post_id = create_post(
        api,
        channel_with_threads(api),
        "1/ We launch today.",
        thread=thread,
        firstComment={"content": "Docs: https://postline.dev/docs"},
    )
    assert run_worker() == {post_id: "done"}
    first, second, third, comment = fake_threads.posts
    assert [post["text"] for post in fake_threads.posts] == [
        "1/ We launch today.",
        "2/ The API.",
        "3/ The console.",
        "Docs: https://postline.dev/docs",
    ]
    assert first["reply_to"] is None
    assert second["reply_to"] == first["id"] and third["reply_to"] == second["id"]
    assert comment["reply_to"] == first["id"]  # the first comment answers the post itself
    [target] = post_of(api, post_id)["targets"]
    assert [part["platformPostId"] for part in target["parts"]] == [post["id"] for post in fake_threads.posts]
    assert [part["url"] for part in target["parts"]] == [post["permalink"] for post in fake_threads.posts]


def test_a_thread_broken_in_the_middle_goes_on_from_the_part_that_failed(api, fake_threads, clock_at):
    clock_at(T)
    thread = [{"content": "2/ The API."}, {"content": "3/ The console."}]
    post_id = create_post(api, channel_with_threads(api), "1/ We launch today.", thread=thread)
    fake_threads.publish_replies = [None, "500"]
    assert run_worker() == {post_id: "failed"}
    [target] = post_of(api, post_id)["targets"]
    assert [part["status"] for part in target["parts"]] == ["published", "failed", "pending"]
    clock_at(T + 60_000)
    assert run_worker() == {post_id: "done"}
    first, second, third = fake_threads.posts
    assert second["reply_to"] == first["id"] and third["reply_to"] == second["id"]
    assert fake_threads.received["1/ We launch today."] == 1


@pytest.mark.parametrize(
    ("fields", "field", "says"),
    [
        ({"content": "a" * 497 + "👍"}, "content", "threads: 501 of 500 characters"),
        ({"content": " ".join(f"https://e.com/{n}" for n in range(6))}, "content", "at most 5 links"),
        (
            {"platforms": {"threads": {"thread": [{"content": "b" * 501}]}}},
            "platforms.threads.thread[0].content",
            "501 of 500",
        ),
        ({"firstComment": {"content": "c" * 501}}, "firstComment.content", "in a comment"),
        (
            {"platforms": {"threads": {"options": {"topicTag": "a.b"}}}},
            "platforms.threads.options.topicTag",
            "",
        ),
        (
            {"platforms": {"threads": {"options": {"replyControl": "nobody"}}}},
            "platforms.threads.options.replyControl",
            "",
        ),
    ],
)
def test_threads_limits_are_checked_at_create(api, fake_threads, fields, field, says):
    channel_id = channel_with_threads(api)
    body = {"channelId": channel_id, "content": "Hello", **fields}
    error = assert_error(api.post("/v1/posts", json=body), 400, "VALIDATION_ERROR")
    assert any(d["field"] == field and says in d["message"] for d in error["details"]), error["details"]


def test_a_carousel_has_at_most_20_items(api, fake_threads):
    channel_id = channel_with_threads(api)
    keys = [key_of(api, image("PNG"), f"{n}.png") for n in range(21)]
    body = {"channelId": channel_id, "content": "Many", "media": keys}
    error = assert_error(api.post("/v1/posts", json=body), 400, "VALIDATION_ERROR")
    assert error["details"] == [
        {"field": "media", "message": "threads: at most 20 items in a carousel (21 given)"}
    ]
    assert api.post("/v1/posts", json={**body, "media": keys[:20]}).status_code == 201


def test_a_link_attachment_goes_on_a_post_without_media(api, fake_threads):
    channel_id = channel_with_threads(api)
    body = {
        "channelId": channel_id,
        "content": "Photo",
        "media": [key_of(api, image("JPEG"), "a.jpg")],
        "platforms": {"threads": {"options": {"linkAttachment": "https://postline.dev"}}},
    }
    error = assert_error(api.post("/v1/posts", json=body), 400, "VALIDATION_ERROR")
    assert error["details"][0]["field"] == "platforms.threads.options.linkAttachment"


def test_an_exhausted_quota_blocks_until_the_oldest_post_leaves_the_window(api, fake_threads, clock_at):
    channel_id = channel_with_threads(api)
    clock_at(T)
    first = create_post(api, channel_id, "The first of the day")
    assert run_worker() == {first: "done"}
    fake_threads.quota_used = 249  # 249 posts made elsewhere: the first made the 250th
    clock_at(T + 60_000)
    second = create_post(api, channel_id, "One too many")
    assert run_worker() == {second: "blocked"}
    post = post_of(api, second)
    assert (
        post["lastError"]["code"] == "PUBLISHING_LIMIT" and "250 of 250 posts" in post["lastError"]["message"]
    )
    assert post["nextAttemptAt"] == T + WINDOW_MS
    assert len(fake_threads.posts) == 1 and fake_threads.requests["POST /v1.0/25061000000000001/threads"] == 1


def test_replies_have_a_quota_of_their_own(api, fake_threads, clock_at):
    clock_at(T)
    fake_threads.reply_quota_used = 1000
    post_id = create_post(api, channel_with_threads(api), "1/ Hello", thread=[{"content": "2/ Again"}])
    assert run_worker() == {post_id: "blocked"}
    [target] = post_of(api, post_id)["targets"]
    assert [part["status"] for part in target["parts"]] == ["published", "failed"]
    assert "1000 of 1000 replies" in post_of(api, post_id)["lastError"]["message"]


@pytest.mark.parametrize(
    ("replies", "status", "code", "next_attempt"),
    [
        ({"publish_replies": ["500"]}, "failed", "PLATFORM_ERROR", T + 60_000),
        ({"publish_replies": ["transient"]}, "failed", "PLATFORM_ERROR", T + 60_000),
        ({"publish_replies": ["media_not_found"]}, "failed", "MEDIA_NOT_READY", T + 60_000),
        ({"publish_replies": ["rate_limit"]}, "blocked", "RATE_LIMITED", T + 15 * 60_000),
        ({"container_replies": ["restricted"]}, "blocked", "POLICY_BLOCKED", None),
        ({"container_replies": ["invalid"]}, "failed", "PLATFORM_REFUSED", None),
    ],
)
def test_each_error_class(api, fake_threads, clock_at, replies, status, code, next_attempt):
    clock_at(T)
    channel_id = channel_with_threads(api)
    for name, value in replies.items():
        setattr(fake_threads, name, list(value))
    post_id = create_post(api, channel_id, "Hello Threads")
    assert run_worker() == {post_id: status}
    post = post_of(api, post_id)
    assert post["lastError"]["code"] == code and post["nextAttemptAt"] == next_attempt
    assert post["lastError"]["message"].startswith("threads: ") and fake_threads.posts == []
    if next_attempt is not None and status == "failed":
        clock_at(next_attempt)
        assert run_worker() == {post_id: "done"}
        assert len(fake_threads.posts) == 1 and fake_threads.received["Hello Threads"] == 2


def test_a_refused_token_is_renewed_once_and_the_post_sent_once(api, fake_threads, clock_at):
    clock_at(T)
    channel_id = channel_with_threads(api)
    fake_threads.age_tokens(2 * 86_400)  # old enough to renew
    fake_threads.container_replies = ["token"]  # Threads refuses the token once (code 190)
    post_id = create_post(api, channel_id, "Renewed")
    assert run_worker() == {post_id: "done"}
    assert fake_threads.requests["GET /refresh_access_token"] == 1 and len(fake_threads.posts) == 1
    [connection] = api.get("/v1/connections").get_json()["data"]
    assert connection["status"] == "active" and connection["tokenExpiresAt"] == T + 5_183_944_000


def test_a_time_out_on_threads_publish_is_unconfirmed_and_never_resent(api, fake_threads, clock_at):
    clock_at(T)
    fake_threads.publish_replies = ["hang"]  # published, answered after 2 s; [publishing] timeout 1 s
    post_id = create_post(api, channel_with_threads(api), "Maybe")
    assert run_worker() == {post_id: "blocked"}
    post = post_of(api, post_id)
    assert (
        post["lastError"]["code"] == "DELIVERY_UNCONFIRMED" and post["targets"][0]["status"] == "unconfirmed"
    )
    clock_at(T + 10**9)
    assert run_worker() == {}
    assert len(fake_threads.posts) == 1 and fake_threads.received["Maybe"] == 1
