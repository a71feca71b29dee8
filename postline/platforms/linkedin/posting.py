"""Posting to LinkedIn through its versioned REST API: image, video and document
uploads, the processing of videos and documents, the post itself with its visibility,
and the first comment (docs/platforms/linkedin.md), as the member or, for a page's
connection, as the page (the author, the media's owner and the comment's actor).

Every /rest call names the API version (`[linkedin] api_version`, sent as
`LinkedIn-Version`) and Rest.li protocol 2.0.0. Images go up by initializeUpload and
one PUT each; a video by initializeUpload with its size, one PUT per part of the
upload instructions (their ETags collected), and finalizeUpload; a PDF (a document
post) by the Documents API's initializeUpload and one PUT of the whole file. LinkedIn
then processes the video or document: the target waits (`Processing`) and `check`
asks again every VIDEO_CHECK_SECONDS until it is AVAILABLE, so no thread sits waiting.
Only `POST /rest/posts` creates what readers see: a time-out there is an unknown
outcome, never re-sent; a failed upload is simply retried.
"""

import json
from urllib.parse import quote

from postline import clock
from postline.platforms import calls
from postline.platforms.attachments import checked_comment, checked_media, checked_options
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
from postline.platforms.linkedin.limits import check_comment, check_content, check_options, is_document
from postline.platforms.linkedin.oauth import is_page
from postline.statuses import PartKind

VIDEO_CHECK_SECONDS = 5
# What GET /rest/videos/{urn} and /rest/documents/{urn} say of an upload LinkedIn processed.
AVAILABLE, PROCESSING_FAILED = "AVAILABLE", "PROCESSING_FAILED"
DAY_MS = 86_400_000
# Characters LinkedIn's "little text" format reserves: unescaped, they cut the post short.
RESERVED = frozenset("\\|{}@[]()<>#*_~")


def publish(post, target, part, call):
    """Upload the part's media, then post it; or Processing while LinkedIn works on a
    video. A first comment goes under the post, as its author."""
    api = _Rest(call)
    if part.kind == PartKind.COMMENT:
        return api.comment(part.parent.platform_post_id, checked_comment(part, check_comment))
    files = checked_media(part, "linkedin", check_content)
    options = checked_options(part, files, check_options)
    if is_page(call.account_id) and _visibility(options) != "PUBLIC":
        raise PublishError(
            PERMANENT, "PLATFORM_REFUSED", "linkedin: a page's posts are PUBLIC (it has no connections)"
        )
    if files and is_document(files[0]):
        title = options.get("title") or files[0].filename.rsplit(".", 1)[0] or "Document"
        return _wait({"document": api.upload_document(files[0]), "title": title})
    if files and files[0].content_type.startswith("video/"):
        return _wait({"video": api.upload_video(files[0])})
    images = [{"id": api.upload_image(item), "altText": item.alt_text} for item in files]
    return api.create_post(part.content, images, _visibility(options))


def check(post, target, part, call):
    """Ask LinkedIn whether the video or document it was processing is AVAILABLE; post
    once it is."""
    state = json.loads(part.platform_state)
    api = _Rest(call)
    kind = "document" if "document" in state else "video"
    processed = api.get(f"/rest/{kind}s/{quote(state[kind], safe='')}")
    if processed.get("status") == PROCESSING_FAILED:
        reason = processed.get("processingFailureReason") or f"LinkedIn could not process the {kind}"
        raise PublishError(PERMANENT, "MEDIA_PROCESSING_FAILED", f"linkedin: {reason}")
    if processed.get("status") != AVAILABLE:
        return _wait(state)
    media = {"id": state[kind], "title": state.get("title")}
    return api.create_post(part.content, [media], _visibility(part.options))


def _visibility(options):
    """Who sees the post: the version's `visibility` option, PUBLIC by default."""
    return (options or {}).get("visibility") or "PUBLIC"


def _wait(state):
    return Processing(clock.now_ms() + VIDEO_CHECK_SECONDS * 1000, state)


def commentary(text):
    """`text` in LinkedIn's little text format: reserved characters escaped."""
    return "".join(f"\\{character}" if character in RESERVED else character for character in text or "")


def post_url(post_urn):
    return f"https://www.linkedin.com/feed/update/{post_urn}/"


