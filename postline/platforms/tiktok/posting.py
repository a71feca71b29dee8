"""Posting to TikTok (docs/platforms/tiktok.md): the creator's limits, the upload or pull, and
the status TikTok reports while it publishes.

Every post starts with `creator_info/query`: the privacy levels the creator may use,
the interactions they turned off, and the longest video they may post. The privacy
level sent is the version's `privacyLevel` option, or else the first of `[tiktok]
privacy_levels` the creator allows (branded content is never SELF_ONLY); one not
allowed, or a video longer than allowed, fails the post for good with a message that
says so. Comments, duets and stitches are off where the options or the creator's own
settings turn them off (docs/platforms/tiktok.md).

A video goes up by FILE_UPLOAD (`video/init`, then its chunks PUT in order with
`Content-Range`) or, with `[tiktok] video_source = "PULL_FROM_URL"`, is fetched by
TikTok from its signed public media URL; photos always are. TikTok then publishes on
its own: the target waits (`Processing`) and `check` asks `status/fetch` every
`[tiktok] status_interval` seconds, so no thread sits waiting and the 30 status calls
a minute a token may make go a long way.

The call after which TikTok publishes (the last chunk, or the init of a pull) is the
one whose time-out is an unknown outcome, never re-sent. TikTok reports failures in
the body as well as the status: an answer is a success only when its HTTP status is
2xx and its `error.code` is "ok", and a publish is done only when `data.status` says
PUBLISH_COMPLETE (FAILED comes with HTTP 200 and a `fail_reason`).
"""

import json

from postline import clock
from postline.platforms import calls
from postline.platforms.attachments import checked_media, checked_options
from postline.platforms.base import (
    BLOCKED,
    PERMANENT,
    RETRYABLE,
    TOKEN,
    UNCONFIRMED,
    Processing,
    Published,
    PublishError,
)
from postline.platforms.tiktok.limits import check_content, check_options, is_video

MB = 1024 * 1024
# FILE_UPLOAD's rules: chunks of 5 to 64 MB, the last up to 128 MB, at most 1,000.
MIN_CHUNK = 5 * MB
MAX_CHUNK = 64 * MB
MAX_CHUNKS = 1000
# TikTok's rate limits are per token and minute and say no more about when they free.
RATE_LIMIT_PAUSE_MS = 60_000
TOKEN_CODES = ("access_token_invalid", "scope_not_authorized")
POLICY_CODES = ("reached_active_user_cap", "unaudited_client_can_only_post_to_private_accounts")
BRAND_FLAGS = {"brandedContent": "brand_content_toggle", "brandOrganic": "brand_organic_toggle"}
RETRYABLE_FAIL_REASONS = ("video_pull_failed", "photo_pull_failed", "internal")


def publish(post, target, part, call):
    """Read the creator's limits, start the publish, and wait for TikTok to finish it."""
    files = checked_media(part, "tiktok", check_content)
    options = checked_options(part, files, check_options)
    api = _Api(call)
    creator = api.call("/v2/post/publish/creator_info/query/", {})
    allowed = creator.get("privacy_level_options") or []
    wanted = [options["privacyLevel"]] if options.get("privacyLevel") else call.settings["privacy_levels"]
    if options.get("brandedContent"):
        wanted = [level for level in wanted if level != "SELF_ONLY"]
    post_info = {
        "privacy_level": privacy_level(wanted, allowed, options.get("privacyLevel")),
        "disable_comment": bool(options.get("disableComment") or creator.get("comment_disabled")),
    }
    # The commercial content disclosure, sent when the version says either way.
    post_info.update({BRAND_FLAGS[name]: options[name] for name in BRAND_FLAGS if name in options})
    state = {"username": creator.get("creator_username"), "kind": "video" if is_video(files[0]) else "photo"}
    if state["kind"] == "video":
        _check_duration(files[0], creator.get("max_video_post_duration_sec"))
        post_info.update(
            title=part.content or "",
            disable_duet=bool(options.get("disableDuet") or creator.get("duet_disabled")),
            disable_stitch=bool(options.get("disableStitch") or creator.get("stitch_disabled")),
        )
        state["publish_id"] = api.post_video(post_info, files[0], call.settings["video_source"])
    else:
        post_info.update(description=part.content or "", auto_add_music=True)
        if options.get("title"):
            post_info["title"] = options["title"]
        state["publish_id"] = api.post_photos(post_info, files, options.get("coverIndex") or 0)
    return _wait(call, state)


