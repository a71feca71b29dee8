"""Live posts published to X through the worker's own functions and the fake X
(docs/api.md, Publishing): tokens, each error class, media and its processing."""

import pytest

from devtools.media import image, upload, video
from models import PostPart
from postline.connections import tokens
from tests.connections.conftest import connect, create_post, events_of, post_of, run_worker
from tests.support.client import assert_error
from tests.support.media import multipart

# Publishing: claims, outcomes and media uploads on each backend.
pytestmark = pytest.mark.storage

T = 1_800_000_000_000
MB = 1024 * 1024


def setup_channel(api):
    """A channel with X connected by a real OAuth run; its id."""
    channel_id = api.post("/v1/channels", json={"name": "Launches"}).get_json()["data"]["id"]
    connect(api, channelId=channel_id)
    return channel_id


def create(api, channel_id, content="Hello X", **fields):
    return create_post(api, channel_id, content, **fields)


def test_a_post_with_text_and_an_image_is_published_to_x(api, fake_x, clock_at):
    clock_at(T)
    channel_id = setup_channel(api)
    media_key = upload(api, image("PNG")).get_json()["data"]["key"]
    post_id = create(api, channel_id, "Launch day! https://example.com/launch", media=[media_key])
    assert run_worker() == {post_id: "done"}
    [tweet] = fake_x.tweets
    assert tweet["text"] == "Launch day! https://example.com/launch"
    [media_id] = tweet["media_ids"]
    assert fake_x.media[media_id]["data"] == image("PNG")
    post = post_of(api, post_id)
    [connection] = api.get("/v1/connections").get_json()["data"]
    assert post["status"] == "done" and post["deliveredAt"] == T
    assert post["targets"] == [
        {
            "connectionId": connection["id"],
            "platform": "x",
            "status": "published",
            "platformPostId": tweet["id"],
            "url": f"https://x.com/postline_fake/status/{tweet['id']}",
            "error": None,
            "publishedAt": T,
            "parts": [
                {
                    "index": 0,
                    "kind": "post",
                    "content": "Launch day! https://example.com/launch",
                    "status": "published",
                    "platformPostId": tweet["id"],
                    "url": f"https://x.com/postline_fake/status/{tweet['id']}",
                    "error": None,
                    "nextAttemptAt": None,
                }
            ],
        }
    ]
    [delivered] = events_of("post.delivered")
    assert delivered["targets"][0]["platform_post_id"] == tweet["id"]
    assert delivered["targets"][0]["url"] == post["targets"][0]["url"]
    assert run_worker() == {} and len(fake_x.tweets) == 1


def test_an_expired_access_token_is_refreshed_and_the_rotated_one_kept(api, fake_x, clock_at):
    clock_at(T)
    channel_id = setup_channel(api)
    [first_refresh] = fake_x.refresh_tokens
    fake_x.expire_access_tokens()  # X answers 401 though the stored expiry lies ahead
    post_id = create(api, channel_id)
    assert run_worker() == {post_id: "done"}
    assert fake_x.requests["POST /2/tweets"] == 2 and len(fake_x.tweets) == 1
    assert fake_x.spent_refresh_tokens == {first_refresh}
    # The next refresh uses the rotated token: the fake refuses the spent one.
    [connection] = api.get("/v1/connections").get_json()["data"]
    refreshed = api.post(f"/v1/connections/{connection['id']}/refresh").get_json()["data"]
    assert refreshed["status"] == "active" and len(fake_x.spent_refresh_tokens) == 2


def test_the_worker_refreshes_tokens_that_expire_within_15_minutes(api, fake_x, clock_at):
    clock_at(T)
    setup_channel(api)
    clock_at(T + 7_200_000 - 15 * 60_000 - 1)
    assert tokens.refresh_expiring() == 0
    clock_at(T + 7_200_000 - 15 * 60_000)
    assert tokens.refresh_expiring() == 1
    [connection] = api.get("/v1/connections").get_json()["data"]
    assert connection["tokenExpiresAt"] == T + 7_200_000 - 15 * 60_000 + 7_200_000
    assert len(fake_x.spent_refresh_tokens) == 1


