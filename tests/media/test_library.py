"""Media records after upload: alt text, deletion, and their use by posts (docs/media.md)."""

import pytest

from devtools.media import image, upload, video
from models import Post
from postline.statuses import PostStatus
from tests.support.client import assert_error

# Media a post still needs cannot be deleted: a check under each backend's locks.
pytestmark = pytest.mark.storage


@pytest.fixture
def media_key(api):
    return upload(api, image("PNG")).get_json()["data"]["key"]


@pytest.fixture
def clip(api):
    """A video: what a reel is made of."""
    return upload(api, video(), filename="clip.mp4").get_json()["data"]["key"]


@pytest.fixture
def channel_id(api):
    return api.post("/v1/channels", json={"name": "Launch"}).get_json()["data"]["id"]


def test_patch_sets_and_clears_alt_text(api, media_key, clock_at):
    clock_at(1_900_000_000_000)
    response = api.patch(f"/v1/media/{media_key}", json={"altText": "A red rectangle"})
    assert response.status_code == 200
    media = response.get_json()["data"]
    assert media["altText"] == "A red rectangle" and media["updatedAt"] == 1_900_000_000_000
    assert api.get(f"/v1/media/{media_key}").get_json()["data"]["altText"] == "A red rectangle"
    for cleared in (None, ""):
        assert (
            api.patch(f"/v1/media/{media_key}", json={"altText": cleared}).get_json()["data"]["altText"]
            is None
        )


@pytest.mark.parametrize(
    "body, field",
    [({"altText": "x" * 1001}, "altText"), ({}, "altText"), ({"altText": "x", "filename": "y"}, "filename")],
)
def test_patch_validates(api, media_key, body, field):
    error = assert_error(api.patch(f"/v1/media/{media_key}", json=body), 400, "VALIDATION_ERROR")
    assert error["details"][0]["field"] == field


def test_alt_text_of_exactly_1000_characters_is_accepted(api, media_key):
    assert api.patch(f"/v1/media/{media_key}", json={"altText": "é" * 1000}).status_code == 200


def test_delete_removes_the_record_and_the_file(api, media_key, data_dir):
    assert (data_dir / "media" / media_key).exists()
    response = api.delete(f"/v1/media/{media_key}")
    assert response.status_code == 200
    assert response.get_json() == {"data": {"key": media_key, "deleted": True}}
    assert not (data_dir / "media" / media_key).exists()
    assert_error(api.get(f"/v1/media/{media_key}"), 404, "NOT_FOUND")
    assert_error(api.delete(f"/v1/media/{media_key}"), 404, "NOT_FOUND")


def test_posts_take_the_callers_own_media(api, media_key, channel_id):
    response = api.post("/v1/posts", json={"channelId": channel_id, "media": [media_key]})
    assert response.status_code == 201, response.get_json()
    post = response.get_json()["data"]
    assert post["media"] == [media_key] and post["content"] is None


def test_unknown_and_foreign_media_keys_are_400_naming_each(api, make_key, media_key, channel_id):
    foreign = upload(api.as_key(make_key(account="globex")), image("PNG")).get_json()["data"]["key"]
    body = {"channelId": channel_id, "content": "hi", "media": [media_key, foreign, "med_nope.png"]}
    error = assert_error(api.post("/v1/posts", json=body), 400, "VALIDATION_ERROR")
    assert error["details"] == [
        {"field": "media[1]", "message": "no such media"},
        {"field": "media[2]", "message": "no such media"},
    ]
    batch = {
        "posts": [{"channelId": channel_id, "content": "a"}, {"channelId": channel_id, "media": [foreign]}]
    }
    error = assert_error(api.post("/v1/posts/batch", json=batch), 400, "VALIDATION_ERROR")
    assert error["details"] == [{"field": "posts[1].media[0]", "message": "no such media"}]
    post_id = api.post("/v1/posts", json={"channelId": channel_id, "content": "x"}).get_json()["data"]["id"]
    error = assert_error(
        api.patch(f"/v1/posts/{post_id}", json={"media": [foreign]}), 400, "VALIDATION_ERROR"
    )
    assert error["details"] == [{"field": "media[0]", "message": "no such media"}]
    assert api.patch(f"/v1/posts/{post_id}", json={"media": [media_key]}).get_json()["data"]["media"] == [
        media_key
    ]


