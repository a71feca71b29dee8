"""Live posts published to TikTok through the worker's own functions and the fake
TikTok (docs/platforms/tiktok.md): OAuth with the client key, rotating tokens, the creator's
limits, chunked uploads and pulls, the publish status, and each error class."""

import pytest

from devtools.connecting import authorize
from devtools.fakes.tiktok import MB, USER
from devtools.media import image, video
from models import PostPart
from postline.connections import tokens
from postline.platforms.tiktok import posting
from tests.connections.conftest import connect, create_post, events_of, post_of, query_of, run_worker
from tests.support.client import assert_error, fetch_through
from tests.support.media import multipart

# Publishing: claims, outcomes, status checks and token refreshes on each backend.
pytestmark = pytest.mark.storage

T = 1_800_000_000_000
CHECK_MS = 10_000  # [tiktok] status_interval


@pytest.fixture
def tiktok_settings(request, fake_tiktok):
    """The `[tiktok]` settings of the test's app: 5 MB chunks (TikTok's least), and
    what a test parametrizes indirectly."""
    return fake_tiktok.settings(chunk_bytes=5 * MB, **getattr(request, "param", {}))


def with_settings(**values):
    return pytest.mark.parametrize("tiktok_settings", [values], indirect=True, ids=[""])


@pytest.fixture
def settings(settings, tiktok_settings):
    """The connections conftest's settings, `[tiktok]` as the test sets it."""
    settings["tiktok"] = tiktok_settings
    return settings


def setup_channel(api):
    """A channel with TikTok connected by a real OAuth run; its id."""
    channel_id = api.post("/v1/channels", json={"name": "Clips"}).get_json()["data"]["id"]
    connect(api, "tiktok", channelId=channel_id)
    return channel_id


def media_key(api, data, filename):
    # A body built here: the test client would spool a large file to an unclosed temporary file.
    body, content_type = multipart(data, filename)
    answer = api.post("/v1/media/upload", data=body, content_type=content_type)
    assert answer.status_code == 201, answer.get_data(as_text=True)
    return answer.get_json()["data"]["key"]


def video_post(api, channel_id, content="Watch this", data=None):
    return create_post(api, channel_id, content, media=[media_key(api, data or video(), "clip.mp4")])


def publish_through(fake, post_id, start, clock_at):
    """Run the worker at `start`, then at each status check until TikTok finishes."""
    assert run_worker() == {post_id: "publishing"}
    check = start + CHECK_MS
    for _ in range(fake.processing_checks):
        assert run_worker() == {}  # not yet time to ask
        clock_at(check)
        assert run_worker() == {post_id: "publishing"}
        check += CHECK_MS
    clock_at(check)
    return run_worker()


@pytest.fixture(autouse=True)
def _clock(clock_at):
    clock_at(T)


@pytest.fixture(autouse=True)
def tiktok_pulls_from_the_app(fake_tiktok, api):
    """TikTok downloads what it pulls from the signed public URLs: here through the app itself."""
    fake_tiktok.fetch = fetch_through(api)


def test_oauth_names_the_client_key_and_comma_separated_scopes(api, fake_tiktok):
    started = api.get("/v1/connections/tiktok/auth").get_json()["data"]
    query = query_of(started["url"])
    assert started["url"].startswith(f"{fake_tiktok.url}/v2/auth/authorize/?")
    assert query["client_key"] == fake_tiktok.client_key and "client_id" not in query
    assert query["scope"] == "user.info.basic,video.publish" and query["response_type"] == "code"
    connection = connect(api, "tiktok")
    assert connection["provider"] == "tiktok" and connection["platform"] == "tiktok"
    assert connection["accountId"] == USER["open_id"]
    assert connection["displayName"] == "Postline Fake" and connection["avatarUrl"] == USER["avatar_url"]
    assert connection["status"] == "active" and connection["tokenExpiresAt"] == T + 86_400_000
    assert connection["scopes"] == ["user.info.basic", "video.publish"]
    assert fake_tiktok.requests["GET /v2/user/info/"] == 1


def test_verify_reads_the_profile_and_delete_revokes_the_access_token(api, fake_tiktok):
    connection = connect(api, "tiktok")
    verified = api.post(f"/v1/connections/{connection['id']}/verify").get_json()["data"]
    assert verified["status"] == "active" and verified["displayName"] == "Postline Fake"
    assert fake_tiktok.requests["GET /v2/user/info/"] == 2
    [access_token] = fake_tiktok.access_tokens
    assert api.delete(f"/v1/connections/{connection['id']}").status_code == 200
    assert fake_tiktok.revoked == [access_token] and fake_tiktok.access_tokens == {}
    assert api.get("/v1/connections").get_json()["data"] == []


