"""Publishing to a Facebook Page: feed text (with a link shown with its preview),
photos attached to a feed post, or one video, and the first comment
(docs/platforms/meta.md).

Photos go up unpublished (`published=false`, fetched by Meta from the signed media
URL) and are attached to the one feed post that readers see; a video is posted by
`/videos` with its `file_url`. Only that last call creates what readers see: a
time-out there is an unknown outcome, never re-sent.
"""

import json

from postline.platforms.attachments import checked_comment, checked_media, checked_options
from postline.platforms.base import Limits, Published
from postline.platforms.meta.graph import Graph
from postline.statuses import PartKind

PLATFORM = "facebook"
CONTENT_LIMIT = 63_206
MAX_PHOTOS = 10
MB = 1024 * 1024
PHOTO_BYTES = 10 * MB
VIDEO_BYTES = 1024 * MB
COMMENT_LIMIT = 8_000


def check_content(content, media):
    """What of `content` and `media` (Media rows) Facebook would refuse: [(field, message)]."""
    problems = []
    if len(content or "") > CONTENT_LIMIT:
        problems.append(("content", f"facebook: {len(content)} of {CONTENT_LIMIT} characters"))
    if not content and not media:
        problems.append(("content", "facebook: a post needs text or media"))
    videos = [item for item in media if item.content_type.startswith("video/")]
    if videos and len(media) > 1:
        problems.append(("media", "facebook: a video goes alone: no other media beside it"))
    elif len(media) > MAX_PHOTOS:
        problems.append(("media", f"facebook: at most {MAX_PHOTOS} photos ({len(media)} given)"))
    for index, item in enumerate(media):
        if not item.content_type.startswith(("image/", "video/")):
            message = f"facebook: takes photos and videos ({item.content_type} given)"
            problems.append((f"media[{index}]", message))
            continue
        video = item.content_type.startswith("video/")
        limit = VIDEO_BYTES if video else PHOTO_BYTES
        if item.size > limit:
            kind = "video" if video else "photo"
            problems.append((f"media[{index}]", f"facebook: a {kind} may have at most {limit // MB} MB"))
    return problems


def check_comment(content):
    """What of a first comment's text Facebook would refuse: [(field, message)]."""
    if not content:
        return [("content", "facebook: a comment needs text")]
    if len(content) > COMMENT_LIMIT:
        return [
            ("content", f"facebook: a comment has at most {COMMENT_LIMIT} characters ({len(content)} given)")
        ]
    return []


def check_options(options, media):
    """What of the post's options Facebook would refuse beside `media`: a link post shows
    the link's preview, so it carries no photos or video."""
    if options.get("link") and media:
        return [("link", "facebook: a link post takes no media: its link's preview stands for it")]
    return []


def publish(post, target, part, call):
    graph = Graph(call)
    if part.kind == PartKind.COMMENT:
        return graph.comment(part.parent, checked_comment(part, check_comment))
    files = checked_media(part, PLATFORM, check_content)
    options = checked_options(part, files, check_options)
    page = call.account_id
    if files and files[0].content_type.startswith("video/"):
        answer = graph.post(
            f"{page}/videos",
            {"file_url": call.files.public_url(files[0]), "description": part.content or ""},
            creates=True,
        )
        return Published(str(answer["id"]), f"https://www.facebook.com/{page}/videos/{answer['id']}")
    fields = {"message": part.content or ""}
    if options.get("link"):
        fields["link"] = options["link"]
    if files:
        photo_ids = [
            graph.post(f"{page}/photos", {"url": call.files.public_url(item), "published": "false"})["id"]
            for item in files
        ]
        fields["attached_media"] = json.dumps([{"media_fbid": photo_id} for photo_id in photo_ids])
    answer = graph.post(f"{page}/feed", fields, creates=True)
    return Published(str(answer["id"]), f"https://www.facebook.com/{answer['id']}")


def check(post, target, part, call):
    """Facebook answers at once: a part never waits on it."""
    return publish(post, target, part, call)


class Facebook:
    """Facebook Pages' publisher (connected through Meta: postline/platforms/meta)."""

    platform = PLATFORM
    transactional = False
    unknown_end_kind = None
    content_limit = CONTENT_LIMIT
    limits = Limits(CONTENT_LIMIT, MAX_PHOTOS, 1, PHOTO_BYTES, VIDEO_BYTES)
    threads = False
    comments = True  # under the post, as the Page

    publish = staticmethod(publish)
    check = staticmethod(check)
    check_content = staticmethod(check_content)
    check_comment = staticmethod(check_comment)
    check_options = staticmethod(check_options)


ADAPTER = Facebook()