def check(post, target, part, call):
    """Ask TikTok how the publish goes: Published, Processing again, or PublishError.
    A check that fails for now (5xx, rate limit, network) waits and asks again: the
    publish may still complete, so it is never started again from here; nor after a
    check TikTok refuses for good (the publish's end is then unknown: unconfirmed)."""
    state = json.loads(part.platform_state)
    try:
        data = _Api(call).call("/v2/post/publish/status/fetch/", {"publish_id": state["publish_id"]})
    except PublishError as error:
        if error.kind == PERMANENT:
            message = f"{error.message} (asking how the publish went)"
            raise PublishError(UNCONFIRMED, error.code, message) from None
        if error.kind == TOKEN:
            raise
        pause = RATE_LIMIT_PAUSE_MS if error.kind == BLOCKED else 0
        return _wait(call, state, pause)
    status = data.get("status")
    if status == "FAILED":
        raise failure(data.get("fail_reason") or "")
    if status in ("PUBLISH_COMPLETE", "SEND_TO_USER_INBOX"):
        return _published(state, data.get("publicaly_available_post_id") or [])
    return _wait(call, state)


def privacy_level(preferred, allowed, asked=None):
    """The first level of `preferred` the creator allows; PublishError if none is.
    `asked`: the version's privacyLevel, which `preferred` then holds alone."""
    for level in preferred:
        if level in allowed:
            return level
    if asked:
        refused = f"privacyLevel {asked} is not among them"
    else:
        refused = f"none of [tiktok] privacy_levels ({', '.join(preferred)}) is among them"
    raise PublishError(
        PERMANENT,
        "PRIVACY_LEVEL_UNAVAILABLE",
        f"tiktok: the creator may post as {', '.join(allowed) or 'nothing'}; {refused}",
    )


def _check_duration(item, max_seconds):
    if max_seconds and item.duration_ms is not None and item.duration_ms > int(max_seconds) * 1000:
        raise PublishError(
            PERMANENT,
            "VIDEO_TOO_LONG",
            f"tiktok: the video lasts {item.duration_ms / 1000:g} s; "
            f"this creator may post at most {max_seconds} s",
        )