@with_settings(client_id="")
def test_an_unconfigured_client_id_is_refused(api):
    error = assert_error(api.get("/v1/connections/tiktok/auth"), 400, "PROVIDER_NOT_CONFIGURED")
    assert error["details"][0]["message"] == "[tiktok] client_id is not set on this server"


def test_a_video_is_uploaded_in_chunks_in_order_and_published(api, fake_tiktok, clock_at):
    channel_id = setup_channel(api)
    clip = video(total=11 * MB)  # two chunks: 5 MB, then 6 MB (the remainder rides on the last)
    post_id = video_post(api, channel_id, "Launch day #launch", clip)
    assert run_worker() == {post_id: "publishing"}
    [(publish_id, item)] = fake_tiktok.publishes.items()
    assert item["source"] == {
        "source": "FILE_UPLOAD",
        "video_size": 11 * MB,
        "chunk_size": 5 * MB,
        "total_chunk_count": 2,
    }
    assert fake_tiktok.requests["PUT /upload/"] == 2 and bytes(item["data"]) == clip
    assert item["post_info"] == {
        "title": "Launch day #launch",
        "privacy_level": "PUBLIC_TO_EVERYONE",
        "disable_duet": False,
        "disable_comment": False,
        "disable_stitch": True,
    }
    assert fake_tiktok.requests["POST /v2/post/publish/creator_info/query/"] == 1
    post = post_of(api, post_id)
    assert post["targets"][0]["status"] == "processing" and PostPart.get().check_at == T + CHECK_MS
    assert run_worker() == {}  # no thread waits: nothing until check_at
    clock_at(T + CHECK_MS)
    assert run_worker() == {post_id: "publishing"}  # PROCESSING_UPLOAD
    clock_at(T + 2 * CHECK_MS)
    assert run_worker() == {post_id: "done"}
    [published] = fake_tiktok.posts_of()
    post = post_of(api, post_id)
    assert post["status"] == "done" and post["attempts"] == 1
    assert post["targets"][0]["platformPostId"] == published["post_id"]
    assert post["targets"][0]["url"] == f"https://www.tiktok.com/@postline_fake/video/{published['post_id']}"
    assert published["publish_id"] == publish_id
    assert fake_tiktok.requests["POST /v2/post/publish/status/fetch/"] == 2
    [delivered] = events_of("post.delivered")
    assert delivered["targets"][0]["platform_post_id"] == published["post_id"]


def test_a_video_under_5_mb_goes_in_one_chunk_as_the_first_privacy_level_the_creator_allows(
    api, fake_tiktok, clock_at
):
    fake_tiktok.privacy_options = ["FOLLOWER_OF_CREATOR", "SELF_ONLY"]
    post_id = video_post(api, setup_channel(api), data=video(total=4 * MB))
    assert publish_through(fake_tiktok, post_id, T, clock_at) == {post_id: "done"}
    [published] = fake_tiktok.posts_of()
    assert published["source"]["chunk_size"] == 4 * MB and published["source"]["total_chunk_count"] == 1
    assert published["post_info"]["privacy_level"] == "FOLLOWER_OF_CREATOR"


def test_a_private_post_keeps_its_publish_id_and_has_no_url(api, fake_tiktok, clock_at):
    fake_tiktok.privacy_options = ["SELF_ONLY"]  # an unaudited app's creators
    post_id = video_post(api, setup_channel(api))
    assert publish_through(fake_tiktok, post_id, T, clock_at) == {post_id: "done"}
    [published] = fake_tiktok.posts_of()
    target = post_of(api, post_id)["targets"][0]
    assert target["platformPostId"] == published["publish_id"] and target["url"] is None


@pytest.mark.parametrize("size", [1, 5 * MB - 1, 5 * MB, 11 * MB, 64 * MB + 5, 700 * MB, 7000 * MB])
@pytest.mark.parametrize("preferred", [5 * MB, 10 * MB, 64 * MB, 200 * MB])
def test_the_chunk_plan_keeps_tiktoks_rules(fake_tiktok, size, preferred):
    chunk, count = posting.chunks(size, preferred)
    plan = {"video_size": size, "chunk_size": chunk, "total_chunk_count": count}
    assert fake_tiktok.chunk_problem(plan) is None


