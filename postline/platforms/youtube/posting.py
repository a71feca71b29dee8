"""Posting to YouTube (docs/platforms/youtube.md): the video's upload, its processing,
its thumbnail, the first comment, and YouTube's error classes.

A post is one video. Before its upload starts, the project's daily quota is asked for
room (postline/platforms/youtube/quota.py: BLOCKED until the quota day ends when there
is none); the upload then streams from storage through a resumable session
(upload.py). Once YouTube holds the video the part waits (`Processing`) while YouTube
processes it, and `check` asks every `[youtube] status_interval` seconds until it is
done; then the thumbnail is set (a thumbnail YouTube refuses is logged, never failing
the post: the video exists), and the part is published. An upload that cannot go on
now waits too, with its session, and `check` goes on from where YouTube stands: the
session is never given up for a new one until YouTube says it is gone, so a video is
never uploaded twice.
"""

import datetime
import json
import logging

from postline import clock
from postline.platforms import calls
from postline.platforms.attachments import checked_comment, checked_media, checked_options, media_rows
from postline.platforms.base import (
    BLOCKED,
    PERMANENT,
    RETRYABLE,
    TOKEN,
    Processing,
    Published,
    PublishError,
)
from postline.platforms.youtube import quota, upload
from postline.platforms.youtube.limits import check_comment, check_content, check_options, fits, title_of
from postline.statuses import PartKind

log = logging.getLogger(__name__)

PLATFORM = "youtube"
DEFAULT_CATEGORY = "22"  # People & Blogs, YouTube's own default for an upload
SHORTS_TAG = "#Shorts"
THUMBNAIL_TYPES = ("image/jpeg", "image/png")
THUMBNAIL_BYTES = 2 * 1024 * 1024
RATE_LIMIT_PAUSE_MS = 15 * 60 * 1000
UPLOAD_LIMIT_PAUSE_MS = 24 * 3600 * 1000  # "try again in 24 hours"
DONE_PROCESSING = ("succeeded",)
FAILED_UPLOADS = ("failed", "rejected", "deleted")


def publish(post, target, part, call):
    """Upload the part's video (its first comment: comment under it), then wait while
    YouTube processes it."""
    api = _Api(call)
    if part.kind == PartKind.COMMENT:
        return _comment(api, part, call)
    files = checked_media(part, PLATFORM, check_content)
    options = checked_options(part, files, check_options)
    video = files[0]
    quota.hold_upload(call.settings)
    session = upload.open_session(api, metadata(part.content, options, video), video)
    state = {
        "session": session,
        "media": video.id,
        "thumbnail": options.get("thumbnail"),
    }
    try:
        return _upload(api, call, state, video, offset=0)
    except PublishError as error:
        if error.kind != TOKEN:
            raise
        # Sent again, this would open a second session: `check` refreshes the token
        # and goes on with this one.
        return _wait(call, state)


def check(post, target, part, call):
    """Go on with a stalled upload, or ask YouTube how the video's processing goes."""
    state = json.loads(part.platform_state)
    api = _Api(call)
    if "video" not in state:
        [video] = media_rows([state["media"]], PLATFORM)
        return _upload(api, call, state, video)
    quota.spend(call.settings, "videos.list")
    found = api.json("GET", f"/youtube/v3/videos?part=status,processingDetails&id={state['video']}")
    items = found.get("items") or []
    if not items:
        raise PublishError(PERMANENT, "VIDEO_GONE", f"youtube: video {state['video']} no longer exists")
    status, processing = items[0].get("status") or {}, items[0].get("processingDetails") or {}
    if status.get("uploadStatus") in FAILED_UPLOADS:
        raise _refused_upload(status)
    outcome = processing.get("processingStatus")
    if outcome in ("failed", "terminated"):
        reason = processing.get("processingFailureReason") or outcome
        raise PublishError(
            PERMANENT, "MEDIA_PROCESSING_FAILED", f"youtube: processing the video failed: {reason}"
        )
    if outcome not in DONE_PROCESSING and status.get("uploadStatus") != "processed":
        return _wait(call, state)
    if state.get("thumbnail"):
        _set_thumbnail(api, call, state["video"], state["thumbnail"])
    return Published(state["video"], video_url(state["video"]))


