"""A media file's bytes: GET /v1/media/:key/content and the signed public URLs, whole
or by byte range (docs/media.md)."""

import pytest

from devtools.media import image, upload, video
from models import Media
from postline.media import urls
from tests.support.client import assert_error

DATA = video(total=5000)
PUBLIC_BASE = "https://postline.example.com"


@pytest.fixture
def settings(settings):
    settings["server"]["public_url"] = PUBLIC_BASE + "/"
    settings["media"]["public_url_ttl"] = 600
    return settings


@pytest.fixture
def media_key(api):
    return upload(api, DATA, "clip.mp4").get_json()["data"]["key"]


def fetch(client, path, **headers):
    """GET `path` and read the whole answer (closing it, as a WSGI server does)."""
    with client.get(path, headers=headers) as response:
        response.get_data()
        return response


def public_path(url):
    assert url.startswith(PUBLIC_BASE + "/media/")
    return url.removeprefix(PUBLIC_BASE)


def signed_path(app, media_key, ttl=None):
    with app.app_context():
        return public_path(urls.public_url(Media.get_by_id(media_key), ttl))


def test_content_is_the_bytes_with_their_type(api, media_key):
    response = fetch(api, f"/v1/media/{media_key}/content")
    assert response.status_code == 200
    assert response.data == DATA
    assert response.headers["Content-Type"] == "video/mp4"
    assert response.headers["Content-Length"] == str(len(DATA))
    assert response.headers["Accept-Ranges"] == "bytes"
    assert response.headers["X-Content-Type-Options"] == "nosniff"
    assert response.headers["Content-Disposition"] == f'inline; filename="{media_key}"'
    sha = api.get(f"/v1/media/{media_key}").get_json()["data"]["sha256"]
    assert response.headers["ETag"] == f'"{sha}"'


@pytest.mark.parametrize(
    "header, start, stop",
    [
        ("bytes=0-99", 0, 100),
        ("bytes=4000-", 4000, 5000),
        ("bytes=-10", 4990, 5000),
        ("bytes=4990-999999", 4990, 5000),
        ("bytes=1234-1234", 1234, 1235),
    ],
)
def test_a_range_is_206_with_exactly_those_bytes(api, media_key, header, start, stop):
    response = fetch(api, f"/v1/media/{media_key}/content", Range=header)
    assert response.status_code == 206
    assert response.data == DATA[start:stop]
    assert response.headers["Content-Range"] == f"bytes {start}-{stop - 1}/{len(DATA)}"
    assert response.headers["Content-Length"] == str(stop - start)


@pytest.mark.parametrize("header", ["bytes=0-1,10-11", "lines=1-2", "bytes=oops"])
def test_several_or_unreadable_ranges_get_the_whole_file(api, media_key, header):
    response = fetch(api, f"/v1/media/{media_key}/content", Range=header)
    assert response.status_code == 200 and response.data == DATA


def test_a_range_outside_the_file_is_416(api, media_key):
    response = fetch(api, f"/v1/media/{media_key}/content", Range="bytes=5000-")
    assert_error(response, 416, "RANGE_NOT_SATISFIABLE")
    assert response.headers["Content-Range"] == f"bytes */{len(DATA)}"


def test_if_range_with_another_etag_gets_the_whole_file(api, media_key):
    path = f"/v1/media/{media_key}/content"
    etag = fetch(api, path).headers["ETag"]
    assert fetch(api, path, Range="bytes=0-9", **{"If-Range": etag}).status_code == 206
    stale = fetch(api, path, Range="bytes=0-9", **{"If-Range": '"not-it"'})
    assert stale.status_code == 200 and stale.data == DATA


def test_head_answers_the_headers_alone(api, media_key):
    response = api.request("HEAD", f"/v1/media/{media_key}/content")
    assert response.status_code == 200 and response.data == b""
    assert response.headers["Content-Length"] == str(len(DATA))


def test_a_signed_url_serves_the_bytes_without_a_key(app, client, media_key):
    path = signed_path(app, media_key)
    response = fetch(client, path)
    assert response.status_code == 200 and response.data == DATA
    assert response.headers["Content-Type"] == "video/mp4"
    ranged = fetch(client, path, Range="bytes=10-19")
    assert ranged.status_code == 206 and ranged.data == DATA[10:20]


def test_a_signed_url_ends_with_the_files_extension_and_expires_after_the_ttl(
    app, client, media_key, clock_at
):
    now = clock_at(1_800_000_000_000)
    path = signed_path(app, media_key)
    assert path.endswith(".mp4")
    assert path.split(".")[1] == str(now // 1000 + 600)
    clock_at(now + 599_000)
    assert fetch(client, path).status_code == 200
    clock_at(now + 600_000)
    response = fetch(client, path)
    assert_error(response, 404, "NOT_FOUND")
    assert DATA not in response.data


def test_a_shorter_ttl_can_be_asked_for(app, client, media_key, clock_at):
    now = clock_at(1_800_000_000_000)
    path = signed_path(app, media_key, ttl=5)
    clock_at(now + 5_000)
    assert_error(fetch(client, path), 404, "NOT_FOUND")


def test_tampered_signed_urls_are_refused(app, client, media_key):
    path = signed_path(app, media_key)
    stem, expires, signature, extension = path.removeprefix("/media/").split(".")
    flipped = ("A" if signature[0] != "A" else "B") + signature[1:]
    for tampered in (
        f"/media/{stem}.{expires}.{flipped}.{extension}",  # another signature
        f"/media/{stem}.{int(expires) + 3600}.{signature}.{extension}",  # a later expiry
        f"/media/{stem}.{expires}.{signature}.mov",  # another extension
        f"/media/{stem}.{expires}.{signature[:-1]}.{extension}",  # a cut signature
        f"/media/{stem}.{expires}.{signature}",  # no extension
        f"/media/{stem}.{extension}",  # the bare key
    ):
        response = fetch(client, tampered)
        assert_error(response, 404, "NOT_FOUND")
        assert DATA not in response.data


def test_a_signed_url_for_one_key_does_not_open_another(api, app, client, media_key):
    other_key = upload(api, image("PNG"), "other.png").get_json()["data"]["key"]
    path = signed_path(app, media_key)
    stem, expires, signature, _ = path.removeprefix("/media/").split(".")
    other_stem, other_extension = other_key.split(".")
    assert_error(
        fetch(client, f"/media/{other_stem}.{expires}.{signature}.{other_extension}"), 404, "NOT_FOUND"
    )
    assert fetch(client, signed_path(app, other_key)).data == image("PNG")


def test_a_signed_url_stops_working_when_the_media_is_deleted(api, app, client, media_key):
    path = signed_path(app, media_key)
    assert api.delete(f"/v1/media/{media_key}").status_code == 200
    assert_error(fetch(client, path), 404, "NOT_FOUND")


def test_signed_urls_are_not_in_the_openapi_document(client):
    assert not [path for path in client.get("/openapi.json").get_json()["paths"] if path.startswith("/media")]
