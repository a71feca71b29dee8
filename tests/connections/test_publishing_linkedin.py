"""Live posts published to LinkedIn through the worker's own functions and the fake
LinkedIn (docs/platforms/linkedin.md): text, images, video and its processing, each error class,
tokens that lapse, and LinkedIn's limits."""

import subprocess
import sys
import time

import pytest
import requests

from devtools.fakes.linkedin import API_VERSION, AUTHOR
from devtools.media import image, upload, video
from models import PostPart
from tests.connections.conftest import connect, create_post, events_of, post_of, run_worker
from tests.support import ROOT
from tests.support.client import assert_error

# Publishing: claims, outcomes and token refreshes on each backend.
pytestmark = pytest.mark.storage

T = 1_800_000_000_000
DAY_MS = 86_400_000


def setup_channel(api, **fields):
    """A channel with LinkedIn connected by a real OAuth run; its id."""
    channel_id = api.post("/v1/channels", json={"name": "Company news", **fields}).get_json()["data"]["id"]
    connect(api, "linkedin", channelId=channel_id)
    return channel_id


def create(api, channel_id, content="Hello LinkedIn", **fields):
    return create_post(api, channel_id, content, **fields)


def connection_of(api):
    [connection] = api.get("/v1/connections").get_json()["data"]
    return connection


def media_key(api, data, filename="photo.png", **form):
    return upload(api, data, filename=filename, **form).get_json()["data"]["key"]


def test_a_text_post_is_published_with_the_id_from_x_restli_id(api, fake_linkedin, clock_at):
    clock_at(T)
    channel_id = setup_channel(api)
    text = "Launch (v2) is live! #shipping @team [details] <soon> a_b*c~d {x|y} back\\slash"
    post_id = create(api, channel_id, text)
    assert run_worker() == {post_id: "done"}
    [sent] = fake_linkedin.posts_by(AUTHOR)
    assert sent["text"] == text  # reserved characters escaped, so LinkedIn shows them all
    assert sent["content"] is None
    post = post_of(api, post_id)
    assert post["status"] == "done" and post["deliveredAt"] == T
    assert post["targets"] == [
        {
            "connectionId": connection_of(api)["id"],
            "platform": "linkedin",
            "status": "published",
            "platformPostId": sent["id"],
            "url": f"https://www.linkedin.com/feed/update/{sent['id']}/",
            "error": None,
            "publishedAt": T,
            "parts": [
                {
                    "index": 0,
                    "kind": "post",
                    "content": text,
                    "status": "published",
                    "platformPostId": sent["id"],
                    "url": f"https://www.linkedin.com/feed/update/{sent['id']}/",
                    "error": None,
                    "nextAttemptAt": None,
                }
            ],
        }
    ]
    assert sent["id"].startswith("urn:li:share:")
    assert fake_linkedin.versions == {API_VERSION: 1}  # the one /rest call named the version
    [delivered] = events_of("post.delivered")
    assert delivered["targets"][0]["platform_post_id"] == sent["id"]
    assert run_worker() == {} and len(fake_linkedin.posts) == 1


def test_one_image_goes_as_media_with_its_alt_text(api, fake_linkedin, clock_at):
    clock_at(T)
    channel_id = setup_channel(api)
    key = media_key(api, image("PNG"), altText="A red square")
    post_id = create(api, channel_id, "Our new logo", media=[key])
    assert run_worker() == {post_id: "done"}
    [sent] = fake_linkedin.posts
    [urn] = sent["media"]
    assert sent["content"] == {"media": {"id": urn, "altText": "A red square"}}
    assert fake_linkedin.images[urn]["data"] == image("PNG")
    assert fake_linkedin.requests["POST /rest/images"] == 1


def test_several_images_go_as_a_multi_image_in_their_order(api, fake_linkedin, clock_at):
    clock_at(T)
    channel_id = setup_channel(api)
    files = [image("PNG", size=(30 + n, 20)) for n in range(3)]
    keys = [media_key(api, data) for data in files]
    post_id = create(api, channel_id, "Three views", media=keys)
    assert run_worker() == {post_id: "done"}
    [sent] = fake_linkedin.posts
    assert sent["content"] == {"multiImage": {"images": [{"id": urn} for urn in sent["media"]]}}
    assert [fake_linkedin.images[urn]["data"] for urn in sent["media"]] == files