def metadata(content, options, video):
    """The video resource's `snippet` and `status` for its upload."""
    description = content or ""
    tagged = f"{description}\n\n{SHORTS_TAG}".strip()
    if options.get("shorts") and SHORTS_TAG.lower() not in description.lower() and fits(tagged):
        description = tagged
    snippet = {
        "title": title_of(options, content, video),
        "description": description,
        "categoryId": options.get("categoryId") or DEFAULT_CATEGORY,
    }
    if options.get("tags"):
        snippet["tags"] = list(options["tags"])
    publish_at = options.get("publishAt")
    status = {
        "privacyStatus": options.get("privacyStatus") or ("private" if publish_at is not None else "public"),
        "selfDeclaredMadeForKids": bool(options.get("madeForKids")),
    }
    if publish_at is not None:
        moment = datetime.datetime.fromtimestamp(publish_at / 1000, datetime.UTC)
        status["publishAt"] = moment.isoformat(timespec="milliseconds").replace("+00:00", "Z")
    return {"snippet": snippet, "status": status}


def video_url(video_id):
    return f"https://www.youtube.com/watch?v={video_id}"


def _upload(api, call, state, video, offset=None):
    """Send the video through the state's session; Processing while YouTube processes it,
    or while the upload waits to go on (from the same session)."""
    try:
        made = upload.send(api, state["session"], video, call.files, call.settings["chunk_bytes"], offset)
    except upload.Gone:
        raise PublishError(
            RETRYABLE,
            "UPLOAD_SESSION_GONE",
            "youtube: the upload session expired; the next attempt starts again",
        ) from None
    except upload.Stalled as stalled:
        log.info("youtube: upload of %s waits to go on: %s", video.id, stalled.message)
        return _wait(call, state)
    if made.get("status", {}).get("uploadStatus") in FAILED_UPLOADS:
        raise _refused_upload(made["status"])
    waiting = {key: value for key, value in state.items() if key != "session"}
    return _wait(call, {**waiting, "video": made["id"]})


def _wait(call, state):
    return Processing(clock.now_ms() + int(call.settings["status_interval"] * 1000), state)


def _refused_upload(status):
    """A video YouTube failed (it could not process it), rejected (a duplicate, too long,
    a copyright claim) or deleted, as a PublishError."""
    upload_status = status.get("uploadStatus")
    if upload_status == "failed":
        reason = status.get("failureReason") or "no reason given"
        return PublishError(
            PERMANENT, "MEDIA_PROCESSING_FAILED", f"youtube: processing the video failed: {reason}"
        )
    if upload_status == "deleted":
        return PublishError(PERMANENT, "VIDEO_GONE", "youtube: the video was deleted")
    reason = status.get("rejectionReason") or "no reason given"
    code = "DUPLICATE_CONTENT" if reason == "duplicate" else "VIDEO_REJECTED"
    return PublishError(PERMANENT, code, f"youtube: YouTube rejected the video: {reason}")


def _set_thumbnail(api, call, video_id, key):
    """Set the video's thumbnail from media `key`; a thumbnail YouTube refuses (or one
    that is gone, or not a JPEG or PNG of at most 2 MB) is logged: the video stands."""
    try:
        [image] = media_rows([key], PLATFORM)
        if image.content_type not in THUMBNAIL_TYPES or image.size > THUMBNAIL_BYTES:
            raise PublishError(
                PERMANENT, "THUMBNAIL_REFUSED", f"youtube: {key} is no JPEG or PNG of 2 MB or less"
            )
        path = f"/upload/youtube/v3/thumbnails/set?videoId={video_id}"
        quota.spend(call.settings, "thumbnails.set")
        api.request("POST", api.base + path, call.files.read(image), {"Content-Type": image.content_type})
    except PublishError as error:
        if error.kind == TOKEN:
            raise
        log.warning("youtube: video %s keeps its own thumbnail: %s", video_id, error.message)


