"""Facebook Pages and Instagram through the public API, the worker's own functions and
the fake Meta (docs/platforms/meta.md): one OAuth run, a connection per Page and per Instagram
account, every kind of post, Instagram's containers, limits and each error class."""

import io
from urllib.parse import urlsplit

import pytest
import requests
from werkzeug.datastructures import FileStorage
from werkzeug.test import encode_multipart

from devtools.connecting import authorize
from devtools.fakes.meta import CLIENT_ID, IG_ID, PAGES, FakeMeta
from devtools.media import image, upload, video
from models import PostPart
from tests.connections.conftest import create_post, events_of, post_of, query_of, run_worker
from tests.support import fakes
from tests.support.client import assert_error, fetch_through

# Publishing: claims, outcomes and status checks on each backend.
pytestmark = pytest.mark.storage

T = 1_800_000_000_000
PAGE_ID = PAGES[0]["id"]


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
    """Meta fetches media from the signed public URLs: here through the app itself."""
    fake_meta.fetch = fetch_through(api)


def connect_meta(api, **params):
    """A whole OAuth run through the fake Meta's dialog; every connection made."""
    finished = api.client.get(authorize(api, "meta", **params))
    assert finished.status_code in (200, 302), finished.get_data(as_text=True)
    return api.get("/v1/connections").get_json()["data"]


def channel_with(api, platform):
    """A channel with the one connection of `platform` to the first Page (or its Instagram)."""
    channel_id = api.post("/v1/channels", json={"name": platform}).get_json()["data"]["id"]
    connections = connect_meta(api)
    account = IG_ID if platform == "instagram" else PAGE_ID
    [connection] = [c for c in connections if c["accountId"] == account]
    linked = api.post(f"/v1/connections/{connection['id']}/add-to-channel", json={"channelId": channel_id})
    assert linked.status_code == 200, linked.get_data(as_text=True)
    return channel_id


def create(api, channel_id, content="Fresh bread at eight", **fields):
    return create_post(api, channel_id, content, **fields)


def media_key(api, data, filename):
    return upload(api, data, filename=filename).get_json()["data"]["key"]


def large_upload(api, data, filename):
    """An upload encoded in memory: the test client would spool a large one to a
    temporary file it never closes."""
    boundary, body = encode_multipart({"file": FileStorage(io.BytesIO(data), filename)})
    answer = api.post("/v1/media/upload", data=body, content_type=f"multipart/form-data; boundary={boundary}")
    assert answer.status_code == 201, answer.get_data(as_text=True)
    return answer.get_json()["data"]["key"]


# Connecting -----------------------------------------------------------------------


def test_one_oauth_run_connects_every_page_and_its_instagram_account(api, fake_meta, clock_at):
    clock_at(T)
    channel_id = api.post("/v1/channels", json={"name": "Cafe"}).get_json()["data"]["id"]
    started = api.get("/v1/connections/meta/auth", query_string={"channelId": channel_id}).get_json()["data"]
    assert started["url"].startswith(f"{fake_meta.url}/v21.0/dialog/oauth?")
    query = query_of(started["url"])
    assert query["client_id"] == CLIENT_ID and query["response_type"] == "code"
    assert query["redirect_uri"] == "http://127.0.0.1:8000/v1/connections/meta/callback"
    assert query["scope"] == (
        "pages_show_list,pages_manage_posts,pages_read_engagement,pages_manage_engagement,"
        "instagram_basic,instagram_content_publish,instagram_manage_comments,publish_video"
    )
    assert "code_challenge" not in query
    connections = connect_meta(api, channelId=channel_id)
    by_account = {c["accountId"]: c for c in connections}
    assert sorted(by_account) == sorted([PAGES[0]["id"], PAGES[1]["id"], IG_ID])
    cafe, instagram = by_account[PAGE_ID], by_account[IG_ID]
    assert cafe["provider"] == "meta" and cafe["platform"] == "facebook"
    assert cafe["displayName"] == "Postline Cafe" and cafe["avatarUrl"].endswith(f"{PAGE_ID}.jpg")
    assert instagram["platform"] == "instagram" and instagram["username"] == "postline.cafe"
    for connection in connections:
        # Page tokens do not expire, and Meta has no refresh token.
        assert connection["status"] == "active" and connection["tokenExpiresAt"] is None
        assert connection["channelIds"] == [channel_id]
    # Two exchanges (the code, then fb_exchange_token), and no token in any answer.
    assert fake_meta.endpoints()["GET /oauth/access_token"] == 2
    listed = api.get("/v1/connections").get_data(as_text=True)
    assert not any(token in listed for token in fake_meta.tokens)
    # Connecting again keeps the ids.
    assert {c["id"] for c in connect_meta(api)} == {c["id"] for c in connections}


