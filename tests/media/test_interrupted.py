"""Uploads on a real gunicorn that never complete: a client that hangs up mid-body, and
a file refused while its bytes are still arriving. Neither leaves a file, a staged
file or a row behind (docs/media.md)."""

import re
import socket
import time
from urllib.parse import urlsplit

from devtools.media import video
from models import Media
from tests.support.media import multipart


def start_upload(base_url, key, body, content_type, sent_bytes):
    """Send the request head and the first `sent_bytes` of `body`; returns the socket."""
    address = urlsplit(base_url)
    sock = socket.create_connection((address.hostname, address.port), timeout=10)
    head = (
        f"POST /v1/media/upload HTTP/1.1\r\nHost: {address.netloc}\r\n"
        f"Authorization: Bearer {key}\r\nContent-Type: {content_type}\r\n"
        f"Content-Length: {len(body)}\r\n\r\n"
    )
    sock.sendall(head.encode() + body[:sent_bytes])
    return sock


def read_answer(sock):
    """The answer's head and body (by its Content-Length), read while the client is still
    sending: the server answers before the body it refused has all arrived."""
    answer = b""
    while b"\r\n\r\n" not in answer:
        chunk = sock.recv(65536)
        assert chunk, f"connection closed without an answer: {answer!r}"
        answer += chunk
    head, body = answer.split(b"\r\n\r\n", 1)
    length = int(re.search(rb"(?i)content-length: *(\d+)", head).group(1))
    while len(body) < length:
        chunk = sock.recv(65536)
        assert chunk, f"connection closed mid-answer: {answer!r}"
        body += chunk
    return head + b"\r\n\r\n" + body


def wait_until(condition, seconds=15):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(0.05)
    return False


def everything_in(media_dir):
    return sorted(str(path.relative_to(media_dir)) for path in media_dir.rglob("*"))


def test_an_upload_cut_off_mid_body_leaves_nothing_behind(gunicorn, make_key, data_dir):
    base_url = gunicorn(workers=1)
    staging = data_dir / "media" / "tmp"
    body, content_type = multipart(video(total=4_000_000), "clip.mp4")
    sock = start_upload(base_url, make_key(), body, content_type, len(body) // 2)
    try:
        # The server is writing the part to a staged file...
        assert wait_until(lambda: any(staging.iterdir())), "no staged file appeared"
    finally:
        sock.close()  # ...when the client goes away
    assert wait_until(lambda: not any(staging.iterdir())), f"left behind: {everything_in(data_dir / 'media')}"
    assert everything_in(data_dir / "media") == ["tmp"]
    assert Media.select().count() == 0


def test_a_file_over_its_limit_is_refused_before_the_body_ends(gunicorn, make_key, data_dir):
    base_url = gunicorn(workers=1, POSTLINE_MEDIA_MAX_VIDEO_BYTES="100000")
    body, content_type = multipart(video(total=1_000_000), "clip.mp4")
    sock = start_upload(base_url, make_key(), body, content_type, 300_000)
    try:
        answer = read_answer(sock)
    finally:
        sock.close()
    assert answer.startswith(b"HTTP/1.1 413 "), answer[:200]
    assert b'"code":"PAYLOAD_TOO_LARGE"' in answer and b"max_video_bytes" in answer
    assert wait_until(lambda: everything_in(data_dir / "media") == ["tmp"]), everything_in(data_dir / "media")
    assert Media.select().count() == 0
