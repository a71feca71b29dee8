"""Publishing to an Instagram professional account: one image, a carousel (up to 10)
or a Reel, through containers Meta fetches from the signed public media URLs
(README, Meta).

Instagram takes JPEG only: a PNG, WebP or GIF still goes as its JPEG rendition
(postline/media/renditions.py). Before anything is made, the account's 24-hour
publishing limit is read (`content_publishing_limit`); over it the target is blocked
until the window frees. A container Meta is still fetching or transcoding makes the
target wait (`Processing`), asked about again at its `check_at` without a thread
waiting; once FINISHED, `media_publish` makes the post readers see (a time-out there
is an unknown outcome, never re-sent).
"""

import json
import re

from models import PostPart, PostTarget
from postline import clock
from postline.platforms.attachments import checked_comment, checked_media
from postline.platforms.base import (
    BLOCKED,
    PERMANENT,
    RETRYABLE,
    UNCONFIRMED,
    Processing,
    Published,
    PublishError,
)
from postline.platforms.meta.graph import Graph
from postline.statuses import PartKind, TargetStatus

PLATFORM = "instagram"
CONTENT_LIMIT = 2_200
MAX_HASHTAGS = 30
MAX_CAROUSEL = 10
MB = 1024 * 1024
JPEG_BYTES = 8 * MB
JPEG = "image/jpeg"
HASHTAG = re.compile(r"#\w+")
# When the limit is reached and Postline published nothing there in the window itself.
LIMIT_RECHECK_MS = 60 * 60 * 1000
DEFAULT_STATUS_INTERVAL = 5
CAROUSEL_ITEM = {"is_carousel_item": "true"}


def check_content(content, media):
    """What of `content` and `media` (Media rows) Instagram would refuse: [(field, message)]."""
    problems = []
    text = content or ""
    if len(text) > CONTENT_LIMIT:
        problems.append(("content", f"instagram: {len(text)} of {CONTENT_LIMIT} characters"))
    hashtags = len(HASHTAG.findall(text))
    if hashtags > MAX_HASHTAGS:
        problems.append(("content", f"instagram: {hashtags} of {MAX_HASHTAGS} hashtags"))
    if not media:
        problems.append(("media", "instagram: a post needs an image or a video"))
    elif len(media) > MAX_CAROUSEL:
        given = len(media)
        problems.append(("media", f"instagram: at most {MAX_CAROUSEL} items in a carousel ({given} given)"))
    for index, item in enumerate(media):
        if item.content_type == JPEG and item.size > JPEG_BYTES:
            message = f"instagram: a JPEG may have at most 8 MB ({item.size} bytes)"
            problems.append((f"media[{index}]", message))
    return problems


def check_comment(content):
    """What of a first comment's text Instagram would refuse: [(field, message)]."""
    problems = []
    if not content:
        problems.append(("content", "instagram: a comment needs text"))
    elif len(content) > CONTENT_LIMIT:
        problems.append(("content", f"instagram: a comment has at most {CONTENT_LIMIT} characters"))
    if len(HASHTAG.findall(content or "")) > MAX_HASHTAGS:
        problems.append(("content", f"instagram: a comment has at most {MAX_HASHTAGS} hashtags"))
    return problems


def check_options(options, media):
    """Instagram's options are checked by the API's schema; none depends on the media yet."""
    return []


def publish(post, target, part, call):
    """Check the publishing limit, make the container(s), then publish once Meta is done.
    A first comment goes under the published media, as the account."""
    graph = Graph(call)
    if part.kind == PartKind.COMMENT:
        return graph.comment(part.parent, checked_comment(part, check_comment))
    files = checked_media(part, PLATFORM, check_content)
    _check_publishing_limit(graph, call.account_id, target)
    media_urls = [_url_of(call.files, item) for item in files]
    caption = part.content or ""
    if len(files) == 1:
        fields = _item_fields(files[0], media_urls[0])
        if files[0].content_type.startswith("video/"):
            fields["media_type"] = "REELS"
    else:
        children = [
            graph.post(f"{call.account_id}/media", {**_item_fields(item, url, "VIDEO"), **CAROUSEL_ITEM})
            for item, url in zip(files, media_urls, strict=True)
        ]
        fields = {"media_type": "CAROUSEL", "children": ",".join(str(child["id"]) for child in children)}
    container = graph.post(f"{call.account_id}/media", {**fields, "caption": caption})["id"]
    return _advance(graph, call, {"container": str(container)})


