"""Live videos published to the fake YouTube through the worker's own functions
(docs/platforms/youtube.md): the resumable upload streamed in 256 KiB multiples and
resumed from the Range YouTube reports, the video's processing, its metadata and
options, the thumbnail, the first comment, the project's quota, and each error class."""

import json

import pytest

from devtools.fakes.youtube import CHANNEL, CHUNK_UNIT, FakeYouTube
from devtools.media import image, upload, video
from models import PostPart
from postline import clock
from postline.platforms.youtube import quota
from tests.connections.conftest import connect, create_post, events_of, post_of, run_worker
from tests.support import fakes
from tests.support.client import assert_error
from tests.support.media import multipart

# Publishing: claims, outcomes, processing checks and quota counts on each backend.
pytestmark = pytest.mark.storage

T = 1_800_000_000_000  # 2027-01-15T08:00:00Z: midnight of the 15th, Pacific time, is 08:00 UTC
CHECK_MS = 10_000  # the fake's [youtube] status_interval
PACIFIC_MIDNIGHT = 1_800_000_000_000 + 86_400_000
CLIP_SIZE = 3 * CHUNK_UNIT + 5000  # four chunks of the fake's 256 KiB


@pytest.fixture
def fake_youtube():
    fake = fakes.on_steady_port(FakeYouTube)
    yield fake
    fakes.close(fake)


@pytest.fixture
def youtube_settings(request, fake_youtube):
    """The `[youtube]` settings of the test's app, as a test parametrizes them indirectly."""
    return fake_youtube.settings(**getattr(request, "param", {}))


def with_settings(**values):
    return pytest.mark.parametrize("youtube_settings", [values], indirect=True, ids=[""])


@pytest.fixture
def settings(settings, youtube_settings):
    settings["youtube"] = youtube_settings
    return settings


@pytest.fixture(autouse=True)
def _clock(clock_at):
    clock_at(T)


def setup_channel(api):
    """A channel with YouTube connected by a real OAuth run; its id."""
    channel_id = api.post("/v1/channels", json={"name": "Videos"}).get_json()["data"]["id"]
    connect(api, "youtube", channelId=channel_id)
    return channel_id


def media_key(api, data, filename="clip.mp4"):
    body, content_type = multipart(data, filename)
    answer = api.post("/v1/media/upload", data=body, content_type=content_type)
    assert answer.status_code == 201, answer.get_data(as_text=True)
    return answer.get_json()["data"]["key"]


def clip(size=CLIP_SIZE, duration_ms=30_000):
    return video(duration_ms=duration_ms, total=size)


def video_post(api, channel_id, content="Launch day\nEverything about the launch", data=None, **fields):
    return create_post(api, channel_id, content, media=[media_key(api, data or clip())], **fields)


def youtube_options(**options):
    return {"platforms": {"youtube": {"options": options}}}


def publish_to_the_end(post_id, clock_at, start=None):
    """Run the worker at `start` (by default now), then at each check time while the post
    waits; the last outcome."""
    now = clock_at(clock.now_ms() if start is None else start)
    while (outcome := run_worker()) == {post_id: "publishing"}:
        waiting = PostPart.select().where(PostPart.check_at.is_null(False)).order_by(PostPart.check_at)
        now = clock_at(max(now, waiting.first().check_at))
    return outcome


def the_video(fake):
    [made] = fake.videos.values()
    return made


