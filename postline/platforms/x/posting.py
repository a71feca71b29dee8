"""Posting to X: the media uploads, their processing, and the post itself.

Images go up in one multipart request each; a GIF or a video through initialize,
append (in segments) and finalize, after which X may still be processing it: the
target then waits (`Processing`) and `check` asks X again at the time X gave, so no
thread sits waiting. Only the final `POST /2/tweets` creates anything a reader sees:
a time-out there is an unknown outcome, never re-sent; a failed upload is simply
retried.
"""

import json
from urllib.parse import urlencode

from urllib3 import encode_multipart_formdata

from postline import clock
from postline.platforms import calls
from postline.platforms.attachments import checked_comment, checked_media, checked_options
from postline.platforms.base import (
    BLOCKED,
    PERMANENT,
    RETRYABLE,
    TOKEN,
    Processing,
    Published,
    PublishError,
)
from postline.platforms.x.text import check_comment, check_content, check_options
from postline.statuses import PartKind

SEGMENT_BYTES = 4 * 1024 * 1024
PENDING_STATES = ("pending", "in_progress")
DUPLICATE = "duplicate content"
USAGE_CAPPED = "usage-capped"
# The API's replySettings as X names them (`reply_settings` of POST /2/tweets).
REPLY_SETTINGS = {
    "following": "following",
    "mentionedUsers": "mentionedUsers",
    "subscribers": "subscribers",
    "verified": "verified",
}


def publish(post, target, part, call):
    """Upload the part's media, then post it (a reply to the part before, for a thread's
    reply or the first comment); or Processing while X works on a video."""
    session = _Session(call)
    if part.kind == PartKind.COMMENT:
        return session.tweet(checked_comment(part, check_comment), [], _replying_to(part))
    files = checked_media(part, "x", check_content)
    checked_options(part, files, check_options)
    media_ids = []
    for item in files:
        if item.content_type.startswith("image/") and item.content_type != "image/gif":
            media_ids.append(session.upload_image(item))
        else:
            media_id, processing = session.upload_chunked(item)
            media_ids.append(media_id)
            if _pending(processing):
                return _wait(processing, {"media_ids": media_ids, "pending": media_id})
    return session.tweet(part.content, media_ids, _replying_to(part), _settings(part.options))


def _replying_to(part):
    return part.parent.platform_post_id if part.parent is not None else None


def _settings(options):
    """What of POST /2/tweets the post's options set: who may reply, and a poll."""
    fields = {}
    if options and options.get("replySettings"):
        fields["reply_settings"] = REPLY_SETTINGS[options["replySettings"]]
    if options and options.get("poll"):
        poll = options["poll"]
        fields["poll"] = {"options": list(poll["options"]), "duration_minutes": poll["durationMinutes"]}
    return fields


def check(post, target, part, call):
    """Ask X whether the media it was processing is ready; post once it is."""
    state = json.loads(part.platform_state)
    session = _Session(call)
    processing = session.media_status(state["pending"])
    if _pending(processing):
        return _wait(processing, state)
    if processing.get("state") == "failed":
        error = (processing.get("error") or {}).get("message") or "X could not process the media"
        raise PublishError(PERMANENT, "MEDIA_PROCESSING_FAILED", f"x: {error}")
    return session.tweet(part.content, state["media_ids"], _replying_to(part), _settings(part.options))


def _pending(processing):
    return bool(processing) and processing.get("state") in PENDING_STATES


def _wait(processing, state):
    seconds = max(1, int(processing.get("check_after_secs") or 1))
    return Processing(clock.now_ms() + seconds * 1000, state)


class _Session:
    """One connection's calls to X's API, each classified into the kinds of
    postline/platforms/base.py. JSON and multipart bodies are built here and sent with
    postline/net/client.py directly: a post costs one call and little else."""

    def __init__(self, call):
        self.base = call.settings["api_base"]
        self.username = call.username
        self.timeout = call.timeout
        self.authorization = f"Bearer {call.access_token}"
        self.files = call.files

    def upload_image(self, item):
        answer = self._multipart(
            "/2/media/upload",
            {
                "media_category": "tweet_image",
                "media": (item.filename, self.files.read(item), item.content_type),
            },
        )
        return answer["data"]["id"]

    def upload_chunked(self, item):
        category = "tweet_gif" if item.content_type == "image/gif" else "tweet_video"
        answer = self._json(
            "POST",
            "/2/media/upload/initialize",
            {"media_type": item.content_type, "total_bytes": item.size, "media_category": category},
        )
        media_id = answer["data"]["id"]
        body = self.files.read(item)
        for index, start in enumerate(range(0, len(body), SEGMENT_BYTES)):
            self._multipart(
                f"/2/media/upload/{media_id}/append",
                {
                    "segment_index": str(index),
                    "media": ("segment", body[start : start + SEGMENT_BYTES], "application/octet-stream"),
                },
            )
        finished = self._json("POST", f"/2/media/upload/{media_id}/finalize")
        return media_id, finished["data"].get("processing_info")

    def media_status(self, media_id):
        query = urlencode({"command": "STATUS", "media_id": media_id})
        answer = self._json("GET", f"/2/media/upload?{query}")
        return answer["data"].get("processing_info") or {"state": "succeeded"}

    def tweet(self, text, media_ids, reply_to=None, settings=None):
        body = {"text": text or "", **(settings or {})}
        if media_ids:
            body["media"] = {"media_ids": media_ids}
        if reply_to is not None:
            body["reply"] = {"in_reply_to_tweet_id": reply_to}
        answer = self._json("POST", "/2/tweets", body, creates=True)
        tweet_id = answer["data"]["id"]
        return Published(tweet_id, f"https://x.com/{self.username or 'i'}/status/{tweet_id}")

    def _json(self, method, path, payload=None, creates=False):
        headers = {"Authorization": self.authorization}
        body = None
        if payload is not None:
            body = json.dumps(payload).encode()
            headers["Content-Type"] = "application/json"
        return self._send(method, path, body, headers, creates)

    def _multipart(self, path, fields):
        body, content_type = encode_multipart_formdata(fields)
        return self._send(
            "POST", path, body, {"Authorization": self.authorization, "Content-Type": content_type}
        )

    def _send(self, method, path, body, headers, creates=False):
        """One call; its JSON answer, or PublishError. `creates`: the call makes what
        readers see, so a time-out after it left is an unknown outcome."""
        response = calls.send("x", method, self.base + path, self.timeout, body, headers, creates)
        if 200 <= response.status < 300:
            return calls.json_answer("x", response) or {"data": {}}
        raise classify(response.status, response.headers, response.body)


def classify(status, headers, body):
    """X's error answer (RFC 7807 `{title, detail, type, status}`) as a PublishError."""
    problem = calls.error_body(body)
    detail = problem.get("detail") or problem.get("title") or f"HTTP {status}"
    message = f"x: {detail}"
    if status == 401:
        return PublishError(TOKEN, "PLATFORM_UNAUTHORIZED", message)
    if status == 429:
        reset = headers.get("x-rate-limit-reset")
        resume_at = int(reset) * 1000 if reset and reset.isdigit() else None
        code = "USAGE_CAPPED" if USAGE_CAPPED in (problem.get("type") or "") else "RATE_LIMITED"
        return PublishError(BLOCKED, code, message, resume_at)
    if status >= 500:
        return PublishError(RETRYABLE, "PLATFORM_ERROR", message)
    if status == 403 and DUPLICATE in detail.lower():
        return PublishError(PERMANENT, "DUPLICATE_CONTENT", message)
    return PublishError(PERMANENT, "PLATFORM_REFUSED", message)