@with_settings(video_source="PULL_FROM_URL")
def test_a_video_can_be_pulled_from_its_signed_url(api, fake_tiktok, clock_at):
    clip = video(total=3000)
    post_id = video_post(api, setup_channel(api), data=clip)
    assert publish_through(fake_tiktok, post_id, T, clock_at) == {post_id: "done"}
    [pulled] = fake_tiktok.pulls
    assert fake_tiktok.requests["PUT /upload/"] == 0
    [published] = fake_tiktok.posts_of()  # TikTok downloaded the clip from its signed URL
    assert [download["url"] for download in published["pulled"]] == [pulled] and published["data"] == clip


@with_settings(video_source="PULL_FROM_URL")
def test_a_pull_from_a_url_prefix_tiktok_has_not_verified_fails_for_good(api, fake_tiktok):
    fake_tiktok.verified_url_prefixes = ["https://media.example.com/"]  # not the app's public URL
    post_id = video_post(api, setup_channel(api))
    assert run_worker() == {post_id: "failed"}
    post = post_of(api, post_id)
    assert (
        post["lastError"]["code"] == "PLATFORM_REFUSED"
        and "url_ownership_unverified" in post["lastError"]["message"]
    )
    assert post["nextAttemptAt"] is None and fake_tiktok.publishes == {}


@with_settings(video_source="PULL_FROM_URL")
def test_a_video_tiktok_cannot_download_is_pulled_again_at_the_next_attempt(api, fake_tiktok, clock_at):
    fake_tiktok.fetch = lambda url: (503, "text/html", b"<h1>Service Unavailable</h1>")  # the app was down
    clip = video(total=3000)
    post_id = video_post(api, setup_channel(api), data=clip)
    assert run_worker() == {post_id: "publishing"}
    clock_at(T + CHECK_MS)
    assert run_worker() == {post_id: "failed"}
    post = post_of(api, post_id)
    assert post["lastError"] == {
        "code": "PUBLISH_FAILED",
        "message": "tiktok: publishing failed: video_pull_failed",
    }
    [failed] = fake_tiktok.publishes.values()
    assert failed["pulled"][0]["status"] == 503 and fake_tiktok.posts == []
    fake_tiktok.fetch = fetch_through(api)
    clock_at(post["nextAttemptAt"])
    assert publish_through(fake_tiktok, post_id, post["nextAttemptAt"], clock_at) == {post_id: "done"}
    [published] = fake_tiktok.posts_of()
    assert published["data"] == clip and len(fake_tiktok.pulls) == 2


def test_photos_are_posted_by_pull_with_the_text_as_description(api, fake_tiktok, clock_at):
    channel_id = setup_channel(api)
    keys = [media_key(api, image("JPEG"), "a.jpg"), media_key(api, image("WEBP"), "b.webp")]
    post_id = create_post(api, channel_id, "d" * 4000, media=keys)
    assert publish_through(fake_tiktok, post_id, T, clock_at) == {post_id: "done"}
    [published] = fake_tiktok.posts_of()
    assert published["kind"] == "photo" and published["post_info"]["description"] == "d" * 4000
    assert "title" not in published["post_info"]
    assert [download["body"] for download in published["pulled"]] == [image("JPEG"), image("WEBP")]
    assert [download["url"] for download in published["pulled"]] == fake_tiktok.pulls
    url = post_of(api, post_id)["targets"][0]["url"]
    assert url == f"https://www.tiktok.com/@postline_fake/photo/{published['post_id']}"


