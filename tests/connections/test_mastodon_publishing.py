"""Live posts published to Mastodon through the worker's own functions and the fake
instance (docs/platforms/mastodon.md): statuses with media and their processing, the
instance's limits at create, PATCH and publish, options, threads and first comments as
replies, the Idempotency-Key, and each error class."""

import json

import pytest

from devtools.fakes.mastodon import ACCOUNT
from devtools.media import image, upload, video
from models import InstanceApp, PostPart
from postline.platforms.mastodon import posting
from tests.connections.conftest import connect, create_post, events_of, post_of, run_worker
from tests.support.client import assert_error

# Publishing: claims, outcomes and media uploads on each backend.
pytestmark = pytest.mark.storage

T = 1_800_000_000_000
DAY_MS = 24 * 3600 * 1000


def setup_channel(api, fake):
    """A channel with an account on the fake instance connected by a real OAuth run; its id."""
    channel_id = api.post("/v1/channels", json={"name": "Fediverse"}).get_json()["data"]["id"]
    connect(api, "mastodon", channelId=channel_id, instance=fake.url)
    return channel_id


def test_a_post_with_an_image_and_its_alt_text_is_a_status(api, fake_mastodon, clock_at):
    clock_at(T)
    channel_id = setup_channel(api, fake_mastodon)
    key = upload(api, image("PNG"), altText="A red square").get_json()["data"]["key"]
    post_id = create_post(api, channel_id, "Launch day! https://example.com/launch", media=[key])
    assert run_worker() == {post_id: "done"}
    [status] = fake_mastodon.statuses
    assert status["text"] == "Launch day! https://example.com/launch" and status["account"] == ACCOUNT["id"]
    [media_id] = status["media_ids"]
    assert fake_mastodon.media[media_id]["description"] == "A red square"
    assert fake_mastodon.media[media_id]["content_type"] == "image/png"
    [target] = post_of(api, post_id)["targets"]
    assert target["status"] == "published" and target["platformPostId"] == status["id"]
    assert target["url"] == f"{fake_mastodon.web_url}/@{ACCOUNT['username']}/{status['id']}"
    assert target["url"].startswith("https://") and target["publishedAt"] == T
    assert status["idempotency_key"].startswith("postline-")
    [delivered] = events_of("post.delivered")
    assert delivered["targets"][0]["platform_post_id"] == status["id"]


def test_a_video_waits_for_the_instance_to_process_it_without_a_thread(api, fake_mastodon, clock_at):
    clock_at(T)
    channel_id = setup_channel(api, fake_mastodon)
    fake_mastodon.processing_checks = 2
    key = upload(api, video(), filename="clip.mp4").get_json()["data"]["key"]
    post_id = create_post(api, channel_id, "Clip", media=[key])
    assert run_worker() == {post_id: "publishing"}
    [part] = PostPart.select()
    assert part.status == "processing" and part.check_at == T + 1000  # [mastodon] status_interval
    assert json.loads(part.platform_state)["pending"] and fake_mastodon.statuses == []
    assert run_worker() == {}  # not before its check time
    for step in (1, 2, 3):  # two answers of 206, then 200 with the file's url
        clock_at(T + step * 1000)
        assert run_worker() == ({post_id: "publishing"} if step < 3 else {post_id: "done"})
    [status] = fake_mastodon.statuses
    assert fake_mastodon.requests["GET /api/v1/media/" + status["media_ids"][0]] == 3
    assert fake_mastodon.requests["POST /api/v1/statuses"] == 1


def test_media_the_instance_fails_to_process_fails_the_post(api, fake_mastodon, clock_at):
    clock_at(T)
    channel_id = setup_channel(api, fake_mastodon)
    fake_mastodon.processing_fails = True
    post_id = create_post(
        api, channel_id, "Clip", media=[upload(api, video(), filename="c.mp4").get_json()["data"]["key"]]
    )
    assert run_worker() == {post_id: "publishing"}
    clock_at(T + 1000)
    assert run_worker() == {post_id: "failed"}
    post = post_of(api, post_id)
    assert post["lastError"]["code"] == "MEDIA_PROCESSING_FAILED" and post["nextAttemptAt"] is None


