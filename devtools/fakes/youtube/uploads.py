"""Resumable uploads as the fake YouTube answers them (videos.insert, uploadType=resumable):
a session opened with the video's metadata (checked as YouTube checks it, and counted
against the project's quota), then the file PUT in chunks with `Content-Range`, each
but the last a multiple of 256 KiB (the fake, like YouTube, may hold less than was sent:
the 308's `Range` says what it holds), probes (`bytes */<total>`), and the video made
once the last byte is in."""

import datetime
import re
import secrets
import socket
import time

from werkzeug.wrappers import Response

from devtools.fakes.base import answer, json_object
from devtools.fakes.youtube.errors import ERRORS, error, invalid, scripted

CHUNK_UNIT = 256 * 1024
SESSION_PATH = "/upload/youtube/v3/videos"
CONTENT_RANGE = re.compile(r"bytes (?:(\d+)-(\d+)|\*)/(\d+)$")
PRIVACY = ("public", "unlisted", "private")
CATEGORIES = ("1", "2", "10", "15", "17", "19", "20", "22", "23", "24", "25", "26", "27", "28", "29")
UPLOAD_SCOPES = ("youtube", "youtube.upload", "youtube.force-ssl")
# Set in the environ of a request whose connection the fake dropped: nothing more can be read of it.
DROPPED = "fake.youtube.dropped"


def tags_length(tags):
    return sum(len(tag) + (2 if " " in tag else 0) for tag in tags) + max(len(tags) - 1, 0)


def metadata_refusal(body):
    """YouTube's 400 for the video resource's snippet and status, or None."""
    snippet, status = body.get("snippet") or {}, body.get("status") or {}
    title, description = snippet.get("title"), snippet.get("description", "")
    if not isinstance(title, str) or not 1 <= len(title) <= 100 or any(c in title for c in "<>"):
        return invalid(
            "invalidTitle", "The request metadata specifies an invalid video title.", "body.snippet.title"
        )
    if (
        not isinstance(description, str)
        or len(description.encode()) > 5000
        or any(c in description for c in "<>")
    ):
        return invalid("invalidDescription", "The request metadata specifies an invalid video description.")
    tags = snippet.get("tags", [])
    if not isinstance(tags, list) or tags_length(tags) > 500 or any("<" in t or ">" in t for t in tags):
        return invalid("invalidTags", "The request metadata specifies invalid video keywords.")
    if snippet.get("categoryId", "22") not in CATEGORIES:
        return invalid(
            "invalidCategoryId", "The snippet.categoryId property specifies an invalid category ID."
        )
    if status.get("privacyStatus", "public") not in PRIVACY:
        return invalid("invalidVideoMetadata", "The request metadata is invalid.")
    if "selfDeclaredMadeForKids" in status and not isinstance(status["selfDeclaredMadeForKids"], bool):
        return invalid("invalidVideoMetadata", "The request metadata is invalid.")
    if "publishAt" in status and (
        status.get("privacyStatus") != "private" or not _moment(status["publishAt"])
    ):
        return invalid(
            "invalidPublishAt", "The request metadata specifies an invalid scheduled publishing time."
        )
    return None


def _moment(text):
    try:
        return datetime.datetime.fromisoformat(str(text).replace("Z", "+00:00")).tzinfo is not None
    except ValueError:
        return False