def test_a_video_is_uploaded_in_chunks_processed_and_published(api, fake_youtube, clock_at):
    channel_id = setup_channel(api)
    data = clip()
    post_id = video_post(api, channel_id, data=data)
    assert run_worker() == {post_id: "publishing"}
    made = the_video(fake_youtube)
    assert made["data"] == data and made["channel"]["id"] == CHANNEL["id"]
    # Each chunk a multiple of 256 KiB but the last, in order, none sent twice.
    assert fake_youtube.chunk_ranges == [
        (0, CHUNK_UNIT - 1),
        (CHUNK_UNIT, 2 * CHUNK_UNIT - 1),
        (2 * CHUNK_UNIT, 3 * CHUNK_UNIT - 1),
        (3 * CHUNK_UNIT, CLIP_SIZE - 1),
    ]
    resource = made["resource"]
    assert resource["snippet"]["title"] == "Launch day"
    assert resource["snippet"]["description"] == "Launch day\nEverything about the launch"
    assert resource["snippet"]["categoryId"] == "22" and "tags" not in resource["snippet"]
    assert resource["status"]["privacyStatus"] == "public"
    assert resource["status"]["selfDeclaredMadeForKids"] is False and "publishAt" not in resource["status"]
    [part] = PostPart.select()
    assert part.status == "processing" and part.check_at == T + CHECK_MS
    assert "session" not in json.loads(part.platform_state)
    assert run_worker() == {}  # no thread waits for YouTube
    clock_at(T + CHECK_MS)
    assert run_worker() == {post_id: "publishing"}  # still processing
    clock_at(T + 2 * CHECK_MS)
    assert run_worker() == {post_id: "done"}
    post = post_of(api, post_id)
    [target] = post["targets"]
    assert target["platform"] == "youtube" and target["platformPostId"] == resource["id"]
    assert target["url"] == f"https://www.youtube.com/watch?v={resource['id']}"
    assert len(resource["id"]) == 11 and post["deliveredAt"] == T + 2 * CHECK_MS
    assert fake_youtube.requests["POST /upload/youtube/v3/videos"] == 1
    assert fake_youtube.requests["GET /youtube/v3/videos"] == 2


@pytest.mark.parametrize("interruption", ["drop", "503", "short"])
@with_settings(chunk_bytes=4 * CHUNK_UNIT)
def test_an_interrupted_upload_resumes_from_the_range_youtube_holds(
    api, fake_youtube, clock_at, interruption
):
    """A chunk YouTube took only part of (the connection dropped halfway, or held short)
    or none of (a 503) is followed by a probe, and the upload goes on from the byte after
    the Range YouTube reports: only the missing bytes are sent again."""
    channel_id = setup_channel(api)
    size = 9 * CHUNK_UNIT + 777
    data = clip(size)
    post_id = video_post(api, channel_id, data=data)
    if interruption == "short":
        fake_youtube.keep_short = 1  # the first chunk held one 256 KiB block short
    else:
        fake_youtube.chunk_replies = [interruption]
    assert publish_to_the_end(post_id, clock_at) == {post_id: "done"}
    assert the_video(fake_youtube)["data"] == data
    held = {"drop": 2 * CHUNK_UNIT, "503": 0, "short": 3 * CHUNK_UNIT}[interruption]
    first, resumed, *rest = fake_youtube.chunk_ranges
    assert first == (0, 4 * CHUNK_UNIT - 1)
    assert resumed[0] == held  # sent again from what YouTube lacked, no earlier
    covered = [resumed, *rest]
    assert all(a[1] + 1 == b[0] for a, b in zip(covered, covered[1:], strict=False))
    assert covered[-1][1] == size - 1
    assert fake_youtube.requests["POST /upload/youtube/v3/videos"] == 1  # one session
    assert post_of(api, post_id)["attempts"] == 1


def test_an_upload_that_cannot_go_on_now_waits_with_its_session(api, fake_youtube, clock_at):
    """Interrupted again and again, the upload waits (processing) and goes on later from
    the same session: YouTube has no idempotency key, and a second session would make
    a second video."""
    channel_id = setup_channel(api)
    data = clip()
    post_id = video_post(api, channel_id, data=data)
    fake_youtube.chunk_replies = ["503"] * 4
    assert run_worker() == {post_id: "publishing"}
    [part] = PostPart.select()
    assert part.status == "processing" and json.loads(part.platform_state)["session"]
    assert fake_youtube.videos == {}
    clock_at(part.check_at)
    assert run_worker() == {post_id: "publishing"}  # uploaded: now processing
    assert the_video(fake_youtube)["data"] == data
    assert fake_youtube.requests["POST /upload/youtube/v3/videos"] == 1
    assert publish_to_the_end(post_id, clock_at, part.check_at + CHECK_MS) == {post_id: "done"}


def test_a_session_youtube_let_expire_is_started_again_on_the_next_attempt(api, fake_youtube, clock_at):
    channel_id = setup_channel(api)
    post_id = video_post(api, channel_id)
    fake_youtube.chunk_replies = ["503"] * 4
    assert run_worker() == {post_id: "publishing"}
    fake_youtube.expire_sessions()
    clock_at(T + CHECK_MS)
    assert run_worker() == {post_id: "failed"}
    post = post_of(api, post_id)
    assert (
        post["lastError"]["code"] == "UPLOAD_SESSION_GONE" and post["nextAttemptAt"] == T + CHECK_MS + 60_000
    )
    assert publish_to_the_end(post_id, clock_at, T + CHECK_MS + 60_000) == {post_id: "done"}
    assert fake_youtube.requests["POST /upload/youtube/v3/videos"] == 2 and len(fake_youtube.videos) == 1


