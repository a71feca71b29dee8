"""The media rows a post carries, in its order, for any adapter that sends them."""

from models import Media
from postline.platforms.base import PERMANENT, PublishError


def media_of(post, platform):
    """The post's Media rows in order; PublishError (permanent) if one was deleted."""
    if not post.media:
        return []
    rows = {row.id: row for row in Media.select().where(Media.id.in_(post.media))}
    missing = [key for key in post.media if key not in rows]
    if missing:
        raise PublishError(
            PERMANENT, "MEDIA_MISSING", f"{platform}: media {', '.join(missing)} no longer exist"
        )
    return [rows[key] for key in post.media]


def checked_media(post, platform, check_content):
    """The post's Media rows once `check_content` finds nothing against the platform's
    limits (checked again at publish: the post may predate the connection)."""
    files = media_of(post, platform)
    problems = check_content(post.content, files)
    if problems:
        raise PublishError(PERMANENT, "CONTENT_REFUSED", "; ".join(message for _, message in problems))
    return files