def test_a_refresh_answered_5xx_leaves_the_connection_active(api, fake_x, clock_at):
    clock_at(T)
    setup_channel(api)
    [connection] = api.get("/v1/connections").get_json()["data"]
    fake_x.token_replies = ["500"]
    assert_error(api.post(f"/v1/connections/{connection['id']}/refresh"), 503, "PLATFORM_UNAVAILABLE")
    after = api.get(f"/v1/connections/{connection['id']}").get_json()["data"]
    assert after["status"] == "active" and after["lastError"]["code"] == "REFRESH_FAILED"
    assert events_of("connection.expired") == []
    assert api.post(f"/v1/connections/{connection['id']}/refresh").get_json()["data"]["lastError"] is None


def test_invalid_grant_expires_the_connection_and_blocks_its_posts(api, fake_x, clock_at):
    clock_at(T)
    webhook = api.post(
        "/v1/webhooks", json={"url": "https://hooks.example.com/postline", "events": ["connection.expired"]}
    )
    assert webhook.status_code == 201, webhook.get_data(as_text=True)
    channel_id = setup_channel(api)
    [connection] = api.get("/v1/connections").get_json()["data"]
    fake_x.token_replies = ["invalid_grant"]
    clock_at(T + 7_200_000 - 60_000)
    assert tokens.refresh_expiring() == 0
    after = api.get(f"/v1/connections/{connection['id']}").get_json()["data"]
    assert after["status"] == "expired" and after["lastError"]["code"] == "TOKEN_REFUSED"
    assert events_of("connection.expired") == [
        {
            "connection_id": connection["id"],
            "provider": "x",
            "platform": "x",
            "status": "expired",
            "reason": {"code": "TOKEN_REFUSED", "message": "x: The grant was revoked"},
        }
    ]
    deliveries = api.get(f"/v1/webhooks/{webhook.get_json()['data']['id']}/deliveries").get_json()["data"]
    assert [d["event"] for d in deliveries] == ["connection.expired"]
    post_id = create(api, channel_id)
    assert run_worker() == {post_id: "blocked"}
    post = post_of(api, post_id)
    assert post["lastError"]["code"] == "CONNECTION_EXPIRED" and post["nextAttemptAt"] is None
    assert post["targets"][0]["error"]["code"] == "CONNECTION_EXPIRED"
    assert fake_x.tweets == []


def test_a_removed_connection_blocks_the_post(api, fake_x, clock_at):
    clock_at(T)
    channel_id = setup_channel(api)
    post_id = create(api, channel_id, scheduledFor=T + 60_000)
    fake_x.tweet_replies = ["500"]
    clock_at(T + 60_000)
    assert run_worker() == {post_id: "failed"}  # its target now exists
    [connection] = api.get("/v1/connections").get_json()["data"]
    api.delete(f"/v1/connections/{connection['id']}")
    clock_at(T + 120_000)
    assert run_worker() == {post_id: "blocked"}
    assert post_of(api, post_id)["lastError"]["code"] == "CONNECTION_EXPIRED"


def test_a_rate_limit_blocks_until_x_resets_then_publishes(api, fake_x, clock_at):
    clock_at(T)
    channel_id = setup_channel(api)
    fake_x.rate_limit_reset = T // 1000 + 900
    fake_x.tweet_replies = ["429"]
    post_id = create(api, channel_id)
    assert run_worker() == {post_id: "blocked"}
    post = post_of(api, post_id)
    assert post["lastError"]["code"] == "RATE_LIMITED" and post["nextAttemptAt"] == T + 900_000
    [blocked] = events_of("post.blocked")
    assert blocked["next_attempt_at"] == T + 900_000
    clock_at(T + 899_999)
    assert run_worker() == {}
    clock_at(T + 900_000)
    assert run_worker() == {post_id: "done"}
    assert len(fake_x.tweets) == 1


def test_a_usage_cap_blocks(api, fake_x, clock_at):
    clock_at(T)
    post_id = create(api, setup_channel(api))
    fake_x.tweet_replies = ["usage_capped"]
    assert run_worker() == {post_id: "blocked"}
    assert post_of(api, post_id)["lastError"]["code"] == "USAGE_CAPPED"


def test_duplicate_content_fails_for_good(api, fake_x, clock_at):
    clock_at(T)
    channel_id = setup_channel(api)
    first = create(api, channel_id, "Same words")
    assert run_worker() == {first: "done"}
    second = create(api, channel_id, "Same words")
    assert run_worker() == {second: "failed"}
    post = post_of(api, second)
    assert post["lastError"] == {
        "code": "DUPLICATE_CONTENT",
        "message": "x: You are not allowed to create a Tweet with duplicate content.",
    }
    assert post["nextAttemptAt"] is None
    [failed] = events_of("post.failed")
    assert failed["will_retry"] is False