def test_a_thread_and_a_first_comment_arrive_in_order_each_replying_to_the_one_before(
    api, fake_mastodon, clock_at
):
    clock_at(T)
    channel_id = setup_channel(api, fake_mastodon)
    post_id = create_post(
        api,
        channel_id,
        "1/ A thread",
        thread=[{"content": "2/ the middle"}, {"content": "3/ the end"}],
        firstComment={"content": "Links in the comments"},
        platforms={
            "mastodon": {"options": {"visibility": "unlisted", "spoilerText": "Spoilers", "language": "en"}}
        },
    )
    assert run_worker() == {post_id: "done"}
    first, second, third, comment = fake_mastodon.statuses
    assert [status["text"] for status in fake_mastodon.statuses] == [
        "1/ A thread",
        "2/ the middle",
        "3/ the end",
        "Links in the comments",
    ]
    assert first["in_reply_to_id"] is None
    assert second["in_reply_to_id"] == first["id"] and third["in_reply_to_id"] == second["id"]
    assert comment["in_reply_to_id"] == first["id"]
    for status in fake_mastodon.statuses:
        assert (status["visibility"], status["spoiler_text"], status["language"]) == (
            "unlisted",
            "Spoilers",
            "en",
        )
    [target] = post_of(api, post_id)["targets"]
    assert [part["platformPostId"] for part in target["parts"]] == [s["id"] for s in fake_mastodon.statuses]
    assert len({status["idempotency_key"] for status in fake_mastodon.statuses}) == 4


def test_a_reply_whose_parent_was_deleted_fails_for_good(api, fake_mastodon, clock_at):
    clock_at(T)
    channel_id = setup_channel(api, fake_mastodon)
    post_id = create_post(api, channel_id, "1/", thread=[{"content": "2/"}])
    fake_mastodon.status_replies = [None, "503"]  # the post is made, its reply fails for now
    assert run_worker() == {post_id: "failed"}
    fake_mastodon.statuses.clear()  # meanwhile, the post is deleted on the instance
    clock_at(post_of(api, post_id)["nextAttemptAt"])
    assert run_worker() == {post_id: "failed"}
    post = post_of(api, post_id)
    assert post["lastError"] == {"code": "NOT_FOUND", "message": "mastodon: Record not found"}
    assert post["nextAttemptAt"] is None


def test_the_same_part_sent_again_within_the_hour_is_the_same_status(api, fake_mastodon, clock_at):
    clock_at(T)
    channel_id = setup_channel(api, fake_mastodon)
    post_id = create_post(api, channel_id, "Once only")
    fake_mastodon.status_replies = ["hang"]  # made, but the answer comes after the time-out
    fake_mastodon.hang_seconds = 1.5
    assert run_worker() == {post_id: "blocked"}
    post = post_of(api, post_id)
    assert post["lastError"]["code"] == "DELIVERY_UNCONFIRMED"
    assert post["targets"][0]["status"] == "unconfirmed"
    # The user resends it unchanged (a PATCH): the instance answers the status it made.
    resent = api.patch(f"/v1/posts/{post_id}", json={"content": "Once only"})
    assert resent.status_code == 200, resent.get_data(as_text=True)
    assert run_worker() == {post_id: "done"}
    [status] = fake_mastodon.statuses
    assert post_of(api, post_id)["targets"][0]["platformPostId"] == status["id"]
    assert fake_mastodon.received["Once only"] == 2
    # Changed, it is another status.
    changed = create_post(api, channel_id, "Once only")
    assert run_worker() == {changed: "done"} and len(fake_mastodon.statuses) == 2


def test_the_idempotency_key_is_the_parts_place_and_what_it_says():
    class Row:
        def __init__(self, **fields):
            self.__dict__.update(fields)

    post, target = Row(id="post_1"), Row(id=7)

    def part(**changes):
        fields = {"position": 0, "content": "Hi", "media": [], "parent": None, **changes}
        return Row(**fields)

    key = posting.idempotency_key(post, target, part(), {})
    assert key == posting.idempotency_key(post, target, part(), {})
    assert key.startswith("postline-") and len(key) == 49
    for other in (
        posting.idempotency_key(Row(id="post_2"), target, part(), {}),
        posting.idempotency_key(post, Row(id=8), part(), {}),
        posting.idempotency_key(post, target, part(position=1), {}),
        posting.idempotency_key(post, target, part(content="Hi!"), {}),
        posting.idempotency_key(post, target, part(media=["med_1.png"]), {}),
        posting.idempotency_key(post, target, part(), {"visibility": "private"}),
        posting.idempotency_key(post, target, part(parent=Row(platform_post_id="1")), {}),
    ):
        assert other != key