def test_a_declined_dialog_creates_nothing(api, fake_meta):
    fake_meta.deny = True
    url = api.get("/v1/connections/meta/auth").get_json()["data"]["url"]
    location = urlsplit(requests.get(url, allow_redirects=False, timeout=5).headers["Location"])
    declined = api.client.get(f"{location.path}?{location.query}")
    assert declined.status_code == 400 and "Permissions error" in declined.get_data(as_text=True)
    assert api.get("/v1/connections").get_json()["data"] == []


def test_verifying_a_meta_connection_uses_its_page_token(api, fake_meta, clock_at):
    clock_at(T)
    connections = connect_meta(api)
    for connection in connections:
        verified = api.post(f"/v1/connections/{connection['id']}/verify").get_json()["data"]
        assert verified["status"] == "active" and verified["lastError"] is None
    assert_error(api.post(f"/v1/connections/{connections[0]['id']}/refresh"), 400, "REFRESH_NOT_SUPPORTED")


def test_the_fake_checks_the_kind_of_token_like_meta(fake_meta):
    """A Page call with the user token, and a user call with a Page token, are refused."""
    short = fake_meta.issue("short")["access_token"]
    user = fake_meta.issue("user")["access_token"]
    page = fake_meta.issue("page", page=PAGE_ID)["access_token"]
    base = f"{fake_meta.url}/v21.0"

    def call(method, path, token, **form):
        answer = requests.request(
            method, f"{base}/{path}", data=form, headers={"Authorization": f"Bearer {token}"}, timeout=5
        )
        return answer.status_code, answer.json()

    status, body = call("POST", f"{PAGE_ID}/feed", user, message="hi")
    assert status == 400 and body["error"]["code"] == 200
    status, body = call("GET", "me/accounts", page)
    assert status == 400 and body["error"]["code"] == 100
    status, body = call("GET", f"{IG_ID}/content_publishing_limit", user)
    assert status == 400 and body["error"]["code"] == 200
    status, body = call("GET", "me/accounts", short)
    assert status == 400  # a short-lived token is exchanged first
    assert call("POST", f"{PAGE_ID}/feed", page, message="hi")[0] == 200
    assert call("GET", "me/accounts", user)[0] == 200


# Facebook ---------------------------------------------------------------------------


def test_a_facebook_text_post_is_published(api, fake_meta, clock_at):
    clock_at(T)
    post_id = create(api, channel_with(api, "facebook"), "Open until six today")
    assert run_worker() == {post_id: "done"}
    [made] = fake_meta.posts
    assert made["account"] == PAGE_ID and made["text"] == "Open until six today"
    [target] = post_of(api, post_id)["targets"]
    assert target["status"] == "published" and target["platformPostId"] == made["id"]
    assert target["url"] == f"https://www.facebook.com/{made['id']}"
    [delivered] = events_of("post.delivered")
    assert delivered["targets"][0]["platform_post_id"] == made["id"]
    assert run_worker() == {} and len(fake_meta.posts) == 1


