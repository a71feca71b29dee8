"""Publishing to a Facebook Page: feed text, photos attached to a feed post, or one
video (README, Meta).

Photos go up unpublished (`published=false`, fetched by Meta from the signed media
URL) and are attached to the one feed post that readers see; a video is posted by
`/videos` with its `file_url`. Only that last call creates what readers see: a
time-out there is an unknown outcome, never re-sent.
"""

import json

from postline.platforms.attachments import checked_media
from postline.platforms.base import Published
from postline.platforms.meta.graph import Graph

PLATFORM = "facebook"
CONTENT_LIMIT = 63_206
MAX_PHOTOS = 10
MB = 1024 * 1024
PHOTO_BYTES = 10 * MB
VIDEO_BYTES = 1024 * MB


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
        video = item.content_type.startswith("video/")
        limit = VIDEO_BYTES if video else PHOTO_BYTES
        if item.size > limit:
            kind = "video" if video else "photo"
            problems.append((f"media[{index}]", f"facebook: a {kind} may have at most {limit // MB} MB"))
    return problems


def publish(post, target, call):
    files = checked_media(post, PLATFORM, check_content)
    graph = Graph(call)
    page = call.account_id
    if files and files[0].content_type.startswith("video/"):
        answer = graph.post(
            f"{page}/videos",
            {"file_url": call.files.public_url(files[0]), "description": post.content or ""},
            creates=True,
        )
        return Published(str(answer["id"]), f"https://www.facebook.com/{page}/videos/{answer['id']}")
    fields = {"message": post.content or ""}
    if files:
        photo_ids = [
            graph.post(f"{page}/photos", {"url": call.files.public_url(item), "published": "false"})["id"]
            for item in files
        ]
        fields["attached_media"] = json.dumps([{"media_fbid": photo_id} for photo_id in photo_ids])
    answer = graph.post(f"{page}/feed", fields, creates=True)
    return Published(str(answer["id"]), f"https://www.facebook.com/{answer['id']}")


def check(post, target, call):
    """Facebook answers at once: a target never waits on it."""
    return publish(post, target, call)


class Facebook:
    """Facebook Pages' publisher (connected through Meta: postline/platforms/meta)."""

    platform = PLATFORM
    transactional = False
    unknown_end_kind = None
    content_limit = CONTENT_LIMIT

    publish = staticmethod(publish)
    check = staticmethod(check)
    check_content = staticmethod(check_content)


ADAPTER = Facebook()
