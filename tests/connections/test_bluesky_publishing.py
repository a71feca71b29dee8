"""Live posts published to Bluesky through the worker's own functions and the fake
Bluesky (docs/platforms/bluesky.md): records with their facets, images with alt text
and aspect ratios, a video processed by the video service, link cards, the options,
Bluesky's limits at create, and each error class."""

import http.server
import threading

import pytest

from devtools.fakes.bluesky import ACCOUNT, bluesky_account
from devtools.media import document, image, upload, video
from tests.connections.conftest import create_post, post_of, run_worker
from tests.connections.test_bluesky_sign_in import signed_in
from tests.support.client import assert_error
from tests.support.media import multipart

# Publishing: claims, outcomes and media uploads on each backend.
pytestmark = pytest.mark.storage

T = 1_800_000_000_000
TID = r"[234567abcdefghij][234567abcdefghijklmnopqrstuvwxyz]{12}"


def channel_with_bluesky(api):
    channel_id = api.post("/v1/channels", json={"name": "Launches"}).get_json()["data"]["id"]
    signed_in(api, channelId=channel_id)
    return channel_id


def test_a_post_with_an_image_is_published_with_its_alt_text_and_aspect_ratio(api, fake_bluesky, clock_at):
    clock_at(T)
    channel_id = channel_with_bluesky(api)
    photo = image("PNG", size=(40, 30))
    key = upload(api, photo, altText="A launch pad at dawn").get_json()["data"]["key"]
    post_id = create_post(api, channel_id, "Launch day!", media=[key])
    assert run_worker() == {post_id: "done"}
    [record] = fake_bluesky.posts
    [blob] = [cid for cid, stored in fake_bluesky.blobs.items() if stored["mimeType"] == "image/png"]
    assert record["text"] == "Launch day!" and record["createdAt"] == "2027-01-15T08:00:00.000Z"
    assert record["embed"] == {
        "$type": "app.bsky.embed.images",
        "images": [
            {
                "image": {
                    "$type": "blob",
                    "ref": {"$link": blob},
                    "mimeType": "image/png",
                    "size": len(photo),
                },
                "alt": "A launch pad at dawn",
                "aspectRatio": {"width": 40, "height": 30},
            }
        ],
    }
    [target] = post_of(api, post_id)["targets"]
    assert target["status"] == "published" and target["platform"] == "bluesky"
    assert target["platformPostId"] == record["id"]
    assert target["platformPostId"].startswith(f"at://{ACCOUNT['did']}/app.bsky.feed.post/")
    assert target["url"] == f"https://bsky.app/profile/{ACCOUNT['handle']}/post/{record['rkey']}"
    assert run_worker() == {} and len(fake_bluesky.posts) == 1


def test_links_mentions_and_hashtags_become_facets_at_utf8_byte_offsets(api, fake_bluesky, clock_at):
    clock_at(T)
    friend = bluesky_account(2)["handle"]
    text = f"Née 🚀 with @{friend} and @nobody.bsky.test: https://example.com/launch. #Launch2027! #42"
    post_id = create_post(api, channel_with_bluesky(api), text)
    assert run_worker() == {post_id: "done"}
    [record] = fake_bluesky.posts
    encoded = text.encode()
    spans = [
        (encoded[f["index"]["byteStart"] : f["index"]["byteEnd"]].decode(), f["features"][0])
        for f in record["facets"]
    ]
    assert spans == [
        (f"@{friend}", {"$type": "app.bsky.richtext.facet#mention", "did": bluesky_account(2)["did"]}),
        (
            "https://example.com/launch",
            {"$type": "app.bsky.richtext.facet#link", "uri": "https://example.com/launch"},
        ),
        ("#Launch2027", {"$type": "app.bsky.richtext.facet#tag", "tag": "Launch2027"}),
    ]
    assert "embed" not in record  # example.com cannot be read from here: no card, the link works


def test_the_options_set_the_languages_and_turn_the_link_card_off(api, fake_bluesky, page_server):
    channel_id = channel_with_bluesky(api)
    options = {"langs": ["en", "pt-BR"], "linkCard": False}
    post_id = create_post(
        api, channel_id, f"Read {page_server}/launch", platforms={"bluesky": {"options": options}}
    )
    assert run_worker() == {post_id: "done"}
    [record] = fake_bluesky.posts
    assert record["langs"] == ["en", "pt-BR"] and "embed" not in record
    assert page_server.fetched == []


@pytest.fixture
def page_server():
    """A web page on 127.0.0.1 with OpenGraph tags and its og:image; `fetched` lists the paths read."""
    thumbnail = image("JPEG", size=(60, 30))
    page = (
        b"<html><head><title>Fallback</title><meta property='og:title' content='We launch today'>"
        b"<meta property='og:description' content='Everything about the launch'>"
        b"<meta property='og:image' content='/card.jpg'></head><body>Hi</body></html>"
    )
    fetched = []

    class Handler(http.server.BaseHTTPRequestHandler):
        def do_GET(self):
            fetched.append(self.path)
            body, kind = (thumbnail, "image/jpeg") if self.path == "/card.jpg" else (page, "text/html")
            self.send_response(200)
            self.send_header("Content-Type", kind)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *args):
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()

    class Site(str):
        pass

    site = Site(f"http://127.0.0.1:{server.server_port}")
    site.fetched, site.thumbnail = fetched, thumbnail
    yield site
    server.shutdown()
    server.server_close()


@pytest.fixture
def settings(settings, fake_bluesky):
    """Link cards may read pages of the test's web server on 127.0.0.1."""
    settings["bluesky"] = fake_bluesky.settings(
        link_cards_allow_http=True, link_cards_allow_private_targets=True
    )
    return settings


