"""POST /v1/media/upload: types sniffed from the bytes, limits at the byte, file names
for display only, tenancy, permissions, idempotency and usage (docs/media.md)."""

import hashlib
import os

import pytest

from devtools.media import document, image, upload, video
from models import TEST, Media
from postline.limits import usage
from tests.support.client import assert_error
from tests.support.media import ELF, HTML, multipart

IMAGE_LIMIT = 40_000
VIDEO_LIMIT = 200_000
DOCUMENT_LIMIT = 90_000


@pytest.fixture
def settings(settings):
    settings["media"].update(
        max_image_bytes=IMAGE_LIMIT, max_video_bytes=VIDEO_LIMIT, max_document_bytes=DOCUMENT_LIMIT
    )
    return settings


@pytest.fixture
def media_dir(data_dir):
    return data_dir / "media"


def stored_files(media_dir):
    return sorted(path.name for path in media_dir.iterdir() if path.is_file())


def staged_files(media_dir):
    return sorted(path.name for path in (media_dir / "tmp").iterdir())


@pytest.mark.parametrize(
    "data, name, content_type, extension, metadata",
    [
        (image("JPEG"), "photo.jpg", "image/jpeg", "jpg", {"width": 30, "height": 20, "durationMs": None}),
        (image("PNG", (7, 5)), "a.png", "image/png", "png", {"width": 7, "height": 5, "durationMs": None}),
        (image("GIF", (1, 9)), "a.gif", "image/gif", "gif", {"width": 1, "height": 9, "durationMs": None}),
        (
            image("WEBP", (16, 8)),
            "a.webp",
            "image/webp",
            "webp",
            {"width": 16, "height": 8, "durationMs": None},
        ),
        (
            video(duration_ms=2500),
            "clip.mp4",
            "video/mp4",
            "mp4",
            {"width": None, "height": None, "durationMs": 2500},
        ),
        (
            video(b"qt  ", 1234),
            "clip.mov",
            "video/quicktime",
            "mov",
            {"width": None, "height": None, "durationMs": 1234},
        ),
        (
            document(pages=3),
            "deck.png",  # the name says nothing: the bytes say PDF
            "application/pdf",
            "pdf",
            {"width": None, "height": None, "durationMs": None},
        ),
    ],
)
def test_each_allowed_type_is_accepted_with_its_metadata(
    api, media_dir, data, name, content_type, extension, metadata
):
    response = upload(api, data, name)
    assert response.status_code == 201, response.get_json()
    media = response.get_json()["data"]
    assert media["key"].startswith("med_") and media["key"].endswith(f".{extension}")
    assert media["filename"] == name
    assert media["contentType"] == content_type
    assert media["size"] == len(data)
    assert media["sha256"] == hashlib.sha256(data).hexdigest()
    assert {field: media[field] for field in metadata} == metadata
    assert media["altText"] is None
    assert media["createdAt"] == media["updatedAt"] > 0
    assert api.get(f"/v1/media/{media['key']}").get_json() == {"data": media}
    assert (media_dir / media["key"]).read_bytes() == data
    assert stored_files(media_dir) == [media["key"]]
    assert staged_files(media_dir) == []


def test_stored_files_are_readable_by_the_service_user_only(api, media_dir):
    key = upload(api, image("PNG")).get_json()["data"]["key"]
    assert os.stat(media_dir / key).st_mode & 0o777 == 0o600


def test_a_video_without_a_readable_moov_atom_is_kept_without_a_duration(api):
    response = upload(api, video(moov=False), "raw.mp4")
    assert response.status_code == 201
    assert response.get_json()["data"]["durationMs"] is None


@pytest.mark.parametrize(
    "data, name",
    [
        (ELF, "holiday.jpg"),  # an executable, renamed
        (HTML, "logo.png"),  # HTML, named as an image
        (b"PK\x03\x04" + bytes(100), "flyer.pdf"),  # a ZIP archive, named as a document
        (b"GIF87", "tiny.gif"),  # too short to be what it starts like
        (b"", "empty.png"),
        (b"\xff\xd8\xff\xe0" + bytes(20_000), "broken.jpg"),  # a JPEG's magic, then nothing readable
    ],
)
def test_other_content_is_refused_415_whatever_its_name(api, media_dir, data, name):
    response = upload(api, data, name)
    error = assert_error(response, 415, "UNSUPPORTED_MEDIA_TYPE", "invalid_request_error")
    assert error["details"][0]["field"] == "file"
    assert Media.select().count() == 0
    assert stored_files(media_dir) == [] and staged_files(media_dir) == []