def _comment(api, part, call):
    """The first comment under the video, as the channel."""
    text = checked_comment(part, check_comment)
    if (part.root.options or {}).get("madeForKids"):
        raise PublishError(PERMANENT, "COMMENTS_DISABLED", "youtube: a video made for kids takes no comments")
    video_id = part.parent.platform_post_id
    body = {
        "snippet": {
            "channelId": call.account_id,
            "videoId": video_id,
            "topLevelComment": {"snippet": {"textOriginal": text}},
        }
    }
    quota.spend(call.settings, "commentThreads.insert")
    response = api.request("POST", api.base + "/youtube/v3/commentThreads?part=snippet", body, creates=True)
    thread = calls.json_answer(PLATFORM, response)
    return Published(thread["id"], f"{video_url(video_id)}&lc={thread['id']}")


class _Api:
    """One connection's calls to YouTube's API, each classified into the kinds of
    postline/platforms/base.py."""

    def __init__(self, call):
        self.base = call.settings["api_base"]
        self.timeout = call.timeout
        self.authorization = f"Bearer {call.access_token}"

    def json(self, method, path):
        return calls.json_answer(PLATFORM, self.request(method, self.base + path))

    def request(self, method, url, payload=None, headers=None, creates=False):
        """A call whose answer must be a success; its response, or PublishError."""
        headers = dict(headers or {})
        body = payload
        if isinstance(payload, dict):
            body = json.dumps(payload).encode()
            headers.setdefault("Content-Type", "application/json; charset=UTF-8")
        response = self.send(method, url, body, headers, creates)
        if 200 <= response.status < 300:
            return response
        raise self.classify(response)

    def send(self, method, url, body, headers, creates=False):
        """One call with the token; its response, whatever its status (PublishError when none came)."""
        headers = {**headers, "Authorization": self.authorization}
        return calls.send(PLATFORM, method, url, self.timeout, body, headers, creates)

    def classify(self, response):
        return classify(response.status, response.body)


def classify(status, body):
    """YouTube's error answer (`{error: {code, message, errors: [{reason, domain}]}}`) as a PublishError."""
    error = calls.error_body(body).get("error")
    error = error if isinstance(error, dict) else {}
    reasons = error.get("errors") if isinstance(error.get("errors"), list) else []
    reason = (reasons[0] if reasons and isinstance(reasons[0], dict) else {}).get("reason") or ""
    message = f"youtube: {error.get('message') or f'HTTP {status}'}" + (f" ({reason})" if reason else "")
    if reason == "youtubeSignupRequired":  # a 401 that no token can cure
        return PublishError(PERMANENT, "NO_CHANNEL", f"{message}: the Google account has no YouTube channel")
    if status == 401 or reason == "authError":
        return PublishError(TOKEN, "PLATFORM_UNAUTHORIZED", message)
    if reason == "quotaExceeded":
        return PublishError(BLOCKED, "QUOTA_EXHAUSTED", message, quota.next_reset_ms())
    if reason == "uploadLimitExceeded":
        return PublishError(BLOCKED, "UPLOAD_LIMIT", message, clock.now_ms() + UPLOAD_LIMIT_PAUSE_MS)
    if status == 429 or reason in ("rateLimitExceeded", "userRateLimitExceeded"):
        return PublishError(BLOCKED, "RATE_LIMITED", message, clock.now_ms() + RATE_LIMIT_PAUSE_MS)
    if status >= 500:
        return PublishError(RETRYABLE, "PLATFORM_ERROR", message)
    return PublishError(PERMANENT, "PLATFORM_REFUSED", message)