def test_an_unanswered_last_chunk_is_probed_never_sent_again(api, fake_youtube, clock_at):
    """The last chunk's answer comes after the time-out: a probe of the session finds the
    video, so the target is neither unconfirmed nor uploaded twice."""
    channel_id = setup_channel(api)
    post_id = video_post(api, channel_id)
    fake_youtube.chunk_replies = [None, None, None, "hang"]
    assert publish_to_the_end(post_id, clock_at) == {post_id: "done"}
    assert len(fake_youtube.videos) == 1 and len(fake_youtube.chunk_ranges) == 4


def test_options_set_the_videos_metadata_thumbnail_and_schedule(api, fake_youtube, clock_at):
    channel_id = setup_channel(api)
    thumbnail = upload(api, image("JPEG", (1280, 720)), filename="cover.jpg").get_json()["data"]["key"]
    options = {
        "title": "The launch, explained",
        "tags": ["launch", "product news"],
        "categoryId": "28",
        "madeForKids": True,
        "publishAt": "2027-02-01T17:00:00Z",
        "thumbnail": thumbnail,
        "shorts": True,
    }
    post_id = video_post(api, channel_id, "Everything about it", **youtube_options(**options))
    assert publish_to_the_end(post_id, clock_at) == {post_id: "done"}
    made = the_video(fake_youtube)
    snippet, status = made["resource"]["snippet"], made["resource"]["status"]
    assert snippet["title"] == "The launch, explained" and snippet["tags"] == ["launch", "product news"]
    assert snippet["description"] == "Everything about it\n\n#Shorts" and snippet["categoryId"] == "28"
    assert status["privacyStatus"] == "private" and status["publishAt"] == "2027-02-01T17:00:00.000Z"
    assert status["selfDeclaredMadeForKids"] is True
    assert fake_youtube.thumbnails[made["id"]] == image("JPEG", (1280, 720))
    shown = post_of(api, post_id)["platforms"]["youtube"]["options"]
    assert shown["publishAt"] == 1_801_501_200_000


def test_a_thumbnail_youtube_refuses_leaves_the_video_published(api, fake_youtube, clock_at):
    channel_id = setup_channel(api)
    thumbnail = upload(api, image("JPEG"), filename="cover.jpg").get_json()["data"]["key"]
    post_id = video_post(api, channel_id, **youtube_options(thumbnail=thumbnail))
    fake_youtube.thumbnail_replies = ["forbidden"]
    assert publish_to_the_end(post_id, clock_at) == {post_id: "done"}
    assert (
        fake_youtube.thumbnails == {} and fake_youtube.requests["POST /upload/youtube/v3/thumbnails/set"] == 1
    )


def test_the_title_falls_back_to_the_first_line_cut_at_a_word_then_the_files_name(
    api, fake_youtube, clock_at
):
    channel_id = setup_channel(api)
    long_line = "word " * 30
    first = video_post(api, channel_id, f"\n{long_line}\nmore")
    body = {"channelId": channel_id, "media": [media_key(api, clip(), "Team update.mp4")]}
    second = api.post("/v1/posts", json=body).get_json()["data"]["id"]
    publish_to_the_end(first, clock_at)
    publish_to_the_end(second, clock_at)
    titles = [video["resource"]["snippet"]["title"] for video in fake_youtube.videos.values()]
    assert titles == [("word " * 19).strip() + "…", "Team update"]
    assert len(titles[0]) <= 100