@pytest.mark.parametrize(
    "make, limit",
    [
        (lambda total: image("PNG", total=total), IMAGE_LIMIT),
        (lambda total: video(total=total), VIDEO_LIMIT),
        (lambda total: document(total=total), DOCUMENT_LIMIT),
    ],
    ids=["image", "video", "document"],
)
def test_a_file_of_exactly_the_limit_is_accepted_and_one_byte_more_is_413(api, media_dir, make, limit):
    accepted = upload(api, make(limit))
    assert accepted.status_code == 201, accepted.get_json()
    assert accepted.get_json()["data"]["size"] == limit

    refused = upload(api, make(limit + 1))
    error = assert_error(refused, 413, "PAYLOAD_TOO_LARGE", "invalid_request_error")
    assert error["details"][0]["field"] == "file"
    assert str(limit) in error["message"]
    assert Media.select().count() == 1
    assert stored_files(media_dir) == [accepted.get_json()["data"]["key"]]
    assert staged_files(media_dir) == []


def test_bytes_that_look_like_a_boundary_stream_through(api):
    # The parser holds back a chunk's tail that could begin the closing boundary; a
    # file full of such tails must still stream, whatever the text-field limit is.
    head = video(total=1000)
    data = head + b"\r\n--" * 40_000
    response = upload(api, data, "tricky.mp4")
    assert response.status_code == 201, response.get_json()
    assert response.get_json()["data"]["size"] == len(data)


def test_images_have_their_own_limit_below_the_video_limit(api):
    error = assert_error(upload(api, image("PNG", total=IMAGE_LIMIT + 5000)), 413, "PAYLOAD_TOO_LARGE")
    assert "max_image_bytes" in error["message"]


def test_documents_have_their_own_limit(api):
    error = assert_error(upload(api, document(total=DOCUMENT_LIMIT + 1)), 413, "PAYLOAD_TOO_LARGE")
    assert "max_document_bytes" in error["message"]
    assert upload(api, document(total=DOCUMENT_LIMIT)).status_code == 201


def test_the_json_body_limit_does_not_apply_to_uploads(api, app):
    app.config["MAX_CONTENT_LENGTH"] = app.config["POSTLINE"]["server"]["max_body_bytes"] = 1000
    assert_error(api.post("/v1/channels", json={"name": "x" * 2000}), 413, "PAYLOAD_TOO_LARGE")
    assert upload(api, image("PNG", total=30_000)).status_code == 201


@pytest.mark.parametrize(
    "sent, shown",
    [
        ("../../etc/passwd.png", "passwd.png"),
        ("/var/www/html/shell.png", "shell.png"),
        ("..", "upload.png"),
        ("./", "upload.png"),
        ("good\u202egnp.exe", "goodgnp.exe"),  # a right-to-left override, dropped
        ("tab\there.png", "tabhere.png"),
        ("Straße café.png", "Straße café.png"),
    ],
)
def test_file_names_are_kept_for_display_only(api, media_dir, data_root, sent, shown):
    response = upload(api, image("PNG"), sent)
    assert response.status_code == 201
    media = response.get_json()["data"]
    assert media["filename"] == shown
    # Stored under its generated key alone: nothing the client named reaches the disk.
    assert stored_files(media_dir) == [media["key"]]
    # Where a name such as ../../etc/passwd.png would land, and everything under it.
    written = [path for path in data_root.rglob("*") if path.is_file() and path.suffix == ".png"]
    assert written == [media_dir / media["key"]]


@pytest.mark.parametrize(
    "header, shown",
    [
        (r"..\\..\\windows\\system32\\evil.png", "evil.png"),
        (r"C:\\Users\\me\\Pictures\\cat.png", "cat.png"),
        (r"..\\", "upload.png"),
    ],
)
def test_windows_paths_in_file_names_are_dropped_too(api, media_dir, header, shown):
    body, content_type = multipart(image("PNG"), header)
    response = api.post("/v1/media/upload", data=body, content_type=content_type)
    assert response.status_code == 201
    media = response.get_json()["data"]
    assert media["filename"] == shown
    assert stored_files(media_dir) == [media["key"]]


def test_long_file_names_are_cut_to_255_characters(api):
    media = upload(api, image("PNG"), "x" * 300 + ".png").get_json()["data"]
    assert media["filename"] == "x" * 255