@pytest.mark.parametrize(
    ("fields", "field", "message"),
    [
        ({"content": "x" * 501}, "content", "mastodon: 501 of 500 characters"),
        ({"content": "Hi", "thread": [{}]}, "thread[0].content", "mastodon: a status needs text or media"),
        (
            {"content": "Hi", "platforms": {"mastodon": {"options": {"spoilerText": "w" * 501}}}},
            "platforms.mastodon.options.spoilerText",
            "mastodon: 501 of 500 characters",
        ),
        (
            {"content": "Hi", "platforms": {"mastodon": {"options": {"visibility": "everyone"}}}},
            "platforms.mastodon.options.visibility",
            "Must be one of",
        ),
        (
            {"content": "Hi", "thread": [{"content": "y" * 501}]},
            "thread[0].content",
            "mastodon: 501 of 500 characters",
        ),
    ],
)
def test_the_instances_limits_are_checked_at_create(api, fake_mastodon, fields, field, message):
    channel_id = setup_channel(api, fake_mastodon)
    answer = api.post("/v1/posts", json={"channelId": channel_id, **fields})
    error = assert_error(answer, 400, "VALIDATION_ERROR")
    assert any(d["field"] == field and message in d["message"] for d in error["details"]), error


def test_links_count_23_and_remote_mentions_their_user_alone(api, fake_mastodon):
    channel_id = setup_channel(api, fake_mastodon)
    link = "https://example.com/" + "a" * 600
    text = f"{'e' * 440} {link} @bob@mastodon.example.social"  # 440 + 1 + 23 + 1 + 4 = 469
    assert api.post("/v1/posts", json={"channelId": channel_id, "content": text}).status_code == 201
    answer = api.post("/v1/posts", json={"channelId": channel_id, "content": text + " " + "x" * 31})
    [detail] = assert_error(answer, 400, "VALIDATION_ERROR")["details"]
    assert detail["message"] == "mastodon: 501 of 500 characters"


def test_an_instance_that_allows_more_is_checked_against_its_own_limit(api, fake_mastodon, clock_at):
    clock_at(T)
    fake_mastodon.limits["max_characters"] = 5000
    channel_id = setup_channel(api, fake_mastodon)
    post_id = create_post(api, channel_id, "x" * 4000)
    too_long = api.post("/v1/posts", json={"channelId": channel_id, "content": "x" * 5001})
    assert assert_error(too_long, 400, "VALIDATION_ERROR")["details"][0]["message"] == (
        "mastodon: 5001 of 5000 characters"
    )
    # The admin lowers it: publishing reads the limits again once they are a day old.
    fake_mastodon.limits["max_characters"] = 3000
    clock_at(T + DAY_MS)
    assert run_worker() == {post_id: "failed"}
    post = post_of(api, post_id)
    assert post["lastError"] == {"code": "CONTENT_REFUSED", "message": "mastodon: 4000 of 3000 characters"}
    assert json.loads(InstanceApp.get().limits)["max_characters"] == 3000
    assert fake_mastodon.statuses == []


def test_the_content_warning_and_the_text_together_are_checked_at_publish(api, fake_mastodon, clock_at):
    clock_at(T)
    channel_id = setup_channel(api, fake_mastodon)
    options = {"spoilerText": "w" * 300}
    post_id = create_post(api, channel_id, "x" * 300, platforms={"mastodon": {"options": options}})
    assert run_worker() == {post_id: "failed"}
    assert post_of(api, post_id)["lastError"] == {
        "code": "CONTENT_REFUSED",
        "message": "mastodon: 600 of 500 characters with the content warning",
    }
    assert fake_mastodon.received == {}


def test_media_the_instance_does_not_take_is_refused_at_create(api, fake_mastodon):
    channel_id = setup_channel(api, fake_mastodon)
    keys = [upload(api, image("PNG")).get_json()["data"]["key"] for _ in range(5)]
    answer = api.post("/v1/posts", json={"channelId": channel_id, "content": "Five", "media": keys})
    [detail] = assert_error(answer, 400, "VALIDATION_ERROR")["details"]
    assert detail == {"field": "media", "message": "mastodon: at most 4 media (5 given)"}
    clip = upload(api, video(), filename="clip.mp4").get_json()["data"]["key"]
    mixed = api.post(
        "/v1/posts", json={"channelId": channel_id, "content": "Mixed", "media": [keys[0], clip]}
    )
    [detail] = assert_error(mixed, 400, "VALIDATION_ERROR")["details"]
    assert "a video or an audio file goes alone" in detail["message"]
    fake_mastodon.limits["supported_mime_types"].remove("image/png")
    InstanceApp.update(limits=None).execute()
    setup_channel(api, fake_mastodon)  # connected again: the limits are read again
    refused = api.post("/v1/posts", json={"channelId": channel_id, "content": "PNG", "media": [keys[0]]})
    [detail] = assert_error(refused, 400, "VALIDATION_ERROR")["details"]
    assert detail == {"field": "media[0]", "message": "mastodon: the instance takes no image/png files"}


