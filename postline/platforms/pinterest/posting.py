"""Pinning to Pinterest: an image (or 2 to 5) Pinterest fetches from the signed
public media URLs, or a video registered at `/v5/media`, uploaded to the address
Pinterest answers, and processed: the target waits (`Processing`) until Pinterest
says `succeeded`, asked again at its `check_at` without a thread waiting. Only `POST
/v5/pins` makes what readers see: a time-out there is an unknown outcome, never
re-sent; a failed upload is simply retried (docs/platforms/pinterest.md).
"""

import json

from urllib3 import encode_multipart_formdata

from postline import clock
from postline.platforms import calls
from postline.platforms.attachments import checked_media, checked_options, media_rows
from postline.platforms.base import (
    BLOCKED,
    PERMANENT,
    RETRYABLE,
    TOKEN,
    Processing,
    Published,
    PublishError,
)
from postline.platforms.pinterest.limits import check_content, check_options, is_video

PLATFORM = "pinterest"
DEFAULT_STATUS_INTERVAL = 5
# When a 429 says nothing of when to come back: Pinterest's windows are a minute long.
THROTTLE_FALLBACK_MS = 60_000
PENDING = ("registered", "processing")
UNREACHABLE = "unable to reach the url"


def publish(post, target, part, call):
    """Pin the part's image(s); or upload its video and wait for Pinterest to process it."""
    files = checked_media(part, PLATFORM, check_content)
    options = checked_options(part, files, check_options)
    api = Api(call)
    if is_video(files[0]):
        media_id = api.upload_video(files[0])
        return _advance(api, call, part, {"media_id": media_id})
    if len(files) == 1:
        source = {"source_type": "image_url", "url": call.files.public_url(files[0])}
    else:
        items = [{"url": call.files.public_url(item)} for item in files]
        source = {"source_type": "multiple_image_urls", "items": items}
    return api.pin(part, options, source, files)


def check(post, target, part, call):
    """Ask Pinterest whether the video is processed; pin it once it is."""
    return _advance(Api(call), call, part, json.loads(part.platform_state))


def _advance(api, call, part, state):
    status = api.get(f"/v5/media/{state['media_id']}").get("status")
    if status in PENDING:
        interval = int(call.settings.get("status_interval") or DEFAULT_STATUS_INTERVAL)
        return Processing(clock.now_ms() + interval * 1000, state)
    if status == "failed":
        raise PublishError(
            PERMANENT, "MEDIA_PROCESSING_FAILED", "pinterest: Pinterest could not process the video"
        )
    if status != "succeeded":
        raise PublishError(RETRYABLE, "PLATFORM_ERROR", f"pinterest: unknown media status {status!r}")
    options = part.options or {}
    source = {"source_type": "video_id", "media_id": state["media_id"]}
    if options.get("coverMedia"):
        [cover] = media_rows([options["coverMedia"]], PLATFORM)
        if not cover.content_type.startswith("image/"):
            message = f"pinterest: coverMedia {cover.id} is not an image ({cover.content_type})"
            raise PublishError(PERMANENT, "CONTENT_REFUSED", message)
        source["cover_image_url"] = call.files.public_url(call.files.jpeg(cover))
    else:
        source["cover_image_key_frame_time"] = 0
    return api.pin(part, options, source, [])


class Api:
    """One connection's calls to Pinterest's API v5, each classified into the kinds of
    postline/platforms/base.py."""

    def __init__(self, call):
        self.base = call.settings["api_base"]
        self.timeout = call.timeout
        self.authorization = f"Bearer {call.access_token}"
        self.files = call.files

    def get(self, path):
        return self._json("GET", path)

    def pin(self, part, options, source, files):
        """Create the pin on the post's board: what readers see."""
        body = {"board_id": options["boardId"], "media_source": source}
        if part.content:
            body["description"] = part.content
        for option, field in (("boardSectionId", "board_section_id"), ("title", "title"), ("link", "link")):
            if options.get(option):
                body[field] = options[option]
        if len(files) == 1 and files[0].alt_text:
            body["alt_text"] = files[0].alt_text
        pin_id = str(self._json("POST", "/v5/pins", body, creates=True)["id"])
        return Published(pin_id, f"https://www.pinterest.com/pin/{pin_id}/")

    def upload_video(self, item):
        """Register the video, upload its bytes to the address Pinterest gives; its media id."""
        registered = self._json("POST", "/v5/media", {"media_type": "video"})
        fields = list((registered.get("upload_parameters") or {}).items())
        fields.append(("file", (item.filename, self.files.read(item), item.content_type)))
        body, content_type = encode_multipart_formdata(fields)
        response = calls.send(
            PLATFORM, "POST", registered["upload_url"], self.timeout, body, {"Content-Type": content_type}
        )
        if not 200 <= response.status < 300:
            message = f"pinterest: the video upload answered HTTP {response.status}"
            raise PublishError(RETRYABLE, "MEDIA_UPLOAD_FAILED", message)
        return str(registered["media_id"])

    def _json(self, method, path, payload=None, creates=False):
        """One call; its JSON answer, or PublishError. `creates`: the call makes what
        readers see, so a time-out after it left is an unknown outcome."""
        headers = {"Authorization": self.authorization}
        body = None
        if payload is not None:
            body = json.dumps(payload).encode()
            headers["Content-Type"] = "application/json"
        response = calls.send(PLATFORM, method, self.base + path, self.timeout, body, headers, creates)
        if 200 <= response.status < 300:
            return calls.json_answer(PLATFORM, response)
        raise classify(response.status, response.headers, response.body)


def classify(status, headers, body):
    """Pinterest's error answer (`{"code", "message"}`) as a PublishError."""
    error = calls.error_body(body)
    said = error.get("message") or f"HTTP {status}"
    message = f"pinterest: {said}"
    if status == 401:
        return PublishError(TOKEN, "PLATFORM_UNAUTHORIZED", message)
    if status == 429:
        return PublishError(BLOCKED, "RATE_LIMITED", message, _resume_at(headers))
    if status >= 500 or UNREACHABLE in said.lower():
        return PublishError(RETRYABLE, "PLATFORM_ERROR", message)
    if status == 404 and "board" in said.lower():
        return PublishError(PERMANENT, "BOARD_NOT_FOUND", message)
    return PublishError(PERMANENT, "PLATFORM_REFUSED", message)


def _resume_at(headers):
    """When a 429 says access comes back (Retry-After or the reset header, in
    seconds); a minute from now when it says nothing."""
    for name in ("Retry-After", "X-RateLimit-Reset"):
        value = headers.get(name)
        if value and value.isdigit():
            return clock.now_ms() + int(value) * 1000
    return clock.now_ms() + THROTTLE_FALLBACK_MS