def test_alt_text_can_be_sent_with_the_file(api):
    media = upload(api, image("PNG"), altText="A red rectangle").get_json()["data"]
    assert media["altText"] == "A red rectangle"


@pytest.mark.parametrize(
    "form, field",
    [
        ({"altText": "x" * 1001}, "altText"),
        ({"altText": "bell\x07"}, "altText"),
        ({"caption": "unknown field"}, "caption"),
    ],
)
def test_bad_form_fields_are_400(api, media_dir, form, field):
    error = assert_error(upload(api, image("PNG"), **form), 400, "VALIDATION_ERROR")
    assert error["details"][0]["field"] == field
    assert Media.select().count() == 0 and stored_files(media_dir) == [] and staged_files(media_dir) == []


def test_the_file_must_be_a_file_part(api):
    response = api.post("/v1/media/upload", data={"file": "just text"}, content_type="multipart/form-data")
    assert assert_error(response, 400, "VALIDATION_ERROR")["details"][0]["field"] == "file"
    response = api.post("/v1/media/upload", data={"altText": "no file"}, content_type="multipart/form-data")
    assert assert_error(response, 400, "VALIDATION_ERROR")["details"][0]["field"] == "file"


def test_a_json_body_is_415(api):
    assert_error(api.post("/v1/media/upload", json={"file": "x"}), 415, "UNSUPPORTED_MEDIA_TYPE")


def test_upload_needs_media_write_and_reading_needs_media_read(api, make_key, client):
    reader = api.as_key(make_key(permissions=["media:read"]))
    error = assert_error(upload(reader, image("PNG")), 403, "INSUFFICIENT_PERMISSIONS")
    assert error["details"] == [{"field": "permission", "message": "requires media:write"}]
    key = upload(api, image("PNG")).get_json()["data"]["key"]
    writer = api.as_key(make_key(permissions=["media:write"]))
    for path in (f"/v1/media/{key}", f"/v1/media/{key}/content"):
        assert_error(writer.get(path), 403, "INSUFFICIENT_PERMISSIONS")
        with reader.get(path) as response:
            assert response.status_code == 200
    assert_error(client.post("/v1/media/upload"), 401, "MISSING_API_KEY")


def test_other_accounts_and_the_other_mode_get_404(api, make_key):
    key = upload(api, image("PNG")).get_json()["data"]["key"]
    for other in (api.as_key(make_key(account="globex")), api.as_key(make_key(mode=TEST))):
        for method, path in (
            ("GET", f"/v1/media/{key}"),
            ("GET", f"/v1/media/{key}/content"),
            ("DELETE", f"/v1/media/{key}"),
        ):
            assert_error(other.request(method, path), 404, "NOT_FOUND")
        assert_error(other.patch(f"/v1/media/{key}", json={"altText": "mine"}), 404, "NOT_FOUND")
    assert api.get(f"/v1/media/{key}").get_json()["data"]["altText"] is None


@pytest.mark.storage
def test_an_idempotency_key_replays_the_same_upload_and_refuses_another(api, media_dir):
    headers = {"Idempotency-Key": "upload-1"}
    first = upload(api, image("PNG"), headers=headers, altText="one")
    assert first.status_code == 201
    replay = upload(api, image("PNG"), headers=headers, altText="one")
    assert replay.status_code == 200 and replay.headers["Idempotent-Replayed"] == "true"
    assert replay.get_json() == first.get_json()
    assert Media.select().count() == 1 and len(stored_files(media_dir)) == 1

    other_bytes = upload(api, image("PNG", (31, 20)), headers=headers, altText="one")
    assert_error(other_bytes, 422, "IDEMPOTENCY_KEY_REUSED", "idempotency_error")
    other_field = upload(api, image("PNG"), headers=headers, altText="two")
    assert_error(other_field, 422, "IDEMPOTENCY_KEY_REUSED")
    assert Media.select().count() == 1 and len(stored_files(media_dir)) == 1
    assert staged_files(media_dir) == []


@pytest.mark.storage
def test_uploaded_bytes_count_in_usage(api):
    files = [image("PNG"), video()]
    for data in files:
        assert upload(api, data).status_code == 201
    assert_error(upload(api, HTML), 415, "UNSUPPORTED_MEDIA_TYPE")
    usage.flush()
    today = api.get("/v1/usage").get_json()["data"]["today"]
    assert today["mediaBytes"] == sum(len(data) for data in files)
