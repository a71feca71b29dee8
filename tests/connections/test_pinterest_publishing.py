"""Live posts pinned to the fake Pinterest through the worker's own functions
(docs/platforms/pinterest.md): an image pin on the post's board with its title, link
and alt text, a carousel, a video registered, uploaded and processed, what a pin may
not carry (checked at create), and each error class."""

import pytest

from devtools.connecting import authorize
from devtools.fakes.pinterest import BOARD_ID, GROUP_BOARD, FakePinterest
from devtools.media import image, upload, video
from models import PostPart
from tests.connections.conftest import create_post, post_of, run_worker
from tests.support import fakes
from tests.support.client import assert_error, fetch_through

# Publishing: claims, outcomes and status checks on each backend.
pytestmark = pytest.mark.storage

T = 1_800_000_000_000
CHECK_MS = 1000  # the fake's [pinterest] status_interval
ON_BOARD = {"pinterest": {"options": {"boardId": BOARD_ID}}}
CLIP = video(duration_ms=5000)  # Pinterest takes videos of 4 s or more


@pytest.fixture
def fake_pinterest():
    fake = fakes.on_steady_port(FakePinterest)
    yield fake
    fakes.close(fake)


@pytest.fixture
def settings(settings, fake_pinterest):
    settings["pinterest"] = fake_pinterest.settings()
    return settings


@pytest.fixture(autouse=True)
def pinterest_fetches_from_the_app(fake_pinterest, api):
    """Pinterest fetches images from the signed public URLs: here through the app itself."""
    fake_pinterest.fetch = fetch_through(api)


def channel_with_pinterest(api):
    channel_id = api.post("/v1/channels", json={"name": "Pins"}).get_json()["data"]["id"]
    answer = api.client.get(authorize(api, "pinterest", channelId=channel_id))
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


def pin_post(api, channel_id, media, content="Fresh bread", options=None):
    versions = {"pinterest": {"options": {"boardId": BOARD_ID, **(options or {})}}}
    return create_post(api, channel_id, content, media=media, platforms=versions)


def test_an_image_pin_goes_on_the_posts_board_with_its_title_link_and_alt_text(api, fake_pinterest, clock_at):
    clock_at(T)
    channel_id = channel_with_pinterest(api)
    key = key_of(api, image("JPEG"), "bread.jpg")
    api.patch(f"/v1/media/{key}", json={"altText": "A loaf"})
    options = {"title": "Bread", "link": "https://bakery.example/bread"}
    post_id = pin_post(api, channel_id, [key], options=options)
    assert run_worker() == {post_id: "done"}
    [pin] = fake_pinterest.pins
    assert pin["board_id"] == BOARD_ID and pin["description"] == "Fresh bread"
    assert (pin["title"], pin["link"], pin["alt_text"]) == ("Bread", "https://bakery.example/bread", "A loaf")
    assert pin["media"] == {"media_type": "image"}
    [target] = post_of(api, post_id)["targets"]
    assert target["status"] == "published" and target["platformPostId"] == pin["id"]
    assert target["url"] == f"https://www.pinterest.com/pin/{pin['id']}/" and target["publishedAt"] == T


def test_two_to_five_images_make_one_pin(api, fake_pinterest, clock_at):
    clock_at(T)
    channel_id = channel_with_pinterest(api)
    keys = [key_of(api, image("PNG"), f"{n}.png") for n in range(3)]
    post_id = pin_post(api, channel_id, keys)
    assert run_worker() == {post_id: "done"}
    [pin] = fake_pinterest.pins
    assert pin["media"] == {"media_type": "multiple_images", "items": 3}