def test_a_video_is_uploaded_in_parts_and_posted_once_available(api, fake_linkedin, clock_at):
    clock_at(T)
    channel_id = setup_channel(api)
    fake_linkedin.part_bytes = 1000
    key = media_key(api, video(total=4500), filename="clip.mp4")
    post_id = create(api, channel_id, "Watch this", media=[key])
    assert run_worker() == {post_id: "publishing"}
    post = post_of(api, post_id)
    assert post["status"] == "publishing" and post["targets"][0]["status"] == "processing"
    assert PostPart.get().check_at == T + 5000
    [(urn, uploaded)] = fake_linkedin.videos.items()
    assert fake_linkedin.requests["POST /rest/videos"] == 2  # initializeUpload, finalizeUpload
    assert len(uploaded["etags"]) == 5 and uploaded["data"] == video(total=4500)
    assert fake_linkedin.posts == []
    assert run_worker() == {}  # not yet time to ask
    clock_at(T + 5000)
    assert run_worker() == {post_id: "publishing"}  # still PROCESSING
    clock_at(T + 10_000)
    assert run_worker() == {post_id: "done"}
    [sent] = fake_linkedin.posts
    assert sent["content"] == {"media": {"id": urn}}
    post = post_of(api, post_id)
    assert post["attempts"] == 1 and post["targets"][0]["platformPostId"] == sent["id"]
    assert fake_linkedin.requests[f"GET /rest/videos/{urn}"] == 2


def test_a_video_linkedin_cannot_process_fails_for_good(api, fake_linkedin, clock_at):
    clock_at(T)
    channel_id = setup_channel(api)
    fake_linkedin.processing_checks = 0
    fake_linkedin.processing_fails = True
    post_id = create(api, channel_id, "Broken clip", media=[media_key(api, video(), filename="clip.mp4")])
    assert run_worker() == {post_id: "publishing"}
    clock_at(T + 5000)
    assert run_worker() == {post_id: "failed"}
    post = post_of(api, post_id)
    assert post["lastError"] == {
        "code": "MEDIA_PROCESSING_FAILED",
        "message": "linkedin: The video's codec is not supported",
    }
    assert post["nextAttemptAt"] is None and fake_linkedin.posts == []


def test_processing_past_its_timeout_uploads_the_video_again(api, fake_linkedin, clock_at):
    clock_at(T)
    channel_id = setup_channel(api)
    fake_linkedin.processing_checks = 10**6  # LinkedIn never finishes
    post_id = create(api, channel_id, "Slow clip", media=[media_key(api, video(), filename="clip.mp4")])
    assert run_worker() == {post_id: "publishing"}
    clock_at(T + 900_000)
    assert run_worker() == {post_id: "publishing"}  # exactly the timeout: still waiting
    late = clock_at(T + 905_000)
    assert run_worker() == {post_id: "failed"}
    post = post_of(api, post_id)
    assert post["lastError"]["code"] == "PROCESSING_TIMEOUT" and post["nextAttemptAt"] == late + 60_000
    fake_linkedin.processing_checks = 0
    clock_at(late + 60_000)
    assert run_worker() == {post_id: "publishing"}
    assert len(fake_linkedin.videos) == 2  # uploaded again
    clock_at(late + 65_000)
    assert run_worker() == {post_id: "done"}
    assert len(fake_linkedin.posts) == 1


