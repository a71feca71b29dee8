"""A video's duration is read without trusting its boxes: a crafted MP4 whose `mvhd`
says it is 300 MiB costs the API worker what any upload costs, not 300 MiB of memory
(docs/security.md, Media parsing: videos)."""

import json
import os
import struct
import subprocess
import sys
import textwrap

import pytest
import requests

from devtools.media import box, upload, video
from tests.support import ROOT
from tests.support.memory import gunicorn_worker, peak_rss_mb

MIB = 1024 * 1024
FTYP = box(b"ftyp", b"isom" + bytes(4) + b"isom")


def mvhd(duration, timescale=1000, version=0):
    if version == 1:
        return bytes([1, 0, 0, 0]) + struct.pack(">QQIQ", 0, 0, timescale, duration) + bytes(80)
    return bytes(4) + struct.pack(">IIII", 0, 0, timescale, duration) + bytes(80)


def large_box(kind, payload):
    """A box with a 64-bit size (size field 1)."""
    return struct.pack(">I4sQ", 1, kind, 16 + len(payload)) + payload


@pytest.mark.parametrize(
    "data, duration_ms",
    [
        (video(duration_ms=2500), 2500),
        (FTYP + box(b"moov", box(b"mvhd", mvhd(90_000 * 3, timescale=90_000, version=1))), 3000),
        (FTYP + box(b"mdat", bytes(500)) + box(b"moov", box(b"mvhd", mvhd(1234))), 1234),  # moov last
        (FTYP + large_box(b"moov", box(b"free", bytes(30)) + box(b"mvhd", mvhd(777))), 777),
        (FTYP + box(b"moov", box(b"mvhd", mvhd(42))) + struct.pack(">I4s", 0, b"mdat") + bytes(99), 42),
        (FTYP + box(b"mdat", bytes(64)), None),  # no moov
        (FTYP + box(b"moov", box(b"mvhd", mvhd(0xFFFFFFFF))), None),  # "unknown"
        (FTYP + box(b"moov", box(b"mvhd", mvhd(5000, timescale=0))), None),
        (FTYP + struct.pack(">I4s", 1 << 30, b"moov") + box(b"mvhd", mvhd(5000)), None),  # past the end
        (FTYP + box(b"moov", struct.pack(">I4s", 4, b"mvhd") + mvhd(5000)), None),  # smaller than its header
        (FTYP + box(b"moov", box(b"mvhd", bytes(10))), None),  # too short to say
        (
            FTYP + box(b"free", bytes(8)) * 2000 + box(b"moov", box(b"mvhd", mvhd(5000))),
            None,
        ),  # too many boxes
    ],
)
def test_the_duration_is_read_from_moov_mvhd_or_left_unknown(api, data, duration_ms):
    response = upload(api, data, "clip.mp4")
    assert response.status_code == 201, response.get_json()
    assert response.get_json()["data"]["contentType"] == "video/mp4"
    assert response.get_json()["data"]["durationMs"] == duration_ms


def crafted_mp4(path, mvhd_bytes=300 * MIB):
    """The probe's file: an `ftyp`, then a `moov` holding one `mvhd` of `mvhd_bytes`
    whose first bytes are a real header (2.5 s). Sparse on disk: it costs no space."""
    header = mvhd(2500)
    moov = struct.pack(">I4s", 8 + 8 + mvhd_bytes, b"moov") + struct.pack(">I4s", 8 + mvhd_bytes, b"mvhd")
    with open(path, "wb") as file:
        file.write(FTYP + moov + header)
        file.truncate(len(FTYP) + len(moov) + mvhd_bytes)
    return path


PROBE = """
import json, sys
from postline.media import kinds
def peak():
    with open("/proc/self/status") as status:
        return next(int(line.split()[1]) for line in status if line.startswith("VmHWM")) // 1024
before = peak()
details = kinds.probe(kinds.BY_CONTENT_TYPE["video/mp4"], sys.argv[1], "file", 0)
print(json.dumps({"details": details, "grew_mb": peak() - before}))
"""


@pytest.mark.processes  # it measures a process of its own
def test_the_crafted_mp4_is_probed_in_a_few_mb(tmp_path):
    path = crafted_mp4(tmp_path / "crafted.mp4")
    done = subprocess.run(
        [sys.executable, "-c", textwrap.dedent(PROBE), str(path)],
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    answer = json.loads(done.stdout)
    print(f"\nprobing the crafted MP4: peak RSS +{answer['grew_mb']} MB")
    assert answer["details"] == {"duration_ms": 2500}
    assert answer["grew_mb"] < 8


def test_uploading_the_crafted_mp4_keeps_a_gunicorn_worker_under_64_mb_more(gunicorn, make_key, tmp_path):
    base = gunicorn(workers=1)
    key = make_key()
    session = requests.Session()
    session.headers["Authorization"] = f"Bearer {key}"
    worker = gunicorn_worker(base)
    # Warm: the worker has built its app and answered an upload before it is measured.
    small = session.post(f"{base}/v1/media/upload", files={"file": ("clip.mp4", video())})
    assert small.status_code == 201, small.text
    before = peak_rss_mb(worker)
    body = tmp_path / "body"
    boundary = "crafted-boundary"
    with open(body, "wb") as file:
        file.write(
            f'--{boundary}\r\nContent-Disposition: form-data; name="file"; filename="crafted.mp4"\r\n'
            "Content-Type: video/mp4\r\n\r\n".encode()
        )
    crafted = crafted_mp4(tmp_path / "crafted.mp4")
    with open(body, "ab") as out, open(crafted, "rb") as source:
        while chunk := source.read(4 * MIB):
            out.write(chunk)
        out.write(f"\r\n--{boundary}--\r\n".encode())
    with open(body, "rb") as stream:
        answer = session.post(
            f"{base}/v1/media/upload",
            data=stream,
            headers={"Content-Type": f"multipart/form-data; boundary={boundary}"},
            timeout=120,
        )
    assert answer.status_code == 201, answer.text
    assert answer.json()["data"]["durationMs"] == 2500
    grew = peak_rss_mb(worker) - before
    print(f"\nuploading the crafted 300 MiB MP4: gunicorn worker peak RSS {before} MB, +{grew} MB")
    assert grew < 64
