"""Media storage that cannot take a file, on a real gunicorn: a local directory that is
full or read-only (a small tmpfs mounted for the drill), and an S3-compatible bucket
(moto's server on 127.0.0.1) that answers errors or does not answer. Each upload and
import is refused with the one error shape, 503 SERVICE_UNAVAILABLE naming the storage,

# A drill: failed media writes keep nothing, rows included, on each backend.
pytestmark = [pytest.mark.storage, pytest.mark.quiet]
and leaves no file, no staged file and no media row behind (docs/media.md)."""

import contextlib
import io
import os
import shutil
import subprocess
import threading
import uuid
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import boto3
import pytest
import requests

from devtools.media import video
from devtools.s3 import S3Server
from models import Media

FILE = video(total=300_000)
TMPFS_BYTES = 1024 * 1024


def everything_in(directory):
    return sorted(str(path.relative_to(directory)) for path in directory.rglob("*") if path.is_file())


@contextlib.contextmanager
def tmpfs(directory, size):
    """A tmpfs of `size` bytes mounted on `directory`; unmounted whatever happens."""
    if os.geteuid() != 0 or shutil.which("mount") is None:
        pytest.skip("mounting a tmpfs needs root")
    directory.mkdir(parents=True, exist_ok=True)
    subprocess.run(
        ["mount", "-t", "tmpfs", "-o", f"size={size},mode=0700", "tmpfs", str(directory)], check=True
    )
    try:
        yield directory
    finally:
        # Lazy: a process still holding a file there must not leave the mount behind.
        subprocess.run(["umount", "-l", str(directory)], check=True)


class FileServer:
    """Serves `FILE` to GET on 127.0.0.1: where an import fetches from."""

    def __init__(self):
        class Handler(BaseHTTPRequestHandler):
            def do_GET(self):
                self.send_response(200)
                self.send_header("Content-Type", "video/mp4")
                self.send_header("Content-Length", str(len(FILE)))
                self.end_headers()
                self.wfile.write(FILE)

            def log_message(self, format, *args):
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        threading.Thread(target=self.server.serve_forever, daemon=True).start()
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/clip.mp4"

    def stop(self):
        self.server.shutdown()
        self.server.server_close()


@pytest.fixture
def file_server():
    server = FileServer()
    yield server
    server.stop()


def send_both(url, key, file_url):
    """An upload and an import of `FILE`: their answers."""
    headers = {"Authorization": f"Bearer {key}"}
    uploaded = requests.post(
        f"{url}/v1/media/upload", headers=headers, files={"file": ("clip.mp4", io.BytesIO(FILE))}, timeout=60
    )
    imported = requests.post(f"{url}/v1/media/import", headers=headers, json={"url": file_url}, timeout=60)
    return {"upload": uploaded, "import": imported}


def assert_refused(answers, what):
    for name, response in answers.items():
        assert response.status_code == 503, f"{what}, {name}: {response.status_code} {response.text}"
        error = response.json()["error"]
        assert (error["type"], error["code"]) == ("api_error", "SERVICE_UNAVAILABLE"), error
        assert "storage" in error["message"].lower(), error
    assert Media.select().count() == 0, f"{what}: a media row was left behind"
    print(
        f"{what}: upload and import 503 SERVICE_UNAVAILABLE ({answers['upload'].json()['error']['message']})"
    )


IMPORT_ENV = {
    "POSTLINE_MEDIA_IMPORT_ALLOW_PRIVATE_TARGETS": "true",
    "POSTLINE_MEDIA_IMPORT_ALLOW_HTTP": "true",
}


def test_a_full_or_read_only_local_directory_refuses_files_and_keeps_nothing(
    gunicorn, make_key, data_dir, file_server
):
    media_dir = data_dir / "media"
    with tmpfs(media_dir, TMPFS_BYTES):
        url = gunicorn(workers=1, **IMPORT_ENV)
        key = make_key()
        assert everything_in(media_dir) == []

        # Full: a filler leaves less room than the file needs.
        (media_dir / "filler").write_bytes(bytes(TMPFS_BYTES - 200_000))
        print()
        assert_refused(send_both(url, key, file_server.url), "tmpfs full")
        assert everything_in(media_dir) == ["filler"], "a partial file was left behind"

        # Read-only: room enough, but nothing can be written.
        (media_dir / "filler").unlink()
        subprocess.run(["mount", "-o", "remount,ro", str(media_dir)], check=True)
        assert_refused(send_both(url, key, file_server.url), "tmpfs read-only")
        assert everything_in(media_dir) == []

        # Writable again: the same requests succeed, without a restart.
        subprocess.run(["mount", "-o", "remount,rw", str(media_dir)], check=True)
        answers = send_both(url, key, file_server.url)
        assert [answers[name].status_code for name in ("upload", "import")] == [201, 201], answers
        assert Media.select().count() == 2 and len(everything_in(media_dir)) == 2
        print("writable again: both 201, two files and two rows")


@pytest.fixture
def s3_server():
    server = S3Server()
    yield server
    with contextlib.suppress(Exception):
        server.stop()


def s3_env(settings):
    return {f"POSTLINE_MEDIA_{name.upper()}": value for name, value in settings.items()}


def test_an_s3_bucket_answering_errors_or_gone_refuses_files_and_keeps_nothing(
    gunicorn, make_key, data_dir, file_server, s3_server
):
    bucket = f"media-{uuid.uuid4().hex[:12]}"
    url = gunicorn(workers=1, **IMPORT_ENV, **s3_env(s3_server.settings(bucket)))
    key = make_key()
    s3 = boto3.client("s3", **s3_server.client_options())
    staging = data_dir / "media" / "tmp"
    print()

    # The bucket is gone: every PUT answers 404 NoSuchBucket.
    s3.delete_bucket(Bucket=bucket)
    assert_refused(send_both(url, key, file_server.url), "S3 bucket gone (404 NoSuchBucket)")
    assert everything_in(staging) == [], "a staged file was left behind"

    # The bucket is back: both succeed and the objects are in it.
    s3.create_bucket(Bucket=bucket)
    answers = send_both(url, key, file_server.url)
    assert [answers[name].status_code for name in ("upload", "import")] == [201, 201], answers
    assert len(s3.list_objects_v2(Bucket=bucket).get("Contents", [])) == 2
    Media.delete().execute()
    for item in s3.list_objects_v2(Bucket=bucket)["Contents"]:
        s3.delete_object(Bucket=bucket, Key=item["Key"])

    # The S3 server stops answering at all.
    s3_server.stop()
    assert_refused(send_both(url, key, file_server.url), "S3 server down (connection refused)")
    assert everything_in(staging) == [], "a staged file was left behind"