def test_the_daily_rate_limit_blocks_until_the_next_utc_midnight(api, fake_linkedin, clock_at):
    clock_at(T)
    channel_id = setup_channel(api)
    fake_linkedin.post_replies = ["429"]
    post_id = create(api, channel_id)
    assert run_worker() == {post_id: "blocked"}
    midnight = (T // DAY_MS + 1) * DAY_MS
    post = post_of(api, post_id)
    assert post["lastError"]["code"] == "RATE_LIMITED" and post["nextAttemptAt"] == midnight
    [blocked] = events_of("post.blocked")
    assert blocked["next_attempt_at"] == midnight
    clock_at(midnight - 1)
    assert run_worker() == {}
    clock_at(midnight)
    assert run_worker() == {post_id: "done"}
    assert len(fake_linkedin.posts) == 1


@pytest.mark.parametrize(
    ("reply", "code", "message"),
    [
        (
            "403",
            "PLATFORM_REFUSED",
            "linkedin: Not enough permissions to access: partnerApiPostsExternal.CREATE.20251001",
        ),
        (None, "DUPLICATE_CONTENT", "linkedin: Content is a duplicate of {first}"),
    ],
)
def test_a_refusal_or_a_duplicate_fails_for_good(api, fake_linkedin, clock_at, reply, code, message):
    clock_at(T)
    channel_id = setup_channel(api)
    first = create(api, channel_id, "Same words")
    assert run_worker() == {first: "done"}
    fake_linkedin.post_replies = [reply] if reply else []
    second = create(api, channel_id, "Same words")
    assert run_worker() == {second: "failed"}
    post = post_of(api, second)
    published_id = post_of(api, first)["targets"][0]["platformPostId"]
    assert post["lastError"] == {"code": code, "message": message.format(first=published_id)}
    assert post["nextAttemptAt"] is None
    assert events_of("post.failed")[0]["will_retry"] is False
    clock_at(T + 10**9)
    assert run_worker() == {} and len(fake_linkedin.posts) == 1


def test_a_retired_api_version_fails_naming_the_setting(api, fake_linkedin, clock_at):
    clock_at(T)
    channel_id = setup_channel(api)
    fake_linkedin.retired_versions = {API_VERSION}
    post_id = create(api, channel_id)
    assert run_worker() == {post_id: "failed"}
    post = post_of(api, post_id)
    assert post["lastError"] == {
        "code": "API_VERSION_RETIRED",
        "message": f"linkedin: LinkedIn no longer serves API version {API_VERSION}: set [linkedin] "
        f"api_version to a current one (YYYYMM) (Requested version {API_VERSION} is not active)",
    }
    assert post["nextAttemptAt"] is None and fake_linkedin.posts == []


@pytest.mark.parametrize("reply", ["500", "503"])
def test_a_server_error_is_retried_at_next_attempt_at(api, fake_linkedin, clock_at, reply):
    clock_at(T)
    post_id = create(api, setup_channel(api))
    fake_linkedin.post_replies = [reply]
    assert run_worker() == {post_id: "failed"}
    post = post_of(api, post_id)
    assert post["nextAttemptAt"] == T + 60_000 and post["lastError"]["code"] == "PLATFORM_ERROR"
    clock_at(T + 60_000)
    assert run_worker() == {post_id: "done"}
    assert post_of(api, post_id)["attempts"] == 2 and len(fake_linkedin.posts) == 1


def test_a_failed_upload_is_retried(api, fake_linkedin, clock_at):
    clock_at(T)
    channel_id = setup_channel(api)
    fake_linkedin.upload_replies = ["500"]
    post_id = create(api, channel_id, "With a picture", media=[media_key(api, image("JPEG"), "photo.jpg")])
    assert run_worker() == {post_id: "failed"}
    assert post_of(api, post_id)["lastError"]["code"] == "PLATFORM_ERROR"
    clock_at(T + 60_000)
    assert run_worker() == {post_id: "done"}
    [sent] = fake_linkedin.posts
    assert fake_linkedin.images[sent["media"][0]]["data"] == image("JPEG")


def test_a_time_out_after_the_post_left_is_unconfirmed_and_never_resent(api, fake_linkedin, clock_at):
    clock_at(T)
    post_id = create(api, setup_channel(api))
    fake_linkedin.post_replies = [
        "hang"
    ]  # LinkedIn makes the post, then answers after 2 s; the timeout is 1 s
    assert run_worker() == {post_id: "blocked"}
    post = post_of(api, post_id)
    assert post["lastError"]["code"] == "DELIVERY_UNCONFIRMED" and post["nextAttemptAt"] is None
    assert post["targets"][0]["status"] == "unconfirmed"
    clock_at(T + 10**9)
    assert run_worker() == {}
    assert fake_linkedin.requests["POST /rest/posts"] == 1 and len(fake_linkedin.posts) == 1


def test_linkedin_limits_are_checked_at_create_and_patch(api, clock_at):
    clock_at(T)
    channel_id = setup_channel(api)
    error = assert_error(
        api.post("/v1/posts", json={"channelId": channel_id, "content": "a" * 3001}), 400, "VALIDATION_ERROR"
    )
    assert error["details"] == [{"field": "content", "message": "linkedin: 3001 of 3000 characters"}]
    assert api.post("/v1/posts", json={"channelId": channel_id, "content": "é" * 3000}).status_code == 201
    picture, clip = media_key(api, image("PNG")), media_key(api, video(), filename="clip.mp4")
    movie = media_key(api, video(brand=b"qt  "), filename="clip.mov")
    cases = [
        (
            [picture, clip],
            [{"field": "media", "message": "linkedin: a post carries one video or images, not both"}],
        ),
        ([clip, clip], [{"field": "media", "message": "linkedin: at most one video (2 given)"}]),
        ([picture] * 21, [{"field": "media", "message": "linkedin: at most 20 images (21 given)"}]),
        (
            [movie],
            [{"field": "media[0]", "message": "linkedin: a video must be MP4 (video/quicktime given)"}],
        ),
    ]
    for media, details in cases:
        answer = api.post("/v1/posts", json={"channelId": channel_id, "content": "Hi", "media": media})
        assert assert_error(answer, 400, "VALIDATION_ERROR")["details"] == details, media
    assert (
        api.post(
            "/v1/posts", json={"channelId": channel_id, "content": "Twenty", "media": [picture] * 20}
        ).status_code
        == 201
    )
    post_id = create(api, channel_id, "Short")
    error = assert_error(
        api.patch(f"/v1/posts/{post_id}", json={"content": "b" * 3001}), 400, "VALIDATION_ERROR"
    )
    assert error["details"][0]["message"] == "linkedin: 3001 of 3000 characters"


def test_limits_are_checked_again_at_publish_time(api, fake_linkedin, clock_at):
    clock_at(T)
    channel_id = api.post("/v1/channels", json={"name": "Later"}).get_json()["data"]["id"]
    post_id = create(api, channel_id, "c" * 3001, scheduledFor=T + 60_000)  # no LinkedIn yet
    connect(api, "linkedin", channelId=channel_id)
    clock_at(T + 60_000)
    assert run_worker() == {post_id: "failed"}
    post = post_of(api, post_id)
    assert post["lastError"] == {"code": "CONTENT_REFUSED", "message": "linkedin: 3001 of 3000 characters"}
    assert post["nextAttemptAt"] is None and fake_linkedin.requests["POST /rest/posts"] == 0


def test_a_channel_with_x_and_linkedin_resends_only_the_target_that_failed(
    api, fake_linkedin, fake_x, clock_at
):
    clock_at(T)
    channel_id = setup_channel(api)
    connect(api, "x", channelId=channel_id)
    fake_linkedin.post_replies = ["503"]
    post_id = create(api, channel_id, "Everywhere at once")
    assert run_worker() == {post_id: "failed"}
    targets = {target["platform"]: target for target in post_of(api, post_id)["targets"]}
    assert targets["x"]["status"] == "published" and targets["linkedin"]["status"] == "failed"
    clock_at(T + 60_000)
    assert run_worker() == {post_id: "done"}
    assert len(fake_x.tweets) == 1 and fake_x.requests["POST /2/tweets"] == 1
    assert len(fake_linkedin.posts) == 1 and fake_linkedin.requests["POST /rest/posts"] == 2
    targets = {target["platform"]: target for target in post_of(api, post_id)["targets"]}
    assert targets["linkedin"]["platformPostId"] == fake_linkedin.posts[0]["id"]
    assert targets["x"]["platformPostId"] == fake_x.tweets[0]["id"]


# A process of its own: left out of the quick loop (tests/conftest.py).
@pytest.mark.processes
def test_the_fake_runs_as_a_process_of_its_own():
    process = subprocess.Popen(
        [sys.executable, "-m", "devtools.fakes.linkedin", "--delay", "0.2"],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        url = process.stdout.readline().strip()
        assert url.startswith("http://127.0.0.1:")
        started = time.monotonic()
        answer = requests.get(f"{url}/v2/userinfo", timeout=10)
        assert time.monotonic() - started >= 0.2
        assert answer.status_code == 401
        assert answer.json() == {
            "status": 401,
            "serviceErrorCode": 65600,
            "code": "INVALID_ACCESS_TOKEN",
            "message": "Invalid access token",
        }
    finally:
        process.terminate()
        process.wait(30)
        process.stdout.close()


def test_a_worker_process_publishes_a_video_once_linkedin_has_processed_it(
    api, fake_linkedin, worker_process
):
    channel_id = setup_channel(api)
    fake_linkedin.part_bytes = 2000
    key = media_key(api, video(total=5000), filename="clip.mp4")
    post_id = create(api, channel_id, "From the worker", media=[key])
    worker = worker_process(
        **fake_linkedin.env(), POSTLINE_PUBLISHING_TIMEOUT="5", POSTLINE_WORKER_POLL_INTERVAL="0.2"
    )
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and post_of(api, post_id)["status"] != "done":
        time.sleep(0.3)
    assert worker.process.poll() is None, worker.output()
    post = post_of(api, post_id)
    assert post["status"] == "done", worker.output()
    [sent] = fake_linkedin.posts
    assert post["targets"][0]["platformPostId"] == sent["id"] and post["attempts"] == 1
    [uploaded] = fake_linkedin.videos.values()
    assert len(uploaded["etags"]) == 3 and uploaded["data"] == video(total=5000)
    assert (
        sum(count for name, count in fake_linkedin.requests.items() if name.startswith("GET /rest/videos/"))
        == 2
    )
