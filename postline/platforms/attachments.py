"""A post's media as the platform adapters read them: the Media rows in the post's
order (checked against the platform's limits), and their bytes (whole, or one part of
a multipart upload)."""

from models import Media
from postline import media
from postline.media.storage import Missing
from postline.platforms.base import PERMANENT, PublishError


def checked_media(post, platform, check_content):
    """The post's Media rows, once the post is within the platform's limits (checked
    again at publish time: the channel's platforms may have changed since the post was
    written); PublishError CONTENT_REFUSED, permanent, otherwise."""
    files = media_of(post, platform)
    problems = check_content(post.content, files)
    if problems:
        raise PublishError(PERMANENT, "CONTENT_REFUSED", "; ".join(message for _, message in problems))
    return files


def media_of(post, platform):
    """The post's Media rows in its order; PublishError when one was deleted meanwhile."""
    if not post.media:
        return []
    rows = {row.id: row for row in Media.select().where(Media.id.in_(post.media))}
    missing = [key for key in post.media if key not in rows]
    if missing:
        raise PublishError(
            PERMANENT, "MEDIA_MISSING", f"{platform}: media {', '.join(missing)} no longer exist"
        )
    return [rows[key] for key in post.media]


def read(item, start=0, length=None):
    """The stored bytes of `item`, or `length` of them from `start`; PublishError
    MEDIA_MISSING, permanent, when its file is gone from storage (removed by hand, or a
    bucket emptied): nothing was sent, and sending again cannot help."""
    try:
        reader = media.backend().open(item.id, start, length)
    except Missing:
        raise PublishError(
            PERMANENT, "MEDIA_MISSING", f"media {item.id}: its file is gone from storage"
        ) from None
    try:
        return b"".join(reader)
    finally:
        reader.close()