@pytest.mark.parametrize(
    ("fields", "field", "message"),
    [
        ({"media": "image"}, "media", "youtube: a post is one video (image/png given)"),
        ({"media": "two"}, "media", "youtube: a post is one video (video/mp4, video/mp4 given)"),
        ({"content": "é" * 2501}, "content", "youtube: 5002 of 5000 bytes (UTF-8) of description"),
        ({"content": "1 < 2"}, "content", "youtube: the description may not hold < or >"),
        (
            youtube_options(title="a <b>"),
            "platforms.youtube.options.title",
            "youtube: a title may not hold < or >",
        ),
        (
            youtube_options(tags=["a" * 250, "b" * 250]),
            "platforms.youtube.options.tags",
            "youtube: tags take 501 of 500 characters (commas and quotes count)",
        ),
        (
            youtube_options(publishAt=T + 3_600_000, privacyStatus="unlisted"),
            "platforms.youtube.options.publishAt",
            "youtube: a scheduled video (publishAt) is private until then: privacyStatus private",
        ),
        (
            youtube_options(shorts=True),
            "platforms.youtube.options.shorts",
            "youtube: a Short lasts at most 3 minutes (this video: 181 s)",
        ),
        (
            {"thread": [{"content": "2/"}]},
            "thread",
            "youtube: has no threads; send `platforms.youtube.thread: []`",
        ),
    ],
)
def test_youtube_limits_are_checked_at_create(api, fake_youtube, fields, field, message):
    channel_id = setup_channel(api)
    body = {"channelId": channel_id, "content": "A video", **fields}
    if fields.get("media") == "image":
        body["media"] = [upload(api, image("PNG")).get_json()["data"]["key"]]
    elif fields.get("media") == "two":
        body["media"] = [media_key(api, clip()), media_key(api, clip(size=CLIP_SIZE + 1))]
    else:
        body["media"] = [media_key(api, clip(duration_ms=181_000))]
    error = assert_error(api.post("/v1/posts", json=body), 400, "VALIDATION_ERROR")
    assert {"field": field, "message": message} in error["details"]


def test_a_thumbnail_must_be_the_callers_media(api, fake_youtube, make_key):
    channel_id = setup_channel(api)
    other = api.as_key(make_key(account="other"))
    foreign = upload(other, image("JPEG"), filename="theirs.jpg").get_json()["data"]["key"]
    body = {"channelId": channel_id, "content": "A video", "media": [media_key(api, clip())]}
    body.update(youtube_options(thumbnail=foreign))
    error = assert_error(api.post("/v1/posts", json=body), 400, "VALIDATION_ERROR")
    assert [item["field"] for item in error["details"]] == ["platforms.youtube.options.thumbnail"]


def test_the_first_comment_goes_under_the_video_as_the_channel(api, fake_youtube, clock_at):
    channel_id = setup_channel(api)
    post_id = video_post(api, channel_id, firstComment={"content": "Questions? Ask here"})
    assert publish_to_the_end(post_id, clock_at) == {post_id: "done"}
    [comment] = fake_youtube.comments
    made = the_video(fake_youtube)
    assert comment["videoId"] == made["id"] and comment["channelId"] == CHANNEL["id"]
    assert comment["text"] == "Questions? Ask here"
    parts = post_of(api, post_id)["targets"][0]["parts"]
    assert parts[1]["kind"] == "comment" and parts[1]["platformPostId"] == comment["id"]
    assert parts[1]["url"] == f"https://www.youtube.com/watch?v={made['id']}&lc={comment['id']}"


def test_a_video_made_for_kids_takes_no_comment_and_stays_published(api, fake_youtube, clock_at):
    channel_id = setup_channel(api)
    fields = youtube_options(madeForKids=True)
    post_id = video_post(api, channel_id, firstComment={"content": "Hi"}, **fields)
    assert publish_to_the_end(post_id, clock_at) == {post_id: "done"}
    assert fake_youtube.comments == [] and fake_youtube.requests["POST /youtube/v3/commentThreads"] == 0
    [failed] = events_of("post.comment_failed")
    assert failed["error"]["code"] == "COMMENTS_DISABLED"


@with_settings(daily_uploads=1)
def test_an_upload_over_the_projects_quota_is_held_until_pacific_midnight(api, fake_youtube, clock_at):
    channel_id = setup_channel(api)
    first, second = video_post(api, channel_id), video_post(api, channel_id, "Another one")
    assert run_worker() == {first: "publishing", second: "blocked"}
    post = post_of(api, second)
    assert post["lastError"]["code"] == "QUOTA_EXHAUSTED" and post["nextAttemptAt"] == PACIFIC_MIDNIGHT
    assert fake_youtube.requests["POST /upload/youtube/v3/videos"] == 1  # the second never started
    assert publish_to_the_end(first, clock_at, T + CHECK_MS) == {first: "done"}
    assert publish_to_the_end(second, clock_at, PACIFIC_MIDNIGHT) == {second: "done"}