def test_tiktok_limits_are_checked_at_create_and_patch(api):
    channel_id = setup_channel(api)
    clip = media_key(api, video(), "clip.mp4")
    jpeg, png = media_key(api, image("JPEG"), "a.jpg"), media_key(api, image("PNG"), "b.png")

    def refused(answer):
        return [(d["field"], d["message"]) for d in assert_error(answer, 400, "VALIDATION_ERROR")["details"]]

    post = {"channelId": channel_id}
    assert refused(api.post("/v1/posts", json={**post, "content": "Words only"})) == [
        ("media", "tiktok: a post needs a video or photos")
    ]
    assert refused(api.post("/v1/posts", json={**post, "content": "Mixed", "media": [clip, jpeg]})) == [
        ("media", "tiktok: photos and a video cannot be mixed in one post")
    ]
    assert refused(api.post("/v1/posts", json={**post, "content": "PNG", "media": [jpeg, png]})) == [
        ("media[1]", "tiktok: photos must be JPEG or WebP (image/png given)")
    ]
    assert refused(api.post("/v1/posts", json={**post, "content": "😀" * 1101, "media": [clip]})) == [
        ("content", "tiktok: 2202 of 2200 characters in a video's title")
    ]
    assert refused(api.post("/v1/posts", json={**post, "content": "p" * 4001, "media": [jpeg]})) == [
        ("content", "tiktok: 4001 of 4000 characters in a photo post's description")
    ]
    post_id = create_post(api, channel_id, "t" * 2200, media=[clip])
    assert refused(api.patch(f"/v1/posts/{post_id}", json={"content": "t" * 2201})) == [
        ("content", "tiktok: 2201 of 2200 characters in a video's title")
    ]
    assert refused(api.patch(f"/v1/posts/{post_id}", json={"media": []})) == [
        ("media", "tiktok: a post needs a video or photos")
    ]


def test_limits_are_checked_again_at_publish_time(api, fake_tiktok):
    channel_id = api.post("/v1/channels", json={"name": "Later"}).get_json()["data"]["id"]
    post_id = create_post(api, channel_id, "Words only")  # no TikTok on the channel yet
    connect(api, "tiktok", channelId=channel_id)
    assert run_worker() == {post_id: "failed"}
    post = post_of(api, post_id)
    assert post["lastError"] == {
        "code": "CONTENT_REFUSED",
        "message": "tiktok: a post needs a video or photos",
    }
    assert post["nextAttemptAt"] is None
    assert fake_tiktok.requests["POST /v2/post/publish/creator_info/query/"] == 0


def test_a_video_longer_than_the_creator_may_post_fails_for_good(api, fake_tiktok):
    fake_tiktok.max_duration = 2
    post_id = video_post(api, setup_channel(api), data=video(duration_ms=2500))
    assert run_worker() == {post_id: "failed"}
    post = post_of(api, post_id)
    assert post["lastError"] == {
        "code": "VIDEO_TOO_LONG",
        "message": "tiktok: the video lasts 2.5 s; this creator may post at most 2 s",
    }
    assert post["nextAttemptAt"] is None and fake_tiktok.publishes == {}


@with_settings(privacy_levels=["PUBLIC_TO_EVERYONE"])
def test_no_privacy_level_the_creator_allows_fails_for_good(api, fake_tiktok):
    fake_tiktok.privacy_options = ["SELF_ONLY"]
    post_id = video_post(api, setup_channel(api))
    assert run_worker() == {post_id: "failed"}
    assert post_of(api, post_id)["lastError"] == {
        "code": "PRIVACY_LEVEL_UNAVAILABLE",
        "message": "tiktok: the creator may post as SELF_ONLY; "
        "none of [tiktok] privacy_levels (PUBLIC_TO_EVERYONE) is among them",
    }
    assert fake_tiktok.publishes == {}


def test_a_refused_access_token_is_refreshed_and_the_rotated_pair_kept(api, fake_tiktok, clock_at):
    channel_id = setup_channel(api)
    [first_refresh] = fake_tiktok.refresh_tokens
    fake_tiktok.expire_access_tokens()  # TikTok refuses it though the stored expiry lies ahead
    post_id = video_post(api, channel_id)
    assert publish_through(fake_tiktok, post_id, T, clock_at) == {post_id: "done"}
    assert fake_tiktok.requests["POST /v2/post/publish/creator_info/query/"] == 2
    assert fake_tiktok.spent_refresh_tokens == {first_refresh} and len(fake_tiktok.posts) == 1
    [connection] = api.get("/v1/connections").get_json()["data"]
    refreshed = api.post(f"/v1/connections/{connection['id']}/refresh").get_json()["data"]
    assert refreshed["status"] == "active" and len(fake_tiktok.spent_refresh_tokens) == 2


def test_the_worker_refreshes_by_the_granted_expires_in(api, fake_tiktok, clock_at):
    fake_tiktok.access_ttl = 3600
    setup_channel(api)
    clock_at(T + 3_600_000 - 15 * 60_000 - 1)
    assert tokens.refresh_expiring() == 0
    clock_at(T + 3_600_000 - 15 * 60_000)
    assert tokens.refresh_expiring() == 1
    [connection] = api.get("/v1/connections").get_json()["data"]
    assert connection["tokenExpiresAt"] == T + 3_600_000 - 15 * 60_000 + 3_600_000


