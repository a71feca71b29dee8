"""Publishing to an Instagram professional account: one image, a carousel (2 to 10),
a reel (with its cover and whether it shows in the feed) or a story, through
containers Meta fetches from the signed public media URLs, and the first comment
(docs/platforms/meta.md).

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
from postline.platforms.attachments import checked_comment, checked_media, checked_options, media_rows
from postline.platforms.base import (
    BLOCKED,
    PERMANENT,
    RETRYABLE,
    UNCONFIRMED,
    Limits,
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
# The `type` option: what the post is on Instagram.
FEED, REEL, STORY = "feed", "reel", "story"
REEL_ONLY = ("shareToFeed", "coverMedia", "thumbOffsetMs")


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
        if not item.content_type.startswith(("image/", "video/")):
            message = f"instagram: takes images and videos ({item.content_type} given)"
            problems.append((f"media[{index}]", message))
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
    """What of the post's options Instagram would refuse beside `media`: a reel is one
    video, a story one image or video; a reel's settings go with a reel only, its cover
    as coverMedia or thumbOffsetMs (within the video), not both."""
    kind = options.get("type") or FEED
    videos = [item for item in media if item.content_type.startswith("video/")]
    problems = []
    if kind == REEL and (len(media) != 1 or not videos):
        problems.append(("type", f"instagram: a reel is one video ({_described(media)} given)"))
    if kind == STORY and len(media) != 1:
        problems.append(("type", f"instagram: a story is one image or video ({_described(media)} given)"))
    if kind != REEL:
        misplaced = [name for name in REEL_ONLY if name in options]
        return problems + [(name, f"instagram: {name} is for reels (type reel)") for name in misplaced]
    offset = options.get("thumbOffsetMs")
    duration = videos[0].duration_ms if videos else None
    if options.get("coverMedia") and offset is not None:
        problems.append(("coverMedia", "instagram: a reel's cover is coverMedia or thumbOffsetMs, not both"))
    elif offset is not None and duration is not None and offset > duration:
        message = f"instagram: thumbOffsetMs {offset} is past the video's end ({duration} ms)"
        problems.append(("thumbOffsetMs", message))
    return problems


def _described(media):
    videos = sum(1 for item in media if item.content_type.startswith("video/"))
    return f"{videos} video(s) and {len(media) - videos} image(s)" if media else "no media"


def publish(post, target, part, call):
    """Check the publishing limit, make the container(s), then publish once Meta is done.
    A first comment goes under the published media, as the account."""
    graph = Graph(call)
    if part.kind == PartKind.COMMENT:
        return graph.comment(part.parent, checked_comment(part, check_comment))
    files = checked_media(part, PLATFORM, check_content)
    options = checked_options(part, files, check_options)
    _check_publishing_limit(graph, call.account_id, target)
    media_urls = [_url_of(call.files, item) for item in files]
    kind = options.get("type") or FEED
    if kind == STORY:  # a story has no caption
        fields = {**_item_fields(files[0], media_urls[0]), "media_type": "STORIES"}
    elif kind == REEL:
        fields = {**_item_fields(files[0], media_urls[0]), "media_type": "REELS"}
        fields.update(_reel(options, call.files))
    elif len(files) == 1:
        fields = _item_fields(files[0], media_urls[0])
        if files[0].content_type.startswith("video/"):
            fields["media_type"] = "REELS"  # Instagram shares every feed video as a reel
    else:
        children = [
            graph.post(f"{call.account_id}/media", {**_item_fields(item, url, "VIDEO"), **CAROUSEL_ITEM})
            for item, url in zip(files, media_urls, strict=True)
        ]
        fields = {"media_type": "CAROUSEL", "children": ",".join(str(child["id"]) for child in children)}
    if kind != STORY:
        fields["caption"] = part.content or ""
    container = graph.post(f"{call.account_id}/media", fields)["id"]
    return _advance(graph, call, {"container": str(container)})


def _reel(options, files):
    """A reel's container fields from its options: whether it shows in the feed too, and
    its cover (an image of the library, sent as a JPEG URL, or a frame of the video)."""
    fields = {}
    if "shareToFeed" in options:
        fields["share_to_feed"] = "true" if options["shareToFeed"] else "false"
    if options.get("coverMedia"):
        [cover] = media_rows([options["coverMedia"]], PLATFORM)
        if not cover.content_type.startswith("image/"):
            message = f"instagram: coverMedia {cover.id} is not an image ({cover.content_type})"
            raise PublishError(PERMANENT, "CONTENT_REFUSED", message)
        fields["cover_url"] = _url_of(files, cover)
    if options.get("thumbOffsetMs") is not None:
        fields["thumb_offset"] = str(options["thumbOffsetMs"])
    return fields


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
    # A carousel's items may be images or videos; a JPEG has at most 8 MB.
    limits = Limits(CONTENT_LIMIT, MAX_CAROUSEL, MAX_CAROUSEL, JPEG_BYTES)
    threads = False
    comments = True  # under the published media, as the account

    publish = staticmethod(publish)
    check = staticmethod(check)
    check_content = staticmethod(check_content)
    check_comment = staticmethod(check_comment)
    check_options = staticmethod(check_options)


ADAPTER = Instagram()
