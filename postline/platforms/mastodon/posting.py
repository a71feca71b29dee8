"""Posting to Mastodon (docs/platforms/mastodon.md): the instance's limits, media and
their processing, and the status itself.

Each file goes up with `POST /api/v2/media` (its alt text as `description`): small
images come back processed (200, `url` set), larger media later (202, `url` null).
The part then waits (`Processing`) and `check` asks `GET /api/v1/media/:id` every
`[mastodon] status_interval` seconds until each answers 200 with its `url`, so no
thread sits waiting. Only `POST /api/v1/statuses` creates what readers see: a time-out
there is an unknown outcome, never re-sent on its own. It carries Mastodon's own
`Idempotency-Key`, made from the part's place and what it says, which the instance
keeps an hour: the same part sent again within it (a retry, a resend after a PATCH
that changed nothing) gets the status it already made instead of a second one.

The version's options (`visibility`, `spoilerText`, `sensitive`, `language`) go with
every status of the post: a thread's replies and the first comment (a reply to the
post, by its author) are seen by the same readers, behind the same warning.
"""

import hashlib
import json
import logging
from datetime import datetime

from urllib3 import encode_multipart_formdata

from models import InstanceApp
from postline import clock
from postline.platforms import calls
from postline.platforms.attachments import checked_comment, checked_media, checked_options
from postline.platforms.base import (
    BLOCKED,
    PERMANENT,
    RETRYABLE,
    TOKEN,
    PlatformUnavailable,
    Processing,
    Published,
    PublishError,
)
from postline.platforms.mastodon import instance, limits
from postline.platforms.mastodon.limits import Limits
from postline.statuses import PartKind

log = logging.getLogger(__name__)

# An instance's limits are read again once a day (an admin may change them).
LIMITS_TTL_MS = 24 * 3600 * 1000
NOT_PROCESSED = "not finished processing"
SCOPE_REFUSED = "outside the authorized scopes"
# Status fields the version's options set, by option.
OPTION_FIELDS = {
    "visibility": "visibility",
    "spoilerText": "spoiler_text",
    "sensitive": "sensitive",
    "language": "language",
}


def publish(post, target, part, call):
    """Upload the part's media, then post the status (a reply to the part before, for a
    thread's reply or the first comment); or Processing while the instance works on media."""
    session = _Session(call)
    rules = current_limits(call)
    options = options_of(part)
    if part.kind == PartKind.COMMENT:
        checked_comment(part, lambda content: limits.check_comment(content, rules))
        files = []
    else:
        files = checked_media(
            part, "mastodon", lambda content, media: limits.check_content(content, media, rules)
        )
        checked_options(part, files, lambda chosen, media: limits.check_options(chosen, media, rules))
    problems = limits.check_status(part.content, options.get("spoilerText"), rules)
    if problems:
        raise PublishError(PERMANENT, "CONTENT_REFUSED", problems[0][1])
    media_ids, pending = [], []
    for item in files:
        uploaded = session.upload(item)
        media_ids.append(str(uploaded["id"]))
        if not uploaded.get("url"):
            pending.append(str(uploaded["id"]))
    if pending:
        return _wait(call, {"media_ids": media_ids, "pending": pending})
    return session.status(post, target, part, options, media_ids)


def check(post, target, part, call):
    """Ask the instance whether the media it was processing are ready; post once they are."""
    state = json.loads(part.platform_state)
    session = _Session(call)
    pending = [media_id for media_id in state["pending"] if not session.processed(media_id)]
    if pending:
        return _wait(call, {**state, "pending": pending})
    return session.status(post, target, part, options_of(part), state["media_ids"])


def options_of(part):
    """The version's options: the post's own part holds them, its replies answer it."""
    holder = part.root if part.root is not None else part
    return getattr(holder, "options", None) or {}


def current_limits(call):
    """The instance's limits: as last read, read again when a day old (kept for every
    connection on it), or as they were when the instance cannot say now."""
    kept = call.settings.get("limits")
    read_at = call.settings.get("limits_read_at") or 0
    if kept is not None and clock.now_ms() - read_at < LIMITS_TTL_MS:
        return Limits.stored(kept)
    named = instance.Instance(call.settings["instance"], call.settings["api_base"])
    try:
        fresh = instance.read_limits(named, call.settings, call.timeout)
    except (PlatformUnavailable, instance.InstanceRefused) as failure:
        log.warning("mastodon: %s: keeping its limits as they were: %s", named.host, failure.message)
        return Limits.stored(kept)
    InstanceApp.store_limits("mastodon", named.host, fresh.kept(), clock.now_ms())
    return fresh