def test_a_refused_refresh_token_expires_the_connection_and_blocks_its_posts(api, fake_tiktok, clock_at):
    channel_id = setup_channel(api)
    [connection] = api.get("/v1/connections").get_json()["data"]
    fake_tiktok.refresh_tokens.clear()  # past refresh_expires_in, or spent: TikTok answers invalid_grant
    clock_at(T + 86_400_000 - 60_000)
    assert tokens.refresh_expiring() == 0
    after = api.get(f"/v1/connections/{connection['id']}").get_json()["data"]
    assert after["status"] == "expired" and after["lastError"]["code"] == "TOKEN_REFUSED"
    assert events_of("connection.expired") == [
        {
            "connection_id": connection["id"],
            "provider": "tiktok",
            "platform": "tiktok",
            "status": "expired",
            "reason": {"code": "TOKEN_REFUSED", "message": "tiktok: Refresh token is invalid or expired."},
        }
    ]
    post_id = video_post(api, channel_id)
    assert run_worker() == {post_id: "blocked"}
    assert post_of(api, post_id)["lastError"]["code"] == "CONNECTION_EXPIRED"
    assert fake_tiktok.publishes == {}


def test_a_rate_limit_blocks_for_a_minute_then_publishes(api, fake_tiktok, clock_at):
    channel_id = setup_channel(api)
    fake_tiktok.init_replies = ["rate_limit"]
    post_id = video_post(api, channel_id)
    assert run_worker() == {post_id: "blocked"}
    post = post_of(api, post_id)
    assert post["lastError"]["code"] == "RATE_LIMITED" and post["nextAttemptAt"] == T + 60_000
    clock_at(T + 59_999)
    assert run_worker() == {}
    clock_at(T + 60_000)
    assert publish_through(fake_tiktok, post_id, T + 60_000, clock_at) == {post_id: "done"}
    assert len(fake_tiktok.posts) == 1


def test_the_seventh_video_init_in_a_minute_is_blocked(api, fake_tiktok):
    channel_id = setup_channel(api)
    post_ids = [video_post(api, channel_id, f"Clip {n}") for n in range(7)]
    outcomes = run_worker()
    assert sorted(outcomes.values()) == ["blocked"] + ["publishing"] * 6
    [blocked] = [post_id for post_id in post_ids if outcomes[post_id] == "blocked"]
    assert post_of(api, blocked)["lastError"]["code"] == "RATE_LIMITED"
    assert fake_tiktok.requests["POST /v2/post/publish/video/init/"] == 7 and len(fake_tiktok.publishes) == 6


def test_a_rate_limited_status_check_waits_a_minute(api, fake_tiktok, clock_at):
    post_id = video_post(api, setup_channel(api))
    assert run_worker() == {post_id: "publishing"}
    fake_tiktok.status_replies = ["rate_limit", "500"]
    clock_at(T + CHECK_MS)
    assert run_worker() == {post_id: "publishing"}
    assert PostPart.get().check_at == T + CHECK_MS + 60_000
    clock_at(T + CHECK_MS + 60_000)
    assert run_worker() == {post_id: "publishing"}  # a 5xx: asked again, never sent again
    assert PostPart.get().check_at == T + 2 * CHECK_MS + 60_000
    fake_tiktok.processing_checks = 0
    clock_at(T + 2 * CHECK_MS + 60_000)
    assert run_worker() == {post_id: "done"}
    assert fake_tiktok.requests["POST /v2/post/publish/video/init/"] == 1 and len(fake_tiktok.posts) == 1


@pytest.mark.parametrize(
    ("reply", "status", "code", "next_attempt"),
    [
        ("spam_risk", "blocked", "POSTING_RESTRICTED", None),
        ("unaudited", "blocked", "POSTING_RESTRICTED", None),
        ("invalid_params", "failed", "PLATFORM_REFUSED", None),
        ("500", "failed", "PLATFORM_ERROR", T + 60_000),
    ],
)
def test_each_error_class_of_video_init(api, fake_tiktok, reply, status, code, next_attempt):
    fake_tiktok.init_replies = [reply]
    post_id = video_post(api, setup_channel(api))
    assert run_worker() == {post_id: status}
    post = post_of(api, post_id)
    assert post["lastError"]["code"] == code and post["nextAttemptAt"] == next_attempt
    assert post["lastError"]["message"].startswith("tiktok: ")
    assert fake_tiktok.posts == []