def test_facebook_photos_go_up_unpublished_and_attach_to_one_feed_post(api, fake_meta, clock_at):
    clock_at(T)
    channel_id = channel_with(api, "facebook")
    keys = [media_key(api, image("PNG"), "a.png"), media_key(api, image("JPEG"), "b.jpg")]
    post_id = create(api, channel_id, "Two new cakes", media=keys)
    assert run_worker() == {post_id: "done"}
    [made] = fake_meta.posts
    assert len(made["photos"]) == 2
    assert all(fake_meta.photos[photo]["published"] is False for photo in made["photos"])
    assert [item["body"] for item in fake_meta.fetched] == [image("PNG"), image("JPEG")]
    assert fake_meta.endpoints()["POST /{id}/photos"] == 2 and fake_meta.endpoints()["POST /{id}/feed"] == 1


def test_a_facebook_video_is_posted_from_its_signed_url(api, fake_meta, clock_at):
    clock_at(T)
    channel_id = channel_with(api, "facebook")
    key = media_key(api, video(), "clip.mp4")
    post_id = create(api, channel_id, "Behind the counter", media=[key])
    assert run_worker() == {post_id: "done"}
    [made] = fake_meta.posts
    assert made["kind"] == "video" and made["text"] == "Behind the counter"
    assert fake_meta.fetched[0]["body"] == video()
    assert (
        post_of(api, post_id)["targets"][0]["url"]
        == f"https://www.facebook.com/{PAGE_ID}/videos/{made['id']}"
    )


# Instagram ---------------------------------------------------------------------------


def test_an_instagram_png_goes_as_its_jpeg_rendition(api, fake_meta, clock_at):
    clock_at(T)
    channel_id = channel_with(api, "instagram")
    key = media_key(api, image("PNG"), "menu.png")
    post_id = create(api, channel_id, "Today's menu #bakery", media=[key])
    assert run_worker() == {post_id: "done"}
    [fetched] = fake_meta.fetched
    assert fetched["content_type"] == "image/jpeg" and fetched["body"].startswith(b"\xff\xd8\xff")
    assert urlsplit(fetched["url"]).path.endswith(".jpg")
    [made] = fake_meta.posts
    assert made["account"] == IG_ID and made["caption"] == "Today's menu #bakery"
    [target] = post_of(api, post_id)["targets"]
    assert target["platformPostId"] == made["id"] and target["url"] == made["permalink"]
    assert fake_meta.endpoints()["GET /{id}/content_publishing_limit"] == 1
    # The rendition is served while its original lives, and goes with it.
    rendition_path = urlsplit(fetched["url"]).path
    assert api.client.get(rendition_path).status_code == 200
    assert api.delete(f"/v1/media/{key}").status_code in (200, 204)
    assert api.client.get(rendition_path).status_code == 404


def test_the_fake_refuses_an_image_url_that_is_not_a_jpeg(api, fake_meta, clock_at):
    """Meta refuses a PNG: the reason renditions exist (the original's own signed URL)."""
    from models import Media
    from postline.media import urls

    clock_at(T)
    key = media_key(api, image("PNG"), "menu.png")
    page = fake_meta.issue("page", page=PAGE_ID)["access_token"]
    with api.client.application.app_context():
        url = urls.public_url(Media.get_by_id(key))
    answer = requests.post(
        f"{fake_meta.url}/v21.0/{IG_ID}/media",
        data={"image_url": url, "caption": "x"},
        headers={"Authorization": f"Bearer {page}"},
        timeout=5,
    )
    assert answer.status_code == 400 and answer.json()["error"]["code"] == 9004


