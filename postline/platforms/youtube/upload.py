"""YouTube's resumable upload (videos.insert with uploadType=resumable), streamed from
storage (docs/platforms/youtube.md, Uploads).

`open_session` sends the video's metadata and gets the session's URI (`Location`);
`send` then PUTs the file in chunks of `[youtube] chunk_bytes` (a multiple of 256 KiB,
as YouTube requires of every chunk but the last), each read from storage as it goes
out: never the whole file in memory. After each chunk but the last YouTube answers 308
with the `Range` of bytes it holds, and after the last the video.

An interrupted chunk (no answer, a dropped connection, a 5xx) is followed by a probe of
the session (`Content-Range: bytes */<total>`): its `Range` says where to go on, so only
the bytes YouTube lacks are sent again; a probe that finds the upload complete answers
the video. YouTube has no idempotency key: the session is the only guard against a
second video, so a new one is opened only once the old one is proven gone (404 or 410,
`Gone`), and an upload that cannot go on now is `Stalled`, to go on from the same
session later.
"""

import re

from postline.platforms import calls
from postline.platforms.base import PERMANENT, TOKEN, PublishError

CHUNK_UNIT = 256 * 1024
# Interruptions in a row, with no byte gained, before an upload waits to go on later.
RESUMES = 3
RANGE = re.compile(r"bytes=0-(\d+)$")
RESUME_INCOMPLETE = 308


class Gone(Exception):
    """The upload session no longer exists (404 or 410): only a new one can go on."""


class Stalled(Exception):
    """The upload cannot go on now; the same session can go on later."""

    def __init__(self, message):
        super().__init__(message)
        self.message = message


def chunk_size(setting):
    """`[youtube] chunk_bytes` as a multiple of 256 KiB, at least one."""
    return max(CHUNK_UNIT, setting // CHUNK_UNIT * CHUNK_UNIT)


def open_session(api, metadata, item):
    """Open an upload session for `item` (a Media row) with `metadata` ({snippet,
    status}); its URI. PublishError when YouTube refuses."""
    headers = {
        "Content-Type": "application/json; charset=UTF-8",
        "X-Upload-Content-Length": str(item.size),
        "X-Upload-Content-Type": item.content_type,
    }
    path = "/upload/youtube/v3/videos?uploadType=resumable&part=snippet,status"
    response = api.request("POST", api.base + path, metadata, headers)
    session = response.headers.get("Location")
    if not session:
        raise PublishError(PERMANENT, "PLATFORM_ERROR", "youtube: an upload session without its URI")
    return session


def send(api, session, item, files, chunk_bytes, offset=None):
    """Upload `item` through `session` from `offset` (None: from where a probe says);
    the video YouTube made (its resource, a dict). Gone, Stalled, or PublishError: a
    refusal that sending again cannot change, or the token refused (TOKEN)."""
    total, chunk, failures = item.size, chunk_size(chunk_bytes), 0
    while True:
        answer = _probe(api, session, total) if offset is None else None
        if isinstance(answer, dict):
            return answer
        if answer is not None:
            offset = answer
        length = min(chunk, total - offset)
        first_byte = offset
        try:
            answer = _put(api, session, files.read(item, offset, length), offset, total)
        except Stalled as stalled:
            failures += 1
            if failures > RESUMES:
                raise Stalled(f"{stalled.message} ({failures} interruptions in a row)") from None
            offset = None
            continue
        if isinstance(answer, dict):
            return answer
        offset = answer
        failures = 0 if offset > first_byte else failures + 1
        if failures > RESUMES:
            raise Stalled("youtube: the upload gains no bytes")


def _probe(api, session, total):
    """Where the upload stands: the next byte to send, or the video if it is complete."""
    return _put(api, session, b"", None, total)


def _put(api, session, body, offset, total):
    """PUT one chunk (`offset` None: a probe, no bytes); the next byte to send, or the
    video once complete. Stalled for an answer worth another try, Gone, PublishError."""
    span = f"bytes {offset}-{offset + len(body) - 1}/{total}" if offset is not None else f"bytes */{total}"
    headers = {"Content-Range": span, "Content-Type": "application/octet-stream"}
    try:
        response = api.send("PUT", session, body, headers)
    except PublishError as error:
        raise Stalled(error.message) from None
    if response.status == RESUME_INCOMPLETE:
        held = RANGE.match(response.headers.get("Range") or "")
        return int(held.group(1)) + 1 if held else 0
    if response.status in (200, 201):
        return calls.json_answer("youtube", response)
    if response.status in (404, 410):
        raise Gone
    error = api.classify(response)
    if error.kind in (PERMANENT, TOKEN):
        raise error
    raise Stalled(error.message)