def test_a_server_error_is_retried_and_published_once(api, fake_tiktok, clock_at):
    fake_tiktok.upload_replies = ["500"]
    post_id = video_post(api, setup_channel(api))
    assert run_worker() == {post_id: "failed"}
    assert post_of(api, post_id)["nextAttemptAt"] == T + 60_000
    clock_at(T + 60_000)
    assert publish_through(fake_tiktok, post_id, T + 60_000, clock_at) == {post_id: "done"}
    assert post_of(api, post_id)["attempts"] == 2 and len(fake_tiktok.posts) == 1


@pytest.mark.parametrize("media", ["video", "photo"])
def test_a_time_out_after_the_last_call_left_is_unconfirmed_and_never_resent(
    api, fake_tiktok, media, clock_at
):
    channel_id = setup_channel(api)
    if media == "video":
        fake_tiktok.upload_replies = ["hang"]  # TikTok takes the last chunk, answers after 2 s; timeout 1 s
        post_id = video_post(api, channel_id)
    else:
        fake_tiktok.init_replies = ["hang"]
        post_id = create_post(api, channel_id, "Photos", media=[media_key(api, image("JPEG"), "a.jpg")])
    assert run_worker() == {post_id: "blocked"}
    post = post_of(api, post_id)
    assert post["lastError"]["code"] == "DELIVERY_UNCONFIRMED" and post["nextAttemptAt"] is None
    assert post["targets"][0]["status"] == "unconfirmed"
    clock_at(T + 10**9)
    assert run_worker() == {}
    assert len(fake_tiktok.publishes) == 1


@pytest.mark.parametrize(
    ("reason", "status", "next_attempt"),
    [("duration_check_failed", "failed", None), ("video_pull_failed", "failed", T + 2 * CHECK_MS + 60_000)],
)
def test_a_publish_tiktok_reports_failed_with_http_200(
    api, fake_tiktok, reason, status, next_attempt, clock_at
):
    fake_tiktok.fail_reason = reason
    post_id = video_post(api, setup_channel(api))
    assert publish_through(fake_tiktok, post_id, T, clock_at) == {post_id: status}
    post = post_of(api, post_id)
    assert post["lastError"] == {"code": "PUBLISH_FAILED", "message": f"tiktok: publishing failed: {reason}"}
    assert post["nextAttemptAt"] == next_attempt and fake_tiktok.posts == []


def test_processing_past_its_timeout_is_unconfirmed_not_sent_again(api, fake_tiktok, clock_at):
    fake_tiktok.processing_checks = 10**6  # TikTok never finishes
    post_id = video_post(api, setup_channel(api))
    assert run_worker() == {post_id: "publishing"}
    clock_at(T + 900_000)
    assert run_worker() == {post_id: "publishing"}  # exactly the timeout: still waiting
    clock_at(T + 910_000)
    assert run_worker() == {post_id: "blocked"}
    post = post_of(api, post_id)
    assert post["lastError"]["code"] == "DELIVERY_UNCONFIRMED" and post["nextAttemptAt"] is None
    assert post["targets"][0]["status"] == "unconfirmed"
    assert post["targets"][0]["error"]["code"] == "PROCESSING_TIMEOUT"
    clock_at(T + 10**9)
    assert run_worker() == {}
    assert fake_tiktok.requests["POST /v2/post/publish/video/init/"] == 1


def test_a_channel_with_x_and_tiktok_retries_only_the_target_that_failed(api, fake_x, fake_tiktok, clock_at):
    channel_id = api.post("/v1/channels", json={"name": "Both"}).get_json()["data"]["id"]
    for provider in ("x", "tiktok"):
        assert api.client.get(authorize(api, provider, channelId=channel_id)).status_code == 200
    fake_tiktok.init_replies = ["500"]
    post_id = create_post(api, channel_id, "Both at once", media=[media_key(api, image("JPEG"), "a.jpg")])
    assert run_worker() == {post_id: "failed"}
    targets = {target["platform"]: target for target in post_of(api, post_id)["targets"]}
    assert targets["x"]["status"] == "published" and targets["tiktok"]["status"] == "failed"
    clock_at(T + 60_000)
    assert publish_through(fake_tiktok, post_id, T + 60_000, clock_at) == {post_id: "done"}
    targets = {target["platform"]: target for target in post_of(api, post_id)["targets"]}
    assert targets["x"]["platformPostId"] == fake_x.tweets[0]["id"]
    assert targets["tiktok"]["platformPostId"] == fake_tiktok.posts[0]["post_id"]
    assert fake_x.requests["POST /2/tweets"] == 1 and len(fake_x.tweets) == 1
    assert len(fake_tiktok.posts) == 1


