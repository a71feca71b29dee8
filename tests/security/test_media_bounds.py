"""Images are bounded in pixels, not only in bytes: a small file that decodes to a huge
image is refused at upload and import, and a rendition decodes at most the limit, one
at a time per process; and in parts: a file of millions of empty markers, chunks or
blocks is refused by our own header reader before Pillow keeps each one
(docs/security.md, Media parsing)."""

import http.server
import json
import os
import subprocess
import sys
import textwrap
import threading
import time
import types
import zlib

import filetype
import pytest
import requests

from devtools.media import image, upload
from models import Media
from postline import config
from postline.errors import Invalid
from postline.media import renditions
from tests.support import ROOT
from tests.support.client import assert_error
from tests.support.media import crafted_image
from tests.support.memory import gunicorn_worker, peak_rss_mb

LIMIT = 600 * 400


def png_of(width, height, rgb=False):
    """A valid black PNG of `width` x `height`, 1-bit (or 8-bit RGB), written a thousand
    rows at a time: a few KB whatever its size, as the probe's 20 KB file of 13,000 x
    13,000."""
    compressor = zlib.compressobj(9)
    row = bytes(1 + (width * 3 if rgb else (width + 7) // 8))
    data = b"".join(compressor.compress(row * 1000) for _ in range(height // 1000))
    data += compressor.compress(row * (height % 1000)) + compressor.flush()

    def chunk(kind, payload):
        body = kind + payload
        return len(payload).to_bytes(4, "big") + body + zlib.crc32(body).to_bytes(4, "big")

    header = (
        width.to_bytes(4, "big") + height.to_bytes(4, "big") + bytes([8, 2] if rgb else [1, 0]) + bytes(3)
    )
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", data) + chunk(b"IEND", b"")


BOMB = png_of(13_000, 13_000)


class FileServer:
    """Serves `files` {path: bytes} over http on 127.0.0.1 (an import's remote host)."""

    def __init__(self, files):
        class Handler(http.server.BaseHTTPRequestHandler):
            def do_GET(self):
                body = files[self.path]
                self.send_response(200)
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            def log_message(self, *args):
                pass

        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        threading.Thread(target=self.server.serve_forever, args=(0.05,), daemon=True).start()

    def url(self, path):
        return f"http://127.0.0.1:{self.server.server_address[1]}{path}"

    def stop(self):
        self.server.shutdown()
        self.server.server_close()


@pytest.fixture
def files():
    server = FileServer({"/bomb.png": BOMB, "/edge.png": png_of(601, 400)})
    yield server
    server.stop()


@pytest.fixture
def local_imports(settings):
    settings["media"].update(import_allow_http=True, import_allow_private_targets=True, import_timeout=5)
    return settings


def test_the_probes_bomb_is_a_small_png_that_says_13000_by_13000():
    assert len(BOMB) < 25_000
    assert filetype.guess_mime(BOMB) == "image/png"
    assert (int.from_bytes(BOMB[16:20], "big"), int.from_bytes(BOMB[20:24], "big")) == (13_000, 13_000)


def test_a_13000_by_13000_png_is_refused_at_upload_naming_its_size(api, data_dir):
    error = assert_error(upload(api, BOMB, "bomb.png"), 400, "VALIDATION_ERROR")
    [detail] = error["details"]
    assert detail["field"] == "file"
    assert "13000 x 13000" in detail["message"] and "max_image_pixels" in detail["message"]
    assert Media.select().count() == 0
    assert [path.name for path in (data_dir / "media").iterdir()] == ["tmp"]
    assert list((data_dir / "media" / "tmp").iterdir()) == []


def test_a_13000_by_13000_png_is_refused_at_import(local_imports, api, files):
    error = assert_error(
        api.post("/v1/media/import", json={"url": files.url("/bomb.png")}), 400, "VALIDATION_ERROR"
    )
    [detail] = error["details"]
    assert detail["field"] == "url" and "13000 x 13000" in detail["message"]
    assert Media.select().count() == 0


@pytest.fixture
def small_limit(settings):
    settings["media"]["max_image_pixels"] = LIMIT
    return settings


@pytest.mark.parametrize("format", ["PNG", "JPEG", "GIF", "WEBP"])
def test_the_limit_is_inclusive_in_every_image_format(small_limit, api, format):
    accepted = upload(api, image(format, (600, 400)), f"edge.{format.lower()}")
    assert accepted.status_code == 201, accepted.get_json()
    assert (accepted.get_json()["data"]["width"], accepted.get_json()["data"]["height"]) == (600, 400)
    error = assert_error(upload(api, image(format, (400, 601)), "over"), 400, "VALIDATION_ERROR")
    assert "400 x 601" in error["details"][0]["message"]
    assert f"{LIMIT:,}" in error["details"][0]["message"]


def test_the_setting_is_read_from_the_environment(small_limit, local_imports, api, files):
    error = assert_error(
        api.post("/v1/media/import", json={"url": files.url("/edge.png")}), 400, "VALIDATION_ERROR"
    )
    assert "601 x 400" in error["details"][0]["message"]
    assert (
        config.load(environ={"POSTLINE_MEDIA_MAX_IMAGE_PIXELS": "1000"})["media"]["max_image_pixels"] == 1000
    )
    assert config.load(environ={})["media"]["max_image_pixels"] == 24_000_000


# Run in a process of its own, so its peak RSS is the renditions' alone: a bomb stored
# before the limit (refused undecoded), then `count` renditions of the largest image
# the default limit allows (6,000 x 4,000), made by `count` threads at once, as the
# worker's publishing threads would. The address space is capped at 2 GB, so a
# rendition that decodes the bomb fails with MemoryError instead of taking the machine.
RENDITIONS = """
import json, resource, sys, threading, types
resource.setrlimit(resource.RLIMIT_AS, (2 << 30, 2 << 30))
from postline import config, media
from postline.media import renditions
from postline.errors import Invalid
media.configure(config.load(overrides={"media": {"dir": sys.argv[1]}}))
count = int(sys.argv[2])
def peak():
    # VmHWM, not getrusage: Linux carries a parent's peak into ru_maxrss across exec.
    with open("/proc/self/status") as status:
        return next(int(line.split()[1]) for line in status if line.startswith("VmHWM")) // 1024
before = peak()
bomb = types.SimpleNamespace(id="med_bomb.png", content_type="image/png", filename="bomb.png")
try:
    renditions.jpeg(bomb)
    refused = None
except Invalid as error:
    refused = error.details[0]["message"]
except MemoryError:
    refused = "MemoryError"
after_bomb = peak()
made = []
def make(n):
    record = types.SimpleNamespace(id=f"med_big{n}.png", content_type="image/png", filename="big.png")
    made.append(renditions.jpeg(record).size)
threads = [threading.Thread(target=make, args=(n,)) for n in range(count)]
for thread in threads:
    thread.start()
for thread in threads:
    thread.join()
from PIL import Image
with Image.open(f"{sys.argv[1]}/med_big0.jpg") as rendition:
    size = rendition.size
print(json.dumps({"refused": refused, "bomb_mb": after_bomb - before, "renditions_mb": peak() - after_bomb,
                  "made": len(made), "size": size}))
"""


def make_renditions(media_dir, count):
    media_dir.mkdir(parents=True, exist_ok=True)
    (media_dir / "med_bomb.png").write_bytes(BOMB)
    largest = png_of(6000, 4000, rgb=True)
    for n in range(count):
        (media_dir / f"med_big{n}.png").write_bytes(largest)
    env = {**os.environ, "PYTHONPATH": str(ROOT), "POSTLINE_SERVER_LOG_LEVEL": "WARNING"}
    answer = subprocess.run(
        [sys.executable, "-c", textwrap.dedent(RENDITIONS), str(media_dir), str(count)],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
    )
    assert answer.returncode == 0, answer.stderr
    return json.loads(answer.stdout)


@pytest.mark.processes  # it measures a process of its own
def test_renditions_decode_within_the_limit_one_at_a_time(tmp_path):
    one = make_renditions(tmp_path / "one", 1)
    four = make_renditions(tmp_path / "four", 4)
    print(
        f"\nrendition peak RSS growth: bomb {one['bomb_mb']} MB; one 24 MP PNG {one['renditions_mb']} MB; "
        f"four at once {four['renditions_mb']} MB"
    )
    assert "13000 x 13000" in one["refused"] and "max_image_pixels" in one["refused"]
    assert one["bomb_mb"] < 20
    assert one["made"] == 1 and four["made"] == 4
    assert one["size"] == [3000, 2000]  # reduced to at most 4,096 a side
    # 24 MP of RGB decode to 72 MB; the rendition is made from that, reduced.
    assert one["renditions_mb"] < 150
    assert four["renditions_mb"] < one["renditions_mb"] * 1.5


# The audit's files: one byte under the default [media] max_image_bytes, nearly all of
# it empty parts (JPEG APP5 markers, PNG private chunks, GIF comments, WebP unknown
# chunks). Before the header reader, an API worker's peak grew by 630 MB (JPEG), 700 MB
# (GIF), 200 MB (PNG) and 120 MB (WebP), for up to 20 s of CPU.
CRAFTED_BYTES = config.load(environ={})["media"]["max_image_bytes"] - 1
FORMATS = ["jpeg", "png", "gif", "webp"]
# What each refusal names: the part of the format the file holds too many of.
TOO_MANY = {"jpeg": "markers", "png": "chunks", "gif": "extension blocks", "webp": "chunks"}


@pytest.mark.parametrize("format", FORMATS)
def test_an_image_of_millions_of_empty_parts_is_refused_in_bounded_memory_and_time(
    gunicorn, make_key, format
):
    base = gunicorn(workers=1)
    worker = gunicorn_worker(base)
    session = requests.Session()
    session.headers["Authorization"] = f"Bearer {make_key()}"
    # Warm: the worker has built its app and answered an upload of this type before it is measured.
    small = session.post(
        f"{base}/v1/media/upload", files={"file": (f"small.{format}", image(format.upper()))}
    )
    assert small.status_code == 201, small.text
    data = crafted_image(format, CRAFTED_BYTES)
    before = peak_rss_mb(worker)
    started = time.monotonic()
    answer = session.post(f"{base}/v1/media/upload", files={"file": (f"crafted.{format}", data)}, timeout=120)
    seconds = time.monotonic() - started
    grew = peak_rss_mb(worker) - before
    print(
        f"\na crafted {len(data):,}-byte {format}: worker peak RSS {before} MB, +{grew} MB, {seconds:.2f} s"
    )
    assert answer.status_code == 400, answer.text
    [detail] = answer.json()["error"]["details"]
    assert detail["field"] == "file"
    assert "more than" in detail["message"] and TOO_MANY[format] in detail["message"]
    assert grew < 64
    assert seconds < 5


@pytest.mark.parametrize("format", FORMATS)
def test_an_image_of_many_empty_parts_is_refused_at_import_naming_url(local_imports, api, format):
    server = FileServer({f"/crafted.{format}": crafted_image(format, 2_000_000)})
    try:
        error = assert_error(
            api.post("/v1/media/import", json={"url": server.url(f"/crafted.{format}")}),
            400,
            "VALIDATION_ERROR",
        )
    finally:
        server.stop()
    [detail] = error["details"]
    assert detail["field"] == "url" and TOO_MANY[format] in detail["message"]
    assert Media.select().count() == 0


@pytest.mark.parametrize("format", ["png", "gif", "webp"])
def test_a_rendition_of_a_stored_image_of_many_parts_is_refused_before_pillow_reads_it(app, data_dir, format):
    """A file stored before the header reader (or by hand) is read by the same reader
    when the worker makes its JPEG rendition at publish."""
    (data_dir / "media" / f"med_crafted.{format}").write_bytes(crafted_image(format, 2_000_000))
    record = types.SimpleNamespace(
        id=f"med_crafted.{format}", content_type=f"image/{format}", filename=f"crafted.{format}"
    )
    started = time.monotonic()
    with pytest.raises(Invalid) as refused:
        renditions.jpeg(record)
    assert time.monotonic() - started < 1
    [detail] = refused.value.details
    assert detail["field"] == "media" and TOO_MANY[format] in detail["message"]