def test_a_video_is_uploaded_then_pinned_once_pinterest_has_processed_it(api, fake_pinterest, clock_at):
    fake_pinterest.processing_checks = 2
    channel_id = channel_with_pinterest(api)
    cover = key_of(api, image("PNG"), "cover.png")
    post_id = pin_post(api, channel_id, [key_of(api, CLIP, "clip.mp4")], options={"coverMedia": cover})
    clock_at(T)
    assert run_worker() == {post_id: "publishing"}
    [part] = PostPart.select()
    assert part.status == "processing" and part.check_at == T + CHECK_MS
    [media] = fake_pinterest.media.values()
    assert media["bytes"] == len(CLIP) and fake_pinterest.pins == []
    assert publish_through(post_id, T + CHECK_MS, clock_at) == {post_id: "done"}
    [pin] = fake_pinterest.pins
    assert pin["media"] == {"media_type": "video", "media_id": media["id"]}
    assert fake_pinterest.requests["POST /v5/media"] == 1
    assert fake_pinterest.requests["POST /_s3/pinterest-media-upload/"] == 1


def test_a_video_pinterest_cannot_process_fails_for_good(api, fake_pinterest, clock_at):
    fake_pinterest.processing_result = "failed"
    post_id = pin_post(api, channel_with_pinterest(api), [key_of(api, CLIP, "clip.mp4")])
    assert publish_through(post_id, T, clock_at) == {post_id: "failed"}
    assert post_of(api, post_id)["lastError"]["code"] == "MEDIA_PROCESSING_FAILED"
    assert fake_pinterest.pins == []


def test_a_post_to_a_channel_with_pinterest_names_a_board(api, fake_pinterest):
    channel_id = channel_with_pinterest(api)
    key = key_of(api, image("JPEG"), "a.jpg")
    error = assert_error(
        api.post("/v1/posts", json={"channelId": channel_id, "content": "A pin", "media": [key]}),
        400,
        "VALIDATION_ERROR",
    )
    [detail] = error["details"]
    assert detail["field"] == "platforms.pinterest.options.boardId"
    assert "GET /v1/connections/{id}/boards" in detail["message"]
    post_id = create_post(api, channel_id, "A pin", media=[key], platforms=ON_BOARD)
    patched = api.patch(f"/v1/posts/{post_id}", json={"platforms": {"pinterest": {"content": "Changed"}}})
    assert_error(patched, 400, "VALIDATION_ERROR")  # the version no longer names a board
    channel_without = api.post("/v1/channels", json={"name": "No pins"}).get_json()["data"]["id"]
    assert create_post(api, channel_without, "Elsewhere")  # no board needed without Pinterest


@pytest.mark.parametrize(
    ("fields", "field", "says"),
    [
        ({"content": "d" * 801}, "content", "pinterest: 801 of 800 characters"),
        ({"firstComment": {"content": "Hi"}}, "firstComment", "platforms.pinterest.firstComment"),
        ({"thread": [{"content": "2/"}]}, "thread", "pinterest: has no threads"),
        ({"media": "gif"}, "media[0]", "pinterest: takes JPEG, PNG or WebP images"),
        ({"media": "six"}, "media", "at most 5 images"),
        ({"media": "mixed"}, "media", "a video goes alone"),
        ({"media": "short"}, "media[0]", "a video lasts 4 s to 15 minutes (2.5 s)"),
        ({"options": {"boardId": "board-1"}}, "platforms.pinterest.options.boardId", "must be a board's id"),
        ({"options": {"title": "t" * 101}}, "platforms.pinterest.options.title", ""),
        ({"options": {"coverMedia": "med_x.png"}}, "platforms.pinterest.options.coverMedia", ""),
    ],
)
def test_what_a_pin_may_not_carry_is_refused_at_create(api, fake_pinterest, fields, field, says):
    fields = dict(fields)  # the table's own is the next backend's too
    channel_id = channel_with_pinterest(api)
    jpeg = key_of(api, image("JPEG"), "a.jpg")
    media = {
        "gif": [key_of(api, image("GIF"), "a.gif")],
        "six": [jpeg] * 6,
        "mixed": [jpeg, key_of(api, CLIP, "clip.mp4")],
        "short": [key_of(api, video(), "short.mp4")],
    }.get(fields.pop("media", None), [jpeg])
    options = {"boardId": BOARD_ID, **fields.pop("options", {})}
    body = {
        "channelId": channel_id,
        "content": "A pin",
        "media": media,
        "platforms": {"pinterest": {"options": options}},
        **fields,
    }
    error = assert_error(api.post("/v1/posts", json=body), 400, "VALIDATION_ERROR")
    assert any(d["field"] == field and says in d["message"] for d in error["details"]), error["details"]