def test_an_expired_tiktok_connection_blocks_its_target_while_x_publishes(api, fake_x, fake_tiktok, clock_at):
    channel_id = api.post("/v1/channels", json={"name": "Both"}).get_json()["data"]["id"]
    for provider in ("x", "tiktok"):
        assert api.client.get(authorize(api, provider, channelId=channel_id)).status_code == 200
    fake_tiktok.token_replies = ["invalid_grant"]
    tiktok = next(c for c in api.get("/v1/connections").get_json()["data"] if c["provider"] == "tiktok")
    api.post(f"/v1/connections/{tiktok['id']}/refresh")
    post_id = create_post(api, channel_id, "Both at once", media=[media_key(api, image("JPEG"), "a.jpg")])
    assert run_worker() == {post_id: "blocked"}
    targets = {target["platform"]: target for target in post_of(api, post_id)["targets"]}
    assert targets["x"]["status"] == "published" and targets["x"]["platformPostId"] == fake_x.tweets[0]["id"]
    assert targets["tiktok"]["status"] == "failed"
    assert targets["tiktok"]["error"]["code"] == "CONNECTION_EXPIRED"


def test_a_processing_target_whose_token_cannot_be_refreshed_is_checked_again_later(
    api, fake_tiktok, clock_at
):
    post_id = video_post(api, setup_channel(api))
    assert run_worker() == {post_id: "publishing"}
    fake_tiktok.expire_access_tokens()
    fake_tiktok.token_replies = ["500"]  # the refresh fails for now: the publish may be finishing
    clock_at(T + CHECK_MS)
    assert run_worker() == {post_id: "publishing"}
    target = post_of(api, post_id)["targets"][0]
    assert target["status"] == "processing" and PostPart.get().check_at == T + CHECK_MS + 60_000
    fake_tiktok.processing_checks = 0
    clock_at(T + CHECK_MS + 60_000)
    assert run_worker() == {post_id: "done"}
    assert fake_tiktok.requests["POST /v2/post/publish/video/init/"] == 1 and len(fake_tiktok.posts) == 1


def test_a_processing_target_whose_token_is_refused_after_a_refresh_is_checked_again_later(
    api, fake_tiktok, clock_at
):
    post_id = video_post(api, setup_channel(api))
    assert run_worker() == {post_id: "publishing"}
    fake_tiktok.status_replies = ["401", "401"]
    clock_at(T + CHECK_MS)
    assert run_worker() == {post_id: "publishing"}
    assert PostPart.get().check_at == T + CHECK_MS + 60_000
    fake_tiktok.processing_checks = 0
    clock_at(T + CHECK_MS + 60_000)
    assert run_worker() == {post_id: "done"}
    assert fake_tiktok.requests["POST /v2/post/publish/video/init/"] == 1 and len(fake_tiktok.posts) == 1


@pytest.mark.parametrize("dies", ["refresh refused", "status refused"])
def test_a_processing_target_whose_end_cannot_be_learned_is_unconfirmed_never_resent(
    api, fake_tiktok, clock_at, dies
):
    post_id = video_post(api, setup_channel(api))
    assert run_worker() == {post_id: "publishing"}
    if dies == "refresh refused":  # the connection dies while TikTok works
        fake_tiktok.expire_access_tokens()
        fake_tiktok.token_replies = ["invalid_grant"]
        code = "CONNECTION_EXPIRED"
    else:
        fake_tiktok.status_replies = ["invalid_params"]
        code = "PLATFORM_REFUSED"
    clock_at(T + CHECK_MS)
    assert run_worker() == {post_id: "blocked"}
    post = post_of(api, post_id)
    assert post["lastError"]["code"] == "DELIVERY_UNCONFIRMED" and post["nextAttemptAt"] is None
    assert post["targets"][0]["status"] == "unconfirmed"
    assert post["targets"][0]["error"]["code"] == code
    clock_at(T + 10**9)
    assert run_worker() == {}
    assert fake_tiktok.requests["POST /v2/post/publish/video/init/"] == 1