def test_a_post_with_a_link_and_no_media_gets_a_card_of_the_page(api, fake_bluesky, page_server):
    post_id = create_post(api, channel_with_bluesky(api), f"Read all about it: {page_server}/launch")
    assert run_worker() == {post_id: "done"}
    [record] = fake_bluesky.posts
    thumb = record["embed"]["external"].pop("thumb")
    assert record["embed"] == {
        "$type": "app.bsky.embed.external",
        "external": {
            "uri": f"{page_server}/launch",
            "title": "We launch today",
            "description": "Everything about the launch",
        },
    }
    assert thumb["mimeType"] == "image/jpeg" and thumb["size"] == len(page_server.thumbnail)
    assert page_server.fetched == ["/launch", "/card.jpg"]


def test_a_video_is_processed_then_posted(api, fake_bluesky, clock_at):
    clock_at(T)
    fake_bluesky.processing_checks = 0  # done at the first check after the upload
    clip = video()
    key = upload(api, clip, filename="clip.mp4", altText="A countdown").get_json()["data"]["key"]
    post_id = create_post(api, channel_with_bluesky(api), "Liftoff", media=[key])
    assert run_worker() == {post_id: "publishing"}
    [target] = post_of(api, post_id)["targets"]
    assert target["status"] == "processing" and fake_bluesky.posts == []
    clock_at(T + 5_000)  # [bluesky] status_interval
    assert run_worker() == {post_id: "done"}
    [record] = fake_bluesky.posts
    assert record["embed"]["$type"] == "app.bsky.embed.video" and record["embed"]["alt"] == "A countdown"
    assert record["embed"]["video"]["mimeType"] == "video/mp4" and record["embed"]["video"]["size"] == len(
        clip
    )
    assert fake_bluesky.requests["GET /xrpc/app.bsky.video.getUploadLimits"] == 1


def test_a_video_the_service_cannot_process_fails_the_post(api, fake_bluesky, clock_at):
    clock_at(T)
    fake_bluesky.video_fails, fake_bluesky.processing_checks = True, 0
    key = upload(api, video(), filename="clip.mp4").get_json()["data"]["key"]
    post_id = create_post(api, channel_with_bluesky(api), "Liftoff", media=[key])
    assert run_worker() == {post_id: "publishing"}
    clock_at(T + 5_000)
    assert run_worker() == {post_id: "failed"}
    post = post_of(api, post_id)
    assert post["lastError"]["code"] == "MEDIA_PROCESSING_FAILED" and post["nextAttemptAt"] is None


def test_a_video_over_the_daily_limit_blocks_the_post(api, fake_bluesky, clock_at):
    clock_at(T)
    fake_bluesky.upload_limits = {"canUpload": False, "message": "You have reached your daily video limit"}
    key = upload(api, video(), filename="clip.mp4").get_json()["data"]["key"]
    post_id = create_post(api, channel_with_bluesky(api), "Liftoff", media=[key])
    assert run_worker() == {post_id: "blocked"}
    error = post_of(api, post_id)["lastError"]
    assert error["code"] == "VIDEO_LIMIT_REACHED" and "daily video limit" in error["message"]
    assert fake_bluesky.requests["POST /xrpc/app.bsky.video.uploadVideo"] == 0


FAMILY = "👨\u200d👩\u200d👧\u200d👦"  # one grapheme of 25 bytes


@pytest.mark.parametrize(
    "content, files, field, says",
    [
        ("👍🏽" * 301, [], "content", "bluesky: 301 of 300 graphemes"),
        (FAMILY * 121, [], "content", "bluesky: 3,025 of 3,000 bytes (UTF-8)"),
        ("Five", [("PNG", "a.png")] * 5, "media", "bluesky: at most 4 images (5 given)"),
        ("Both", [("MP4", "a.mp4"), ("PNG", "a.png")], "media", "bluesky: a video goes alone"),
        ("A film", [("MOV", "a.mov")], "media", "bluesky: takes MP4 video only"),
        ("A deck", [("PDF", "a.pdf")], "media", "bluesky: takes images or a video, not documents"),
        ("Big", [("BIG", "a.png")], "media[0]", "bluesky: an image may have at most 2,000,000 bytes"),
    ],
)
def test_bluesky_limits_refuse_a_post_at_create(api, content, files, field, says):
    made = {
        "PNG": lambda: image("PNG"),
        "BIG": lambda: image("PNG", total=2_000_001),
        "MP4": video,
        "MOV": lambda: video(brand=b"qt  "),
        "PDF": document,
    }
    keys = []
    for kind, name in files:
        # A body written by hand: the test client spools one of over 500 kB to a file it leaves open.
        body, content_type = multipart(made[kind](), name)
        keys.append(
            api.post("/v1/media/upload", data=body, content_type=content_type).get_json()["data"]["key"]
        )
    channel_id = channel_with_bluesky(api)
    answer = api.post("/v1/posts", json={"channelId": channel_id, "content": content, "media": keys})
    error = assert_error(answer, 400, "VALIDATION_ERROR")
    assert [(d["field"], d["message"].startswith(says)) for d in error["details"]] == [(field, True)], error


def test_300_graphemes_of_many_code_points_are_taken(api, fake_bluesky):
    content = "e\u0301" * 300  # 600 code points, 300 graphemes
    post_id = create_post(api, channel_with_bluesky(api), content)
    assert run_worker() == {post_id: "done"}
    assert fake_bluesky.posts[0]["text"] == content