def test_any_fake_account_may_pin_to_the_group_board(api, fake_pinterest, clock_at):
    clock_at(T)
    fake_pinterest.sign_in(1)
    channel_id = channel_with_pinterest(api)
    jpeg = key_of(api, image("JPEG"), "a.jpg")
    versions = {"pinterest": {"options": {"boardId": GROUP_BOARD["id"]}}}
    post_id = create_post(api, channel_id, "Together", media=[jpeg], platforms=versions)
    assert run_worker() == {post_id: "done"}
    other = create_post(api, channel_id, "Not mine", media=[jpeg], platforms=ON_BOARD)
    assert run_worker() == {other: "failed"}
    assert post_of(api, other)["lastError"] == {
        "code": "BOARD_NOT_FOUND",
        "message": "pinterest: Board not found.",
    }
    assert post_of(api, other)["nextAttemptAt"] is None


@pytest.mark.parametrize(
    ("reply", "status", "code", "next_attempt"),
    [
        ("500", "failed", "PLATFORM_ERROR", T + 60_000),
        ("unreachable", "failed", "PLATFORM_ERROR", T + 60_000),
        ("429", "blocked", "RATE_LIMITED", T + 60_000),
        ("forbidden", "failed", "PLATFORM_REFUSED", None),
        ("spam_link", "failed", "PLATFORM_REFUSED", None),
    ],
)
def test_each_error_class(api, fake_pinterest, clock_at, reply, status, code, next_attempt):
    clock_at(T)
    post_id = pin_post(api, channel_with_pinterest(api), [key_of(api, image("JPEG"), "a.jpg")])
    fake_pinterest.pin_replies = [reply]
    assert run_worker() == {post_id: status}
    post = post_of(api, post_id)
    assert post["lastError"]["code"] == code and post["nextAttemptAt"] == next_attempt
    assert post["lastError"]["message"].startswith("pinterest: ") and fake_pinterest.pins == []
    if next_attempt is not None:
        clock_at(next_attempt)
        assert run_worker() == {post_id: "done"}
        assert len(fake_pinterest.pins) == 1 and fake_pinterest.received["Fresh bread"] == 2


def test_a_refused_token_is_refreshed_once_and_the_pin_made_once(api, fake_pinterest, clock_at):
    clock_at(T)
    post_id = pin_post(api, channel_with_pinterest(api), [key_of(api, image("JPEG"), "a.jpg")])
    fake_pinterest.pin_replies = ["401"]
    assert run_worker() == {post_id: "done"}
    assert len(fake_pinterest.spent_refresh_tokens) == 1 and len(fake_pinterest.pins) == 1


def test_a_time_out_on_the_pin_is_unconfirmed_and_never_resent(api, fake_pinterest, clock_at):
    clock_at(T)
    post_id = pin_post(api, channel_with_pinterest(api), [key_of(api, image("JPEG"), "a.jpg")])
    fake_pinterest.pin_replies = ["hang"]  # pinned, answered after 2 s; [publishing] timeout 1 s
    assert run_worker() == {post_id: "blocked"}
    post = post_of(api, post_id)
    assert (
        post["lastError"]["code"] == "DELIVERY_UNCONFIRMED" and post["targets"][0]["status"] == "unconfirmed"
    )
    clock_at(T + 10**9)
    assert run_worker() == {}
    assert len(fake_pinterest.pins) == 1 and fake_pinterest.received["Fresh bread"] == 1