def chunks(size, preferred):
    """FILE_UPLOAD's (chunk_size, total_chunk_count) for `size` bytes: a file under
    5 MB goes whole; otherwise chunks of `preferred` bytes (kept within 5-64 MB and
    1,000 chunks), the remainder riding on the last chunk."""
    if size < MIN_CHUNK:
        return size, 1
    chunk = min(max(preferred, MIN_CHUNK), MAX_CHUNK, size)
    chunk = max(chunk, -(-size // MAX_CHUNKS))
    return chunk, size // chunk


def failure(reason):
    """A FAILED publish's `fail_reason` as a PublishError."""
    message = f"tiktok: publishing failed: {reason or 'no reason given'}"
    if reason in RETRYABLE_FAIL_REASONS:
        return PublishError(RETRYABLE, "PUBLISH_FAILED", message)
    if reason.startswith("spam_risk"):
        return PublishError(BLOCKED, "POSTING_RESTRICTED", message)
    return PublishError(PERMANENT, "PUBLISH_FAILED", message)


def _published(state, public_ids):
    """TikTok names the post only when it is public; a private one keeps its publish id."""
    if not public_ids:
        return Published(state["publish_id"])
    post_id = str(public_ids[0])
    return Published(post_id, f"https://www.tiktok.com/@{state['username'] or 'i'}/{state['kind']}/{post_id}")


def _wait(call, state, pause_ms=0):
    interval_ms = int(call.settings["status_interval"] * 1000)
    return Processing(clock.now_ms() + max(interval_ms, pause_ms), state)


class _Api:
    """One connection's calls to TikTok's API, each classified into the kinds of
    postline/platforms/base.py."""

    def __init__(self, call):
        self.base = call.settings["api_base"]
        self.chunk_bytes = call.settings["chunk_bytes"]
        self.timeout = call.timeout
        self.authorization = f"Bearer {call.access_token}"
        self.files = call.files

    def post_video(self, post_info, item, source):
        """Start publishing a video; its publish_id."""
        if source == "PULL_FROM_URL":
            source_info = {"source": "PULL_FROM_URL", "video_url": self.files.public_url(item)}
            return self.call("/v2/post/publish/video/init/", _body(post_info, source_info), creates=True)[
                "publish_id"
            ]
        body = self.files.read(item)
        chunk, count = chunks(len(body), self.chunk_bytes)
        source_info = {
            "source": "FILE_UPLOAD",
            "video_size": len(body),
            "chunk_size": chunk,
            "total_chunk_count": count,
        }
        started = self.call("/v2/post/publish/video/init/", _body(post_info, source_info))
        for index in range(count):
            first = index * chunk
            last = len(body) - 1 if index == count - 1 else first + chunk - 1
            headers = {
                "Content-Type": item.content_type,
                "Content-Range": f"bytes {first}-{last}/{len(body)}",
            }
            # TikTok publishes once the last chunk is in: that PUT's outcome may be unknown.
            self._send(
                "PUT", started["upload_url"], body[first : last + 1], headers, creates=index == count - 1
            )
        return started["publish_id"]

    def post_photos(self, post_info, files, cover_index):
        source_info = {
            "source": "PULL_FROM_URL",
            "photo_cover_index": cover_index,
            "photo_images": [self.files.public_url(item) for item in files],
        }
        body = {**_body(post_info, source_info), "post_mode": "DIRECT_POST", "media_type": "PHOTO"}
        return self.call("/v2/post/publish/content/init/", body, creates=True)["publish_id"]

    def call(self, path, payload, creates=False):
        """POST `payload` as JSON to an API path; the answer's `data`."""
        headers = {"Authorization": self.authorization, "Content-Type": "application/json; charset=UTF-8"}
        answer = self._send("POST", self.base + path, json.dumps(payload).encode(), headers, creates)
        if not isinstance(answer.get("data"), dict):
            kind = UNCONFIRMED if creates else RETRYABLE
            raise PublishError(kind, "PLATFORM_ERROR", "tiktok: an answer without data")
        return answer["data"]

    def _send(self, method, url, body, headers, creates=False):
        """One call; its JSON answer ({} for an upload's), or PublishError. `creates`:
        TikTok publishes after this call, so a time-out after it left is an unknown outcome."""
        headers = {**headers, "Authorization": self.authorization}
        response = calls.send("tiktok", method, url, self.timeout, body, headers, creates)
        # TikTok's answers are JSON objects, failures included; anything else says no more.
        answer = calls.error_body(response.body)
        error = answer.get("error") if isinstance(answer.get("error"), dict) else {}
        if 200 <= response.status < 300 and error.get("code", "ok") == "ok":
            return answer
        raise classify(response.status, error.get("code") or "", error.get("message") or "")


def _body(post_info, source_info):
    return {"post_info": post_info, "source_info": source_info}


def classify(status, code, message):
    """TikTok's answer (HTTP status and `error.code`, either of which may carry the
    failure) as a PublishError."""
    text = f"tiktok: {code or f'HTTP {status}'}" + (f": {message}" if message else "")
    if code in TOKEN_CODES or status == 401:
        return PublishError(TOKEN, "PLATFORM_UNAUTHORIZED", text)
    if code == "rate_limit_exceeded" or status == 429:
        return PublishError(BLOCKED, "RATE_LIMITED", text, clock.now_ms() + RATE_LIMIT_PAUSE_MS)
    if code.startswith("spam_risk") or code in POLICY_CODES:
        return PublishError(BLOCKED, "POSTING_RESTRICTED", text)
    if code == "internal_error" or status >= 500:
        return PublishError(RETRYABLE, "PLATFORM_ERROR", text)
    return PublishError(PERMANENT, "PLATFORM_REFUSED", text)