class _Rest:
    """One connection's calls to LinkedIn, each classified into the kinds of
    postline/platforms/base.py."""

    def __init__(self, call):
        self.base = call.settings["api_base"]
        self.version = str(call.settings["api_version"])
        self.timeout = call.timeout
        # A page's connection has the organization's URN for its account; a member's, their id.
        self.author = call.account_id if is_page(call.account_id) else f"urn:li:person:{call.account_id}"
        self.authorization = f"Bearer {call.access_token}"
        self.files = call.files

    def upload_image(self, item):
        value = self.post(
            "/rest/images?action=initializeUpload", {"initializeUploadRequest": {"owner": self.author}}
        )
        self._put(value["value"]["uploadUrl"], self.files.read(item))
        return value["value"]["image"]

    def upload_video(self, item):
        request = {
            "owner": self.author,
            "fileSizeBytes": item.size,
            "uploadCaptions": False,
            "uploadThumbnail": False,
        }
        value = self.post("/rest/videos?action=initializeUpload", {"initializeUploadRequest": request})[
            "value"
        ]
        etags = []
        for part in value["uploadInstructions"]:
            first, last = int(part["firstByte"]), int(part["lastByte"])
            etags.append(self._put(part["uploadUrl"], self.files.read(item, first, last - first + 1)))
        finalize = {
            "video": value["video"],
            "uploadToken": value.get("uploadToken", ""),
            "uploadedPartIds": etags,
        }
        self.post("/rest/videos?action=finalizeUpload", {"finalizeUploadRequest": finalize})
        return value["video"]

    def upload_document(self, item):
        """A PDF up to LinkedIn in one PUT of the whole file (chunked PUTs would overwrite
        each other); its document URN."""
        value = self.post(
            "/rest/documents?action=initializeUpload", {"initializeUploadRequest": {"owner": self.author}}
        )["value"]
        self._put(value["uploadUrl"], self.files.read(item), item.content_type)
        return value["document"]

    def create_post(self, text, media, visibility):
        body = {
            "author": self.author,
            "commentary": commentary(text),
            "visibility": visibility,
            "distribution": {
                "feedDistribution": "MAIN_FEED",
                "targetEntities": [],
                "thirdPartyDistributionChannels": [],
            },
            "lifecycleState": "PUBLISHED",
            "isReshareDisabledByAuthor": False,
        }
        items = [{key: value for key, value in item.items() if value} for item in media]
        if len(items) == 1:
            body["content"] = {"media": items[0]}
        elif items:
            body["content"] = {"multiImage": {"images": items}}
        response = self._send(
            "POST", self.base + "/rest/posts", json.dumps(body).encode(), self._headers(), True
        )
        post_urn = response.headers.get("x-restli-id")
        if not post_urn:
            # The post exists, but without its id nothing can point at it.
            raise PublishError(
                UNCONFIRMED, "DELIVERY_UNCONFIRMED", "linkedin: the post was created without an id"
            )
        return Published(post_urn, post_url(post_urn))

    def comment(self, post_urn, text):
        """Comment on `post_urn` as its author; Published with the comment's URN."""
        body = {"actor": self.author, "object": post_urn, "message": {"text": text}}
        path = f"/rest/socialActions/{quote(post_urn, safe='')}/comments"
        response = self._send("POST", self.base + path, json.dumps(body).encode(), self._headers(), True)
        comment_urn = response.headers.get("x-restli-id") or calls.error_body(response.body).get("id")
        if not comment_urn:
            raise PublishError(
                UNCONFIRMED, "DELIVERY_UNCONFIRMED", "linkedin: the comment was created without an id"
            )
        return Published(comment_urn, post_url(post_urn))

    def get(self, path):
        return calls.json_answer("linkedin", self._send("GET", self.base + path, None, self._headers()))

    def post(self, path, payload):
        return calls.json_answer(
            "linkedin", self._send("POST", self.base + path, json.dumps(payload).encode(), self._headers())
        )

    def _put(self, url, data, content_type="application/octet-stream"):
        """Upload bytes to a URL LinkedIn handed out; the part's ETag."""
        headers = {"Authorization": self.authorization, "Content-Type": content_type}
        return self._send("PUT", url, data, headers).headers.get("ETag")

    def _headers(self):
        return {
            "Authorization": self.authorization,
            "LinkedIn-Version": self.version,
            "X-Restli-Protocol-Version": "2.0.0",
            "Content-Type": "application/json",
        }

    def _send(self, method, url, body, headers, creates=False):
        """One call; its response, or PublishError. `creates`: the call makes what
        readers see, so a time-out after it left is an unknown outcome."""
        response = calls.send("linkedin", method, url, self.timeout, body, headers, creates)
        if 200 <= response.status < 300:
            return response
        raise classify(response.status, response.body, self.version)


def classify(status, body, version):
    """LinkedIn's error answer (`{status, code, serviceErrorCode, message}`) as a PublishError."""
    error = calls.error_body(body)
    message = f"linkedin: {error.get('message') or f'HTTP {status}'}"
    if status == 401:  # serviceErrorCode 65600 (invalid) or 65601 (revoked)
        return PublishError(TOKEN, "PLATFORM_UNAUTHORIZED", message)
    if status == 426:
        return PublishError(
            PERMANENT,
            "API_VERSION_RETIRED",
            f"linkedin: LinkedIn no longer serves API version {version}: "
            f"set [linkedin] api_version to a current one (YYYYMM) ({error.get('message') or 'HTTP 426'})",
        )
    if status == 429:  # a daily limit, with no header saying when it ends
        midnight = (clock.now_ms() // DAY_MS + 1) * DAY_MS
        return PublishError(BLOCKED, "RATE_LIMITED", message, midnight)
    if status >= 500:
        return PublishError(RETRYABLE, "PLATFORM_ERROR", message)
    if status == 422 and error.get("code") == "DUPLICATE_POST":
        return PublishError(PERMANENT, "DUPLICATE_CONTENT", message)
    return PublishError(PERMANENT, "PLATFORM_REFUSED", message)