def check(post, target, part, call):
    """Ask Meta about the container again; publish it once it is FINISHED."""
    return _advance(Graph(call), call, json.loads(part.platform_state))


def _item_fields(item, url, video_type=None):
    if item.content_type.startswith("video/"):
        return {"video_url": url, **({"media_type": video_type} if video_type else {})}
    return {"image_url": url}


def _url_of(files, item):
    if item.content_type.startswith("video/"):
        return files.public_url(item)
    jpeg = files.jpeg(item)
    if jpeg.size > JPEG_BYTES:
        raise PublishError(
            PERMANENT, "CONTENT_REFUSED", f"instagram: the JPEG of {item.id} has {jpeg.size} bytes, over 8 MB"
        )
    return files.public_url(jpeg)


def _advance(graph, call, state):
    container = state["container"]
    answer = graph.get(container, fields="status_code,status")
    status = answer.get("status_code")
    if status == "IN_PROGRESS":
        interval = int(call.settings.get("status_interval") or DEFAULT_STATUS_INTERVAL)
        return Processing(clock.now_ms() + interval * 1000, state)
    if status == "ERROR":
        reason = answer.get("status") or "Meta could not process the media"
        raise PublishError(PERMANENT, "MEDIA_PROCESSING_FAILED", f"instagram: {reason}")
    if status == "EXPIRED":
        raise PublishError(
            RETRYABLE, "CONTAINER_EXPIRED", "instagram: the container expired before it was published"
        )
    if status == "PUBLISHED":
        message = "instagram: the container was already published"
        raise PublishError(UNCONFIRMED, "DELIVERY_UNCONFIRMED", message)
    if status != "FINISHED":
        raise PublishError(RETRYABLE, "PLATFORM_ERROR", f"instagram: unknown container status {status!r}")
    published = graph.post(f"{call.account_id}/media_publish", {"creation_id": container}, creates=True)
    media_id = str(published["id"])
    try:
        url = graph.get(media_id, fields="permalink").get("permalink")
    except PublishError:
        url = None  # published all the same; the id finds it
    return Published(media_id, url)


def _check_publishing_limit(graph, account_id, target):
    """BLOCKED until the window frees when the account's 24-hour limit is used up."""
    answer = graph.get(f"{account_id}/content_publishing_limit", fields="quota_usage,config")
    try:
        [limit] = answer["data"]
        usage, total = int(limit["quota_usage"]), int(limit["config"]["quota_total"])
        window_ms = int(limit["config"].get("quota_duration") or 86_400) * 1000
    except (KeyError, TypeError, ValueError):
        raise PublishError(RETRYABLE, "PLATFORM_ERROR", "instagram: an unreadable publishing limit") from None
    if usage < total:
        return
    raise PublishError(
        BLOCKED,
        "PUBLISHING_LIMIT",
        f"instagram: {usage} of {total} posts published in the last {window_ms // 3_600_000} hours",
        _window_frees(target, window_ms),
    )


def _window_frees(target, window_ms):
    """When the oldest post Postline made on the account leaves the window; an hour
    from now when Postline made none there (others' posts count too)."""
    now = clock.now_ms()
    oldest = (
        PostPart.select(PostPart.published_at)
        .join(PostTarget)
        .where(
            (PostTarget.connection_id == target.connection_id)
            & (PostPart.kind == PartKind.POST)
            & (PostPart.status == TargetStatus.PUBLISHED)
            & (PostPart.published_at > now - window_ms)
        )
        .order_by(PostPart.published_at)
        .first()
    )
    return oldest.published_at + window_ms if oldest else now + LIMIT_RECHECK_MS


class Instagram:
    """Instagram professional accounts' publisher (connected through Meta: postline/platforms/meta)."""

    platform = PLATFORM
    transactional = False
    unknown_end_kind = None
    content_limit = CONTENT_LIMIT
    threads = False
    comments = True  # under the published media, as the account

    publish = staticmethod(publish)
    check = staticmethod(check)
    check_content = staticmethod(check_content)
    check_comment = staticmethod(check_comment)
    check_options = staticmethod(check_options)


ADAPTER = Instagram()