def test_a_server_error_is_retried_at_next_attempt_at(api, fake_x, clock_at):
    clock_at(T)
    post_id = create(api, setup_channel(api))
    fake_x.tweet_replies = ["503"]
    assert run_worker() == {post_id: "failed"}
    post = post_of(api, post_id)
    assert post["nextAttemptAt"] == T + 60_000 and post["lastError"]["code"] == "PLATFORM_ERROR"
    clock_at(T + 59_999)
    assert run_worker() == {}
    clock_at(T + 60_000)
    assert run_worker() == {post_id: "done"}
    assert post_of(api, post_id)["attempts"] == 2 and len(fake_x.tweets) == 1


def test_a_time_out_after_the_request_left_is_unconfirmed_and_never_resent(api, fake_x, clock_at):
    clock_at(T)
    post_id = create(api, setup_channel(api))
    fake_x.tweet_replies = ["hang"]  # X makes the post, then answers after 2 s; the timeout is 1 s
    assert run_worker() == {post_id: "blocked"}
    post = post_of(api, post_id)
    assert post["lastError"]["code"] == "DELIVERY_UNCONFIRMED" and post["nextAttemptAt"] is None
    assert post["targets"][0]["status"] == "unconfirmed"
    clock_at(T + 10**9)
    assert run_worker() == {}
    assert fake_x.requests["POST /2/tweets"] == 1


def test_a_video_waits_for_x_processing_without_holding_a_thread(api, fake_x, clock_at):
    clock_at(T)
    channel_id = setup_channel(api)
    media_key = upload(api, video(total=5000), filename="clip.mp4").get_json()["data"]["key"]
    post_id = create(api, channel_id, "Watch this", media=[media_key])
    assert run_worker() == {post_id: "publishing"}
    post = post_of(api, post_id)
    assert post["status"] == "publishing" and post["targets"][0]["status"] == "processing"
    target = PostPart.get()
    assert target.check_at == T + 1000
    assert fake_x.requests["POST /2/media/upload/initialize"] == 1 and fake_x.tweets == []
    assert run_worker() == {}  # not yet time to ask
    clock_at(T + 1000)
    assert run_worker() == {post_id: "publishing"}  # X says in_progress
    clock_at(T + 2000)
    assert run_worker() == {post_id: "done"}
    post = post_of(api, post_id)
    assert post["attempts"] == 1 and post["targets"][0]["status"] == "published"
    [tweet] = fake_x.tweets
    assert fake_x.media[tweet["media_ids"][0]]["data"] == video(total=5000)
    assert fake_x.requests["GET /2/media/upload"] == 2


def test_a_large_video_goes_up_in_several_segments_x_reassembles_in_order(api, fake_x, clock_at):
    clock_at(T)
    channel_id = setup_channel(api)
    fake_x.processing_checks = 0
    clip = video(total=9 * MB)  # more than one segment of the adapter's (X takes up to 5 MB each)
    body, content_type = multipart(clip, "clip.mp4")
    uploaded = api.post("/v1/media/upload", data=body, content_type=content_type)
    assert uploaded.status_code == 201, uploaded.get_data(as_text=True)
    post_id = create(api, channel_id, "The long cut", media=[uploaded.get_json()["data"]["key"]])
    assert run_worker() == {post_id: "publishing"}
    [(media_id, item)] = fake_x.media.items()
    assert len(item["arrived"]) >= 2 and item["arrived"] == list(range(len(item["arrived"])))
    assert fake_x.requests[f"POST /2/media/upload/{media_id}/append"] == len(item["arrived"])
    assert bytes(item["data"]) == clip
    clock_at(T + 1000)
    assert run_worker() == {post_id: "done"}
    [tweet] = fake_x.tweets
    assert tweet["media_ids"] == [media_id]