class Uploads:
    """The upload side of FakeYouTube (a mixin: FakeYouTube holds `sessions`, `videos` and the controls)."""

    def open_session(self, request, token):
        if "snippet" not in request.args.get("part", "").split(","):
            return invalid("invalidPart", "The part parameter must name snippet.")
        if not any(f"https://www.googleapis.com/auth/{name}" in token["scopes"] for name in UPLOAD_SCOPES):
            return self.insufficient_scopes()
        reply = self.next_reply(self.session_replies)
        if reply in ERRORS:
            return scripted(reply)
        body = json_object(request)
        if body is None:
            return invalid("parseError", "The request body is no JSON object.")
        size = request.headers.get("X-Upload-Content-Length", "")
        kind = request.headers.get("X-Upload-Content-Type", "")
        if not size.isdigit() or int(size) <= 0:
            return invalid("mediaBodyRequired", "The request does not include the video content.")
        if not (kind.startswith("video/") or kind == "application/octet-stream"):
            return invalid("invalidContentType", f"Media type '{kind}' is not supported.")
        refused = metadata_refusal(body) or self.spend("insert")
        if refused:
            return refused
        upload_id = secrets.token_urlsafe(24)
        with self._lock:
            self.sessions[upload_id] = {
                "channel": token["user"],
                "total": int(size),
                "content_type": kind,
                "metadata": body,
                "data": bytearray(),
                "video": None,
                "gone": False,
            }
        location = f"{self.url}{SESSION_PATH}?uploadType=resumable&part=snippet,status&upload_id={upload_id}"
        return Response(status=200, headers={"Location": location, "X-GUploader-UploadID": upload_id})

    def upload_chunk(self, request):
        session = self.sessions.get(request.args.get("upload_id", ""))
        if session is None:
            return error(404, "notFound", "The upload session was not found.", "global", "NOT_FOUND")
        if session["gone"]:
            return error(410, "gone", "The upload session has expired.", "global", "NOT_FOUND")
        self.hold(session["channel"])
        span = CONTENT_RANGE.match(request.headers.get("Content-Range", ""))
        if span is None or int(span.group(3)) != session["total"]:
            return invalid(
                "badContentRange", "Content-Range must be bytes first-last/total of the session's size."
            )
        if session["video"] is not None:
            return answer(session["video"])
        if span.group(1) is None:  # a probe: where the upload stands
            return self.resume_incomplete(session)
        first, last = int(span.group(1)), int(span.group(2))
        with self._lock:
            self.chunk_ranges.append((first, last))
        reply = self.next_reply(self.chunk_replies)
        if reply in ERRORS:
            return scripted(reply)
        if first != len(session["data"]):
            return self.resume_incomplete(session)
        if reply == "drop":
            return self.drop(request, session, last - first + 1)
        data = request.get_data()
        if len(data) != last - first + 1:
            return invalid("badContentRange", "The chunk's length is not what its Content-Range says.")
        final = last + 1 == session["total"]
        kept = len(data) if final else len(data) // CHUNK_UNIT * CHUNK_UNIT
        if not final and self.keep_short:
            self.keep_short -= 1
            kept = max(0, kept - CHUNK_UNIT)
        with self._lock:
            session["data"] += data[:kept]
            self.received_bytes += kept
        if len(session["data"]) == session["total"]:
            video = self.make_video(session)
            if reply == "hang":  # the video is made; the answer comes too late
                time.sleep(self.hang_seconds)
            return answer(video, 200)
        return self.resume_incomplete(session)

    def resume_incomplete(self, session):
        held = len(session["data"])
        headers = {"Range": f"bytes=0-{held - 1}"} if held else {}
        return Response(status=308, headers=headers)

    def drop(self, request, session, length):
        """Take half the chunk (in whole 256 KiB blocks), then drop the connection unanswered."""
        kept = length // 2 // CHUNK_UNIT * CHUNK_UNIT
        data = b""
        while len(data) < kept and (read := request.stream.read(kept - len(data))):
            data += read
        with self._lock:
            session["data"] += data
            self.received_bytes += len(data)
        request.environ[DROPPED] = True
        request.environ["werkzeug.socket"].shutdown(socket.SHUT_RDWR)
        return Response(status=500)  # never reaches the client

    def make_video(self, session):
        metadata = session["metadata"]
        snippet, status = dict(metadata.get("snippet") or {}), dict(metadata.get("status") or {})
        self.count_received(snippet.get("description", ""))
        video_id = secrets.token_urlsafe(9)[:11]
        if self.unaudited:
            status["privacyStatus"] = "private"  # locked private until the project's audit
        data = bytes(session["data"])
        duplicate = self.reject_duplicates and any(
            video["data"] == data and video["channel"]["id"] == session["channel"]["id"]
            for video in self.videos.values()
        )
        video = {
            "id": video_id,
            "channel": session["channel"],
            "data": data,
            "checks": 0,
            "duplicate": duplicate,
            "resource": {
                "kind": "youtube#video",
                "etag": secrets.token_urlsafe(12),
                "id": video_id,
                "snippet": {
                    **snippet,
                    "channelId": session["channel"]["id"],
                    "publishedAt": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
                    "categoryId": snippet.get("categoryId", "22"),
                },
                "status": {
                    **status,
                    "uploadStatus": "uploaded",
                    "privacyStatus": status.get("privacyStatus", "public"),
                    "madeForKids": bool(status.get("selfDeclaredMadeForKids")),
                },
            },
        }
        with self._lock:
            self.videos[video_id] = video
            session["video"] = video["resource"]
        return video["resource"]