@pytest.mark.parametrize(
    ("reply", "status", "code", "retried"),
    [
        ("503", "failed", "PLATFORM_ERROR", True),
        ("500", "failed", "PLATFORM_ERROR", True),
        ("not_processed", "failed", "MEDIA_NOT_READY", True),
        ("422", "failed", "VALIDATION_FAILED", False),
        ("disabled", "blocked", "ACCOUNT_RESTRICTED", False),
    ],
)
def test_each_error_class_of_a_status(api, fake_mastodon, clock_at, reply, status, code, retried):
    clock_at(T)
    channel_id = setup_channel(api, fake_mastodon)
    post_id = create_post(api, channel_id, "Hello")
    fake_mastodon.status_replies = [reply]
    assert run_worker() == {post_id: status}
    post = post_of(api, post_id)
    assert post["lastError"]["code"] == code and post["lastError"]["message"].startswith("mastodon: ")
    assert (post["nextAttemptAt"] is not None) is retried
    if retried:
        clock_at(post["nextAttemptAt"])
        assert run_worker() == {post_id: "done"} and len(fake_mastodon.statuses) == 1


def test_a_rate_limit_blocks_until_the_iso_reset_then_publishes(api, fake_mastodon, clock_at):
    clock_at(T)
    channel_id = setup_channel(api, fake_mastodon)
    post_id = create_post(api, channel_id, "Hello")
    fake_mastodon.rate_limit_reset = T / 1000 + 900.25  # sent as 2027-01-15T08:15:00.250Z
    fake_mastodon.status_replies = ["429"]
    assert run_worker() == {post_id: "blocked"}
    post = post_of(api, post_id)
    assert post["lastError"] == {"code": "RATE_LIMITED", "message": "mastodon: Too many requests"}
    assert post["nextAttemptAt"] == T + 900_250
    clock_at(T + 900_249)
    assert run_worker() == {}
    clock_at(T + 900_250)
    assert run_worker() == {post_id: "done"} and len(fake_mastodon.statuses) == 1


@pytest.mark.parametrize("reply", ["401", "scope"])
def test_a_refused_token_expires_the_connection_and_blocks_the_post(api, fake_mastodon, clock_at, reply):
    clock_at(T)
    channel_id = setup_channel(api, fake_mastodon)
    post_id = create_post(api, channel_id, "Hello")
    fake_mastodon.status_replies = [reply]
    assert run_worker() == {post_id: "blocked"}
    post = post_of(api, post_id)
    assert post["lastError"]["code"] == "CONNECTION_EXPIRED" and post["nextAttemptAt"] is None
    [connection] = api.get("/v1/connections").get_json()["data"]
    assert connection["status"] == "expired" and connection["lastError"]["code"] == "TOKEN_REFUSED"
    [expired] = events_of("connection.expired")
    assert expired["provider"] == "mastodon" and expired["status"] == "expired"
    assert fake_mastodon.statuses == []


def test_a_simulated_connection_gets_ids_and_urls_shaped_like_mastodons(api, make_key, clock_at):
    clock_at(T)
    tester = api.as_key(make_key(mode="test"))
    channel_id = tester.post("/v1/channels", json={"name": "Sandbox"}).get_json()["data"]["id"]
    body = {"platform": "mastodon", "channelId": channel_id, "username": "alice@social.example"}
    assert tester.post("/v1/connections/sandbox", json=body).status_code == 201
    too_long = tester.post("/v1/posts", json={"channelId": channel_id, "content": "x" * 501})
    assert assert_error(too_long, 400, "VALIDATION_ERROR")["details"][0]["message"] == (
        "mastodon: 501 of 500 characters"  # Mastodon's default: no instance has said otherwise
    )
    post = tester.post(
        "/v1/posts", json={"channelId": channel_id, "content": "1/", "thread": [{"content": "2/"}]}
    )
    assert run_worker() == {post.get_json()["data"]["id"]: "done"}
    [target] = tester.get(f"/v1/posts/{post.get_json()['data']['id']}").get_json()["data"]["targets"]
    for part in target["parts"]:
        assert part["platformPostId"].isdigit() and len(part["platformPostId"]) == 18
        assert part["url"] == f"https://social.example/@alice/{part['platformPostId']}"