def test_a_carousel_with_a_video_waits_for_processing_then_publishes(api, fake_meta, clock_at):
    clock_at(T)
    channel_id = channel_with(api, "instagram")
    keys = [
        media_key(api, image("JPEG"), "a.jpg"),
        media_key(api, image("WEBP"), "b.webp"),
        media_key(api, video(), "c.mp4"),
    ]
    post_id = create(api, channel_id, "A morning in three", media=keys)
    assert run_worker() == {post_id: "publishing"}
    [target] = post_of(api, post_id)["targets"]
    assert target["status"] == "processing" and PostPart.get().check_at == T + 5000
    assert fake_meta.endpoints()["POST /{id}/media"] == 4 and fake_meta.posts == []
    assert run_worker() == {}  # not yet time to ask
    clock_at(T + 5000)
    assert run_worker() == {post_id: "done"}
    [made] = fake_meta.posts
    parent = fake_meta.containers[made["container"]]
    assert parent["type"] == "CAROUSEL" and len(parent["children"]) == 3
    assert [fake_meta.containers[child]["carousel_item"] for child in parent["children"]] == [True] * 3
    assert post_of(api, post_id)["attempts"] == 1


def test_a_reel_still_processing_is_asked_again_later(api, fake_meta, clock_at):
    clock_at(T)
    channel_id = channel_with(api, "instagram")
    fake_meta.processing_checks = 2
    post_id = create(api, channel_id, "Kneading", media=[media_key(api, video(), "k.mp4")])
    assert run_worker() == {post_id: "publishing"}
    [container] = fake_meta.containers.values()
    assert container["type"] == "REELS"
    clock_at(T + 5000)
    assert run_worker() == {post_id: "publishing"}
    clock_at(T + 10_000)
    assert run_worker() == {post_id: "done"}
    assert fake_meta.endpoints()["GET /{id}"] == 3 + 1  # three status checks, one permalink


def test_a_container_meta_cannot_process_fails_for_good(api, fake_meta, clock_at):
    clock_at(T)
    channel_id = channel_with(api, "instagram")
    fake_meta.processing_result = "ERROR"
    post_id = create(api, channel_id, "Broken", media=[media_key(api, video(), "k.mp4")])
    assert run_worker() == {post_id: "publishing"}
    clock_at(T + 5000)
    assert run_worker() == {post_id: "failed"}
    post = post_of(api, post_id)
    assert post["lastError"]["code"] == "MEDIA_PROCESSING_FAILED" and post["nextAttemptAt"] is None
    assert "Unsupported video format" in post["lastError"]["message"]


def test_an_expired_container_is_made_again_at_the_next_attempt(api, fake_meta, clock_at):
    clock_at(T)
    channel_id = channel_with(api, "instagram")
    fake_meta.processing_result = "EXPIRED"
    post_id = create(api, channel_id, "Late", media=[media_key(api, video(), "k.mp4")])
    assert run_worker() == {post_id: "publishing"}
    clock_at(T + 5000)
    assert run_worker() == {post_id: "failed"}
    post = post_of(api, post_id)
    assert post["lastError"]["code"] == "CONTAINER_EXPIRED" and post["nextAttemptAt"] == T + 65_000
    fake_meta.processing_result = "FINISHED"
    clock_at(T + 65_000)
    assert run_worker() == {post_id: "publishing"}
    clock_at(T + 70_000)
    assert run_worker() == {post_id: "done"}
    assert len(fake_meta.containers) == 2 and len(fake_meta.posts) == 1


def test_the_publishing_limit_blocks_until_the_window_frees(api, fake_meta, clock_at):
    clock_at(T)
    channel_id = channel_with(api, "instagram")
    fake_meta.quota_total = 1
    first = create(api, channel_id, "One", media=[media_key(api, image("JPEG"), "a.jpg")])
    assert run_worker() == {first: "done"}
    clock_at(T + 3_600_000)
    second = create(api, channel_id, "Two", media=[media_key(api, image("JPEG"), "b.jpg")])
    assert run_worker() == {second: "blocked"}
    post = post_of(api, second)
    assert post["lastError"]["code"] == "PUBLISHING_LIMIT"
    assert post["nextAttemptAt"] == T + 86_400_000  # when the first leaves the window
    assert fake_meta.endpoints()["POST /{id}/media"] == 1  # nothing made for the second
    fake_meta.quota_total = 2  # the window has freed
    clock_at(T + 86_400_000)
    assert run_worker() == {second: "done"}
    assert len(fake_meta.posts) == 2