@pytest.mark.parametrize(
    "status", [PostStatus.DRAFT, PostStatus.QUEUED, PostStatus.FAILED, PostStatus.BLOCKED]
)
def test_media_a_post_still_needs_cannot_be_deleted(api, media_key, channel_id, status):
    post_id = api.post("/v1/posts", json={"channelId": channel_id, "media": [media_key]}).get_json()["data"][
        "id"
    ]
    Post.update(status=status).where(Post.id == post_id).execute()
    error = assert_error(api.delete(f"/v1/media/{media_key}"), 409, "MEDIA_IN_USE", "conflict_error")
    assert error["details"] == [{"field": "key", "message": f"used by {post_id}"}]
    assert api.get(f"/v1/media/{media_key}").status_code == 200


def test_media_of_done_or_deleted_posts_can_be_deleted(api, media_key, channel_id):
    done = api.post("/v1/posts", json={"channelId": channel_id, "media": [media_key]}).get_json()["data"][
        "id"
    ]
    Post.update(status=PostStatus.DONE).where(Post.id == done).execute()
    queued = api.post("/v1/posts", json={"channelId": channel_id, "media": [media_key]}).get_json()["data"][
        "id"
    ]
    assert_error(api.delete(f"/v1/media/{media_key}"), 409, "MEDIA_IN_USE")
    assert api.delete(f"/v1/posts/{queued}").status_code == 200
    assert api.delete(f"/v1/media/{media_key}").status_code == 200
    assert api.get(f"/v1/posts/{done}").get_json()["data"]["media"] == [media_key]


def reel(cover, clip):
    return {"instagram": {"media": [clip], "options": {"type": "reel", "coverMedia": cover}}}


@pytest.mark.parametrize(
    "fields",
    [
        lambda key, clip: {"content": "a", "thread": [{"content": "b", "media": [key]}]},
        lambda key, clip: {"content": "a", "platforms": {"x": {"media": [key]}}},
        lambda key, clip: {
            "content": "a",
            "platforms": {"x": {"thread": [{"content": "b", "media": [key]}]}},
        },
        lambda key, clip: {"content": "a", "platforms": reel(key, clip)},
    ],
    ids=["thread", "version", "version's thread", "reel cover"],
)
def test_media_a_post_names_anywhere_cannot_be_deleted(api, media_key, clip, channel_id, fields):
    created = api.post("/v1/posts", json={"channelId": channel_id, **fields(media_key, clip)})
    assert created.status_code == 201, created.get_json()
    post_id = created.get_json()["data"]["id"]
    error = assert_error(api.delete(f"/v1/media/{media_key}"), 409, "MEDIA_IN_USE")
    assert error["details"] == [{"field": "key", "message": f"used by {post_id}"}]
    assert api.patch(f"/v1/posts/{post_id}", json={"thread": [], "platforms": {}}).status_code == 200
    assert api.delete(f"/v1/media/{media_key}").status_code == 200


def test_a_key_in_a_posts_text_is_not_a_use(api, media_key, channel_id):
    # The thread and versions are searched for the key as text: only a key named as media counts.
    text = f"see {media_key}"
    body = {"channelId": channel_id, "content": text, "thread": [{"content": text}]}
    created = api.post("/v1/posts", json={**body, "platforms": {"x": {"content": text}}})
    assert created.status_code == 201, created.get_json()
    assert api.delete(f"/v1/media/{media_key}").status_code == 200


def test_a_reel_cover_is_the_callers_media(api, make_key, media_key, clip, channel_id):
    foreign = upload(api.as_key(make_key(account="globex")), image("PNG")).get_json()["data"]["key"]
    field = "platforms.instagram.options.coverMedia"
    for cover in (foreign, "med_nope.png"):
        body = {"channelId": channel_id, "content": "a", "platforms": reel(cover, clip)}
        error = assert_error(api.post("/v1/posts", json=body), 400, "VALIDATION_ERROR")
        assert error["details"] == [{"field": field, "message": "no such media"}]
    post_id = api.post("/v1/posts", json={"channelId": channel_id, "content": "x"}).get_json()["data"]["id"]
    error = assert_error(
        api.patch(f"/v1/posts/{post_id}", json={"platforms": reel(foreign, clip)}), 400, "VALIDATION_ERROR"
    )
    assert error["details"] == [{"field": field, "message": "no such media"}]
    patched = api.patch(f"/v1/posts/{post_id}", json={"platforms": reel(media_key, clip)})
    assert patched.status_code == 200, patched.get_json()
