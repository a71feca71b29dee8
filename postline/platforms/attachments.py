"""A post's media as the platform adapters see them: the Media rows in the post's
order, checked against the platform's limits. Their bytes and public URLs come from
the Call's `files` (postline/platforms/protocol.py, `Files`)."""

from models import Media
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
