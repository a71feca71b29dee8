"""Publishing to Threads: a container per post or reply (`POST /{user-id}/threads`),
made from the text, a signed public media URL Threads fetches, or a carousel's item
containers, then published (`threads_publish`) once Threads says it is FINISHED
(docs/platforms/threads.md).

Before anything is made, the account's 24-hour quota is read (`threads_publishing_limit`:
250 posts, and 1,000 replies apart): used up, the target is blocked until the window
frees. A container still IN_PROGRESS (a video, a carousel's items) makes the part wait
(`Processing`), asked about again at its `check_at` without a thread waiting. A
thread's part replies to the published media above it (`reply_to_id`); a first comment
is the author's reply to the post. Only `threads_publish` makes what readers see: a
time-out there is an unknown outcome, never re-sent.
"""

import json

from models import PostPart, PostTarget
from postline import clock
from postline.platforms.attachments import checked_comment, checked_media, checked_options
from postline.platforms.base import (
    BLOCKED,
    PERMANENT,
    RETRYABLE,
    UNCONFIRMED,
    Processing,
    Published,
    PublishError,
)
from postline.platforms.threads.graph import PLATFORM, Graph
from postline.platforms.threads.limits import (
    IMAGE_BYTES,
    check_comment,
    check_content,
    check_options,
    is_video,
)
from postline.statuses import PartKind, TargetStatus

DEFAULT_STATUS_INTERVAL = 30
# When the quota is used up and Postline published nothing there in the window itself.
LIMIT_RECHECK_MS = 60 * 60 * 1000
QUOTA_FIELDS = "quota_usage,config,reply_quota_usage,reply_config"
# Images Threads takes as they are; any other goes as its JPEG rendition.
AS_IS = ("image/jpeg", "image/png")
IN_PROGRESS, FINISHED, PUBLISHED = "IN_PROGRESS", "FINISHED", "PUBLISHED"
# The post's options, as the container's fields name them.
OPTION_FIELDS = {
    "replyControl": "reply_control",
    "topicTag": "topic_tag",
    "linkAttachment": "link_attachment",
}


def publish(post, target, part, call):
    """Read the quota, make the part's container (a carousel's items first), then
    publish it once Threads is done with it."""
    graph = Graph(call)
    if part.kind == PartKind.COMMENT:
        checked_comment(part, check_comment)
        files = []
    else:
        files = checked_media(part, PLATFORM, check_content)
        checked_options(part, files, check_options)
    _check_quota(graph, call.account_id, target, part.kind)
    threads = f"{call.account_id}/threads"
    if len(files) > 1:
        items = [
            graph.post(threads, {**_media_fields(item, call.files), "is_carousel_item": "true"})["id"]
            for item in files
        ]
        return _advance(graph, call, part, {"items": [str(item) for item in items]})
    fields = _media_fields(files[0], call.files) if files else {"media_type": "TEXT"}
    container = graph.post(threads, {**fields, **_post_fields(part)})["id"]
    return _advance(graph, call, part, {"container": str(container)})


def check(post, target, part, call):
    """Ask Threads about the part's containers again; publish once they are FINISHED."""
    return _advance(Graph(call), call, part, json.loads(part.platform_state))


def _post_fields(part):
    """What a part's container says besides its media: its text, the published part it
    answers (a thread's reply or the first comment), and the post's options."""
    fields = {"text": part.content} if part.content else {}
    if part.parent is not None:
        fields["reply_to_id"] = part.parent.platform_post_id
    options = part.options or {}
    fields.update({name: options[option] for option, name in OPTION_FIELDS.items() if options.get(option)})
    return fields


def _media_fields(item, files):
    """A media container's fields: the signed public URL Threads fetches (a JPEG
    rendition of an image that is neither JPEG nor PNG), and its alt text."""
    if is_video(item):
        fields = {"media_type": "VIDEO", "video_url": files.public_url(item)}
    else:
        source = item if item.content_type in AS_IS else files.jpeg(item)
        if source.size > IMAGE_BYTES:
            message = f"threads: the image {item.id} has {source.size} bytes as a JPEG, over 8 MB"
            raise PublishError(PERMANENT, "CONTENT_REFUSED", message)
        fields = {"media_type": "IMAGE", "image_url": files.public_url(source)}
    if item.alt_text:
        fields["alt_text"] = item.alt_text
    return fields