def test_a_limit_used_up_elsewhere_blocks_for_an_hour(api, fake_meta, clock_at):
    clock_at(T)
    fake_meta.quota_used = 25
    post_id = create(api, channel_with(api, "instagram"), "x", media=[media_key(api, image("JPEG"), "a.jpg")])
    assert run_worker() == {post_id: "blocked"}
    assert post_of(api, post_id)["nextAttemptAt"] == T + 3_600_000


# Limits ---------------------------------------------------------------------------------


def test_instagram_limits_are_checked_at_create_and_patch(api, fake_meta, clock_at):
    clock_at(T)
    channel_id = channel_with(api, "instagram")
    error = assert_error(
        api.post("/v1/posts", json={"channelId": channel_id, "content": "Words only"}),
        400,
        "VALIDATION_ERROR",
    )
    assert error["details"] == [{"field": "media", "message": "instagram: a post needs an image or a video"}]
    key = media_key(api, image("JPEG"), "a.jpg")
    tags = " ".join(f"#t{n}" for n in range(31))
    error = assert_error(
        api.post("/v1/posts", json={"channelId": channel_id, "content": tags, "media": [key]}),
        400,
        "VALIDATION_ERROR",
    )
    assert error["details"] == [{"field": "content", "message": "instagram: 31 of 30 hashtags"}]
    eleven = [media_key(api, image("JPEG"), f"{n}.jpg") for n in range(11)]
    error = assert_error(
        api.post("/v1/posts", json={"channelId": channel_id, "content": "many", "media": eleven}),
        400,
        "VALIDATION_ERROR",
    )
    assert error["details"][0]["message"] == "instagram: at most 10 items in a carousel (11 given)"
    big = large_upload(api, image("JPEG", total=8 * 1024 * 1024 + 1), "big.jpg")
    error = assert_error(
        api.post("/v1/posts", json={"channelId": channel_id, "content": "big", "media": [big]}),
        400,
        "VALIDATION_ERROR",
    )
    assert error["details"][0] == {
        "field": "media[0]",
        "message": f"instagram: a JPEG may have at most 8 MB ({8 * 1024 * 1024 + 1} bytes)",
    }
    post_id = create(api, channel_id, "ok", media=[key])
    error = assert_error(
        api.patch(f"/v1/posts/{post_id}", json={"content": "a" * 2201}), 400, "VALIDATION_ERROR"
    )
    assert error["details"] == [{"field": "content", "message": "instagram: 2201 of 2200 characters"}]


def test_a_post_that_breaks_instagram_limits_at_publish_fails_for_good(api, fake_meta, clock_at):
    clock_at(T)
    channel_id = api.post("/v1/channels", json={"name": "Later"}).get_json()["data"]["id"]
    post_id = create(api, channel_id, "Text only, written before Instagram was connected")
    connections = connect_meta(api)
    [instagram] = [c for c in connections if c["platform"] == "instagram"]
    api.post(f"/v1/connections/{instagram['id']}/add-to-channel", json={"channelId": channel_id})
    assert run_worker() == {post_id: "failed"}
    post = post_of(api, post_id)
    assert post["lastError"]["code"] == "CONTENT_REFUSED" and post["nextAttemptAt"] is None
    assert fake_meta.endpoints()["POST /{id}/media"] == 0


# Errors -------------------------------------------------------------------------------------


def test_a_refused_page_token_expires_the_connection_and_blocks(api, fake_meta, clock_at):
    clock_at(T)
    channel_id = channel_with(api, "facebook")
    post_id = create(api, channel_id)
    fake_meta.invalidate_page_tokens()
    assert run_worker() == {post_id: "blocked"}
    post = post_of(api, post_id)
    assert post["lastError"]["code"] == "CONNECTION_EXPIRED" and post["nextAttemptAt"] is None
    [connection] = [c for c in api.get("/v1/connections").get_json()["data"] if c["accountId"] == PAGE_ID]
    assert connection["status"] == "expired"
    [expired] = events_of("connection.expired")
    assert expired["connection_id"] == connection["id"]
    assert expired["provider"] == "meta" and expired["platform"] == "facebook"
    assert (
        fake_meta.endpoints()["POST /{id}/feed"] == 1 and fake_meta.posts == []
    )  # no retry with a dead token


