"""The storage interface (postline/media/storage.py), the same tests for both backends: a
local directory, and an S3-compatible bucket on a real S3 server on 127.0.0.1 (moto's
server mode)."""

import uuid

import boto3
import pytest
import requests

from devtools.media import image, upload, video
from devtools.s3 import S3Server
from models import Media
from postline import media
from postline.media import storage, urls

DATA = bytes(range(256)) * 1000  # 256,000 bytes, every offset telling


@pytest.fixture(scope="module")
def s3_server():
    server = S3Server()
    yield server
    server.stop()


@pytest.fixture(params=["local", "s3"])
def backend_name(request, settings, s3_server):
    if request.param == "s3":
        settings["media"].update(s3_server.settings(f"media-{uuid.uuid4().hex[:12]}"))
    return request.param


@pytest.fixture
def backend(backend_name, app):
    return media.backend()


@pytest.fixture
def staged(tmp_path):
    """A finished file to store, as an upload leaves it."""
    path = tmp_path / "incoming.part"
    path.write_bytes(DATA)
    return path


def read(backend, name, start=0, length=None):
    reader = backend.open(name, start, length)
    try:
        return b"".join(reader)
    finally:
        reader.close()


def test_a_saved_object_reads_back_whole_and_in_ranges(backend, staged):
    backend.save("med_abc.mp4", staged, "video/mp4")
    assert read(backend, "med_abc.mp4") == DATA
    assert read(backend, "med_abc.mp4", 0, 10) == DATA[:10]
    assert read(backend, "med_abc.mp4", 255_990) == DATA[255_990:]
    assert read(backend, "med_abc.mp4", 1000, 300_000) == DATA[1000:]
    assert read(backend, "med_abc.mp4", 7, 1) == DATA[7:8]


def test_derived_objects_live_beside_their_original(backend, staged, tmp_path):
    backend.save("med_abc.png", staged, "image/png")
    rendition = tmp_path / "rendition.part"
    rendition.write_bytes(b"jpeg bytes")
    backend.save("med_abc.ig.jpg", rendition, "image/jpeg")
    assert read(backend, "med_abc.ig.jpg") == b"jpeg bytes"
    assert read(backend, "med_abc.png") == DATA


def test_deleted_and_unknown_objects_are_missing(backend, staged):
    backend.save("med_abc.png", staged, "image/png")
    backend.delete("med_abc.png")
    backend.delete("med_abc.png")  # gone already: no error
    for name in ("med_abc.png", "med_never.png"):
        with pytest.raises(storage.Missing):
            backend.open(name)


@pytest.mark.parametrize(
    "name", ["../secret_key", "med_x/../../y.png", "/etc/passwd", "med_x", "MED_X.PNG", ""]
)
def test_names_the_service_would_never_make_are_refused(backend, staged, name):
    for operation in (lambda: backend.save(name, staged, "image/png"), lambda: backend.open(name)):
        with pytest.raises(ValueError):
            operation()


def test_only_s3_may_hand_out_presigned_urls(backend, backend_name, staged):
    backend.save("med_abc.png", staged, "image/png")
    assert backend.presigned_url("med_abc.png", 60) is None  # unless [media] s3_presigned_urls


def test_the_api_works_the_same_on_either_backend(backend_name, api, app, client, data_dir, s3_server):
    data = video(total=50_000)
    created = upload(api, data, "clip.mp4").get_json()["data"]
    key = created["key"]
    with api.get(f"/v1/media/{key}/content", headers={"Range": "bytes=100-199"}) as ranged:
        assert ranged.status_code == 206 and ranged.get_data() == data[100:200]
    with app.app_context():
        public = urls.public_url(Media.get_by_id(key))
    with client.get(public.split("127.0.0.1:8000", 1)[1]) as fetched:
        assert fetched.get_data() == data
    media_dir = data_dir / "media"
    stored_locally = sorted(path.name for path in media_dir.iterdir())
    if backend_name == "local":
        assert stored_locally == [key, "tmp"]
    else:
        assert stored_locally == ["tmp"]
        bucket = app.config["POSTLINE"]["media"]["s3_bucket"]
        s3 = boto3.client("s3", **s3_server.client_options())
        head = s3.head_object(Bucket=bucket, Key=key)
        assert head["ContentLength"] == len(data) and head["ContentType"] == "video/mp4"
    assert list((media_dir / "tmp").iterdir()) == []
    assert api.delete(f"/v1/media/{key}").status_code == 200
    with pytest.raises(storage.Missing):
        media.backend().open(key)


@pytest.fixture
def presigned(settings, s3_server):
    settings["media"].update(s3_server.settings(f"media-{uuid.uuid4().hex[:12]}"), s3_presigned_urls=True)
    return settings


def test_s3_can_hand_out_presigned_urls_as_public_urls(presigned, api, app):
    data = image("PNG")
    key = upload(api, data).get_json()["data"]["key"]
    with app.app_context():
        url = urls.public_url(Media.get_by_id(key), ttl=60)
    assert url.startswith(presigned["media"]["s3_endpoint"]) and "X-Amz-Expires=60" in url
    assert requests.get(url, timeout=10).content == data