def test_media_x_cannot_process_fails_the_post(api, fake_x, clock_at):
    clock_at(T)
    channel_id = setup_channel(api)
    fake_x.processing_checks = 0
    fake_x.processing_fails = True
    media_key = upload(api, video(), filename="clip.mp4").get_json()["data"]["key"]
    post_id = create(api, channel_id, "Broken clip", media=[media_key])
    assert run_worker() == {post_id: "publishing"}
    clock_at(T + 1000)
    assert run_worker() == {post_id: "failed"}
    assert post_of(api, post_id)["lastError"]["code"] == "MEDIA_PROCESSING_FAILED"


def test_processing_past_its_timeout_fails_the_attempt_and_uploads_again(api, fake_x, clock_at):
    clock_at(T)
    channel_id = setup_channel(api)
    fake_x.processing_checks = 10**6  # X never finishes
    media_key = upload(api, video(), filename="clip.mp4").get_json()["data"]["key"]
    post_id = create(api, channel_id, "Slow clip", media=[media_key])
    assert run_worker() == {post_id: "publishing"}
    clock_at(T + 900_000)
    assert run_worker() == {post_id: "publishing"}  # exactly the timeout: still waiting
    late = clock_at(T + 902_000)  # the next check, past the timeout
    assert run_worker() == {post_id: "failed"}
    post = post_of(api, post_id)
    assert post["lastError"]["code"] == "PROCESSING_TIMEOUT" and post["nextAttemptAt"] == late + 60_000
    fake_x.processing_checks = 0
    clock_at(late + 60_000)
    assert run_worker() == {post_id: "publishing"}  # uploaded again
    assert fake_x.requests["POST /2/media/upload/initialize"] == 2
    clock_at(late + 61_000)
    assert run_worker() == {post_id: "done"}
    assert len(fake_x.tweets) == 1


def test_x_limits_are_checked_at_create_and_patch(api, clock_at):
    clock_at(T)
    channel_id = setup_channel(api)
    answer = api.post("/v1/posts", json={"channelId": channel_id, "content": "日本" * 70 + "!"})
    error = assert_error(answer, 400, "VALIDATION_ERROR")
    assert error["details"] == [{"field": "content", "message": "x: 281 of 280 weighted characters"}]
    url_heavy = "a" * 250 + " https://example.com/" + "x" * 100  # 250 + 1 + 23 weighted
    assert api.post("/v1/posts", json={"channelId": channel_id, "content": url_heavy}).status_code == 201
    images = [upload(api, image("PNG")).get_json()["data"]["key"] for _ in range(5)]
    error = assert_error(
        api.post("/v1/posts", json={"channelId": channel_id, "content": "Five", "media": images}),
        400,
        "VALIDATION_ERROR",
    )
    assert error["details"] == [{"field": "media", "message": "x: at most 4 images (5 given)"}]
    post_id = create(api, channel_id, "Short")
    error = assert_error(
        api.patch(f"/v1/posts/{post_id}", json={"content": "a" * 281}), 400, "VALIDATION_ERROR"
    )
    assert error["details"][0]["message"] == "x: 281 of 280 weighted characters"
    batch = api.post(
        "/v1/posts/batch",
        json={
            "posts": [
                {"channelId": channel_id, "content": "ok"},
                {"channelId": channel_id, "content": "b" * 300},
            ]
        },
    )
    assert assert_error(batch, 400, "VALIDATION_ERROR")["details"][0]["field"] == "posts[1].content"


def test_a_channel_without_x_takes_long_posts(api):
    channel_id = api.post("/v1/channels", json={"name": "Plain"}).get_json()["data"]["id"]
    assert api.post("/v1/posts", json={"channelId": channel_id, "content": "a" * 1000}).status_code == 201


def test_an_image_whose_file_is_gone_fails_for_good_and_nothing_is_sent(api, fake_x, clock_at, data_dir):
    clock_at(T)
    channel_id = setup_channel(api)
    media_key = upload(api, image("PNG")).get_json()["data"]["key"]
    post_id = create(api, channel_id, "Lost picture", media=[media_key])
    [stored] = [path for path in (data_dir / "media").rglob("*") if path.is_file() and media_key in path.name]
    stored.unlink()  # removed by hand from the media directory
    assert run_worker() == {post_id: "failed"}
    post = post_of(api, post_id)
    assert post["lastError"]["code"] == "MEDIA_MISSING" and post["nextAttemptAt"] is None
    assert post["targets"][0]["status"] == "failed"
    assert fake_x.media == {} and fake_x.tweets == [] and fake_x.requests["POST /2/tweets"] == 0