def idempotency_key(post, target, part, options):
    """Mastodon's Idempotency-Key for a part: its place (post, target, position) and what
    it says, so a part sent again unchanged is the same status, and a changed one is not."""
    parent = part.parent.platform_post_id if part.parent is not None else None
    said = [post.id, target.id, part.position, part.content, list(part.media or []), options, parent]
    return "postline-" + hashlib.sha256(json.dumps(said, sort_keys=True).encode()).hexdigest()[:40]


def _wait(call, state):
    seconds = max(1, int(call.settings.get("status_interval") or 2))
    return Processing(clock.now_ms() + seconds * 1000, state)


class _Session:
    """One connection's calls to its instance, each classified into the kinds of
    postline/platforms/base.py, under the instance's SSRF policy."""

    def __init__(self, call):
        self.base = call.settings["api_base"]
        self.policy = instance.policy(call.settings)
        self.timeout = call.timeout
        self.authorization = f"Bearer {call.access_token}"
        self.files = call.files

    def upload(self, item):
        fields = {"file": (item.filename, self.files.read(item), item.content_type)}
        if item.alt_text:
            fields["description"] = item.alt_text
        body, content_type = encode_multipart_formdata(fields)
        headers = {"Authorization": self.authorization, "Content-Type": content_type}
        return self._send("POST", "/api/v2/media", body, headers)

    def processed(self, media_id):
        """Whether the media is ready (200 with its `url`); 206 while it is processed."""
        response = self._response(
            "GET", f"/api/v1/media/{media_id}", None, {"Authorization": self.authorization}
        )
        if response.status == 206:
            return False
        if response.status == 422:
            said = calls.error_body(response.body).get("error") or "the instance could not process the media"
            raise PublishError(PERMANENT, "MEDIA_PROCESSING_FAILED", f"mastodon: {said}")
        if response.status != 200:
            raise classify(response.status, response.headers, response.body)
        return bool(calls.json_answer("mastodon", response).get("url"))

    def status(self, post, target, part, options, media_ids):
        body = {"status": part.content or ""}
        body.update({OPTION_FIELDS[name]: value for name, value in options.items() if name in OPTION_FIELDS})
        if media_ids:
            body["media_ids"] = media_ids
        if part.parent is not None:
            body["in_reply_to_id"] = part.parent.platform_post_id
        headers = {
            "Authorization": self.authorization,
            "Content-Type": "application/json",
            "Idempotency-Key": idempotency_key(post, target, part, options),
        }
        made = self._send("POST", "/api/v1/statuses", json.dumps(body).encode(), headers, creates=True)
        status_id = str(made["id"])
        return Published(status_id, made.get("url") or made.get("uri"))

    def _response(self, method, path, body, headers, creates=False):
        return calls.send(
            "mastodon", method, self.base + path, self.timeout, body, headers, creates, self.policy
        )

    def _send(self, method, path, body, headers, creates=False):
        """One call; its JSON answer, or PublishError. `creates`: the call makes what
        readers see, so a time-out after it left is an unknown outcome."""
        response = self._response(method, path, body, headers, creates)
        if 200 <= response.status < 300:
            answer = calls.json_answer("mastodon", response)
            if not isinstance(answer, dict) or "id" not in answer:
                raise PublishError(RETRYABLE, "PLATFORM_ERROR", f"mastodon: {path} answered without an id")
            return answer
        raise classify(response.status, response.headers, response.body)


def classify(status, headers, body):
    """Mastodon's error answer (`{"error": "..."}`) as a PublishError."""
    said = calls.error_body(body).get("error") or f"HTTP {status}"
    message = f"mastodon: {said}"
    if status == 401 or (status == 403 and SCOPE_REFUSED in said):
        # Mastodon's tokens are never refreshed: a refused one means connecting again.
        return PublishError(TOKEN, "PLATFORM_UNAUTHORIZED", message)
    if status == 403:
        return PublishError(BLOCKED, "ACCOUNT_RESTRICTED", message)
    if status == 429:
        return PublishError(BLOCKED, "RATE_LIMITED", message, _reset_at(headers.get("x-ratelimit-reset")))
    if status >= 500:
        return PublishError(RETRYABLE, "PLATFORM_ERROR", message)
    if status == 422 and NOT_PROCESSED in said:
        return PublishError(RETRYABLE, "MEDIA_NOT_READY", message)
    if status == 422:
        return PublishError(PERMANENT, "VALIDATION_FAILED", message)
    if status == 404:
        return PublishError(PERMANENT, "NOT_FOUND", message)
    return PublishError(PERMANENT, "PLATFORM_REFUSED", message)


def _reset_at(value):
    """Unix ms of an X-RateLimit-Reset header: an ISO 8601 time (not epoch seconds)."""
    try:
        return int(datetime.fromisoformat(value.replace("Z", "+00:00")).timestamp() * 1000)
    except (AttributeError, ValueError):
        return None