@with_settings(quota_model="units", daily_units=3300, upload_units=1600)
def test_under_the_units_model_an_upload_costs_its_units_of_the_shared_ones(api, fake_youtube, clock_at):
    channel_id = setup_channel(api)  # channels.list: 1 unit
    posts = [video_post(api, channel_id, f"Video {n}") for n in range(3)]
    outcomes = run_worker()
    assert sorted(outcomes.values()) == ["blocked", "publishing", "publishing"]
    assert quota.day_of(T) == ("2027-01-15", PACIFIC_MIDNIGHT)
    [held] = [post_id for post_id in posts if outcomes[post_id] == "blocked"]
    assert post_of(api, held)["nextAttemptAt"] == PACIFIC_MIDNIGHT


@pytest.mark.parametrize(
    ("reply", "status", "code", "next_attempt_at"),
    [
        ("503", "failed", "PLATFORM_ERROR", T + 60_000),
        ("quota", "blocked", "QUOTA_EXHAUSTED", PACIFIC_MIDNIGHT),
        ("rate", "blocked", "RATE_LIMITED", T + 15 * 60_000),
        ("upload_limit", "blocked", "UPLOAD_LIMIT", T + 86_400_000),
        ("signup", "failed", "NO_CHANNEL", None),
        ("forbidden", "failed", "PLATFORM_REFUSED", None),
    ],
)
def test_each_error_class_of_an_upload(api, fake_youtube, reply, status, code, next_attempt_at):
    channel_id = setup_channel(api)
    post_id = video_post(api, channel_id)
    fake_youtube.session_replies = [reply]
    assert run_worker() == {post_id: status}
    post = post_of(api, post_id)
    assert post["lastError"]["code"] == code and post["nextAttemptAt"] == next_attempt_at
    assert post["lastError"]["message"].startswith("youtube: ")
    assert fake_youtube.videos == {}


def test_an_expired_access_token_is_refreshed_once_and_the_upload_goes_on(api, fake_youtube, clock_at):
    channel_id = setup_channel(api)
    post_id = video_post(api, channel_id)
    fake_youtube.expire_access_tokens()
    assert publish_to_the_end(post_id, clock_at) == {post_id: "done"}
    assert fake_youtube.requests["POST /token"] == 2  # the code, then one refresh


@pytest.mark.parametrize(("fails", "code"), [(True, "MEDIA_PROCESSING_FAILED"), (False, "DUPLICATE_CONTENT")])
def test_a_video_youtube_cannot_process_or_rejects_fails_for_good(api, fake_youtube, clock_at, fails, code):
    channel_id = setup_channel(api)
    data = clip()
    fake_youtube.processing_fails = fails
    fake_youtube.reject_duplicates = not fails
    if not fails:
        assert publish_to_the_end(video_post(api, channel_id, "First", data=data), clock_at) != {}
    post_id = video_post(api, channel_id, "Again", data=data)
    assert publish_to_the_end(post_id, clock_at) == {post_id: "failed"}
    post = post_of(api, post_id)
    assert post["lastError"]["code"] == code and post["nextAttemptAt"] is None


def test_a_video_still_processing_at_the_timeout_is_unconfirmed_never_uploaded_again(
    api, fake_youtube, clock_at
):
    """YouTube holds the video: when its processing outlasts `[publishing]
    processing_timeout` (900 s here) the target is unconfirmed, not sent again."""
    channel_id = setup_channel(api)
    post_id = video_post(api, channel_id)
    fake_youtube.processing_checks = 10**6
    assert run_worker() == {post_id: "publishing"}
    clock_at(T + 901_000)
    assert run_worker() == {post_id: "blocked"}
    post = post_of(api, post_id)
    assert post["lastError"]["code"] == "DELIVERY_UNCONFIRMED" and post["nextAttemptAt"] is None
    assert post["targets"][0]["status"] == "unconfirmed"
    assert post["targets"][0]["error"]["code"] == "PROCESSING_TIMEOUT"
    clock_at(T + 10**9)
    assert run_worker() == {}
    assert fake_youtube.requests["POST /upload/youtube/v3/videos"] == 1 and len(fake_youtube.videos) == 1


@pytest.mark.parametrize("content", ["A short clip", "é" * 2499])
def test_shorts_tags_the_description_when_it_fits(api, fake_youtube, clock_at, content):
    channel_id = setup_channel(api)
    post_id = video_post(api, channel_id, content, **youtube_options(shorts=True))
    assert publish_to_the_end(post_id, clock_at) == {post_id: "done"}
    described = the_video(fake_youtube)["resource"]["snippet"]["description"]
    fits = len(content.encode()) + len("\n\n#Shorts") <= 5000
    assert described == (f"{content}\n\n#Shorts" if fits else content)