def _advance(graph, call, part, state):
    """Make a carousel's container once its items are FINISHED, then publish the
    container once it is; Processing while Threads is still working."""
    if "container" not in state:
        if any(_status(graph, item) != FINISHED for item in state["items"]):
            return _wait(call, state)
        fields = {"media_type": "CAROUSEL", "children": ",".join(state["items"]), **_post_fields(part)}
        state = {**state, "container": str(graph.post(f"{call.account_id}/threads", fields)["id"])}
    status = _status(graph, state["container"])
    if status == IN_PROGRESS:
        return _wait(call, state)
    if status == PUBLISHED:
        message = "threads: the container was already published"
        raise PublishError(UNCONFIRMED, "DELIVERY_UNCONFIRMED", message)
    answer = graph.post(
        f"{call.account_id}/threads_publish", {"creation_id": state["container"]}, creates=True
    )
    media_id = str(answer["id"])
    try:
        url = graph.get(media_id, fields="permalink").get("permalink")
    except PublishError:
        url = None  # published all the same; the id finds it
    return Published(media_id, url)


def _status(graph, container):
    """A container's status (IN_PROGRESS, FINISHED or PUBLISHED); PublishError for one
    Threads could not process or let expire."""
    answer = graph.get(container, fields="id,status,error_message")
    status = answer.get("status")
    if status == "ERROR":
        reason = answer.get("error_message") or "Threads could not process the media"
        raise PublishError(PERMANENT, "MEDIA_PROCESSING_FAILED", f"threads: {reason}")
    if status == "EXPIRED":
        message = "threads: the container expired before it was published"
        raise PublishError(RETRYABLE, "CONTAINER_EXPIRED", message)
    if status not in (IN_PROGRESS, FINISHED, PUBLISHED):
        raise PublishError(RETRYABLE, "PLATFORM_ERROR", f"threads: unknown container status {status!r}")
    return status


def _wait(call, state):
    interval = int(call.settings.get("status_interval") or DEFAULT_STATUS_INTERVAL)
    return Processing(clock.now_ms() + interval * 1000, state)


def _check_quota(graph, account_id, target, kind):
    """BLOCKED until the window frees when the account's 24-hour quota of posts (or,
    for a reply or comment, of replies) is used up."""
    answer = graph.get(f"{account_id}/threads_publishing_limit", fields=QUOTA_FIELDS)
    replies = kind != PartKind.POST
    try:
        [limit] = answer["data"]
        usage = int(limit["reply_quota_usage" if replies else "quota_usage"])
        config = limit["reply_config" if replies else "config"]
        total, window_ms = int(config["quota_total"]), int(config.get("quota_duration") or 86_400) * 1000
    except (KeyError, TypeError, ValueError):
        raise PublishError(RETRYABLE, "PLATFORM_ERROR", "threads: an unreadable publishing limit") from None
    if usage < total:
        return
    what = "replies" if replies else "posts"
    raise PublishError(
        BLOCKED,
        "PUBLISHING_LIMIT",
        f"threads: {usage} of {total} {what} published in the last {window_ms // 3_600_000} hours",
        _window_frees(target, window_ms, replies),
    )


def _window_frees(target, window_ms, replies):
    """When the oldest post (or reply) Postline made on the account leaves the window;
    an hour from now when Postline made none there (others' count too)."""
    now = clock.now_ms()
    kinds = (PartKind.REPLY, PartKind.COMMENT) if replies else (PartKind.POST,)
    oldest = (
        PostPart.select(PostPart.published_at)
        .join(PostTarget)
        .where(
            (PostTarget.connection_id == target.connection_id)
            & PostPart.kind.in_(kinds)
            & (PostPart.status == TargetStatus.PUBLISHED)
            & (PostPart.published_at > now - window_ms)
        )
        .order_by(PostPart.published_at)
        .first()
    )
    return oldest.published_at + window_ms if oldest else now + LIMIT_RECHECK_MS