def test_a_rate_limit_blocks_until_meta_says_then_publishes(api, fake_meta, clock_at):
    clock_at(T)
    channel_id = channel_with(api, "facebook")
    fake_meta.regain_minutes = 15
    fake_meta.publish_replies = ["rate_limit"]
    post_id = create(api, channel_id)
    assert run_worker() == {post_id: "blocked"}
    post = post_of(api, post_id)
    assert post["lastError"]["code"] == "RATE_LIMITED" and post["nextAttemptAt"] == T + 900_000
    clock_at(T + 899_999)
    assert run_worker() == {}
    clock_at(T + 900_000)
    assert run_worker() == {post_id: "done"}
    assert len(fake_meta.posts) == 1


def test_a_policy_block_waits_for_people(api, fake_meta, clock_at):
    clock_at(T)
    fake_meta.publish_replies = ["policy"]
    post_id = create(api, channel_with(api, "facebook"))
    assert run_worker() == {post_id: "blocked"}
    post = post_of(api, post_id)
    assert post["lastError"]["code"] == "POLICY_BLOCKED" and post["nextAttemptAt"] is None


def test_a_duplicate_fails_for_good(api, fake_meta, clock_at):
    clock_at(T)
    channel_id = channel_with(api, "facebook")
    first = create(api, channel_id, "Same words")
    assert run_worker() == {first: "done"}
    second = create(api, channel_id, "Same words")
    assert run_worker() == {second: "failed"}
    post = post_of(api, second)
    assert post["lastError"] == {"code": "DUPLICATE_CONTENT", "message": "meta: Duplicate status message"}
    assert post["nextAttemptAt"] is None


def test_a_caption_meta_refuses_fails_for_good(api, fake_meta, clock_at):
    clock_at(T)
    fake_meta.container_replies = ["caption"]
    key = media_key(api, image("JPEG"), "a.jpg")
    post_id = create(api, channel_with(api, "instagram"), "x", media=[key])
    assert run_worker() == {post_id: "failed"}
    assert post_of(api, post_id)["lastError"]["code"] == "CONTENT_REFUSED"
    assert post_of(api, post_id)["nextAttemptAt"] is None


@pytest.mark.parametrize("reply", ["500", "unknown"])
def test_a_server_error_is_retried(api, fake_meta, clock_at, reply):
    clock_at(T)
    post_id = create(api, channel_with(api, "facebook"))
    fake_meta.publish_replies = [reply]
    assert run_worker() == {post_id: "failed"}
    post = post_of(api, post_id)
    assert post["lastError"]["code"] == "PLATFORM_ERROR" and post["nextAttemptAt"] == T + 60_000
    clock_at(T + 60_000)
    assert run_worker() == {post_id: "done"}
    assert len(fake_meta.posts) == 1


@pytest.mark.parametrize("platform", ["facebook", "instagram"])
def test_a_time_out_after_the_request_left_is_unconfirmed_and_never_resent(
    api, fake_meta, clock_at, platform
):
    clock_at(T)
    channel_id = channel_with(api, platform)
    media = [media_key(api, image("JPEG"), "a.jpg")] if platform == "instagram" else []
    post_id = create(api, channel_id, media=media)
    fake_meta.publish_replies = ["hang"]  # Meta makes the post, then answers after 2 s; the timeout is 1 s
    assert run_worker() == {post_id: "blocked"}
    post = post_of(api, post_id)
    assert (
        post["lastError"]["code"] == "DELIVERY_UNCONFIRMED" and post["targets"][0]["status"] == "unconfirmed"
    )
    clock_at(T + 10**9)
    assert run_worker() == {}
    assert len(fake_meta.posts) == 1
