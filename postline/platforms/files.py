"""The media files of a post, as the platform adapters send them."""

from models import Media
from postline import media
from postline.platforms.base import PERMANENT, PublishError


def media_of(post, platform):
    """The post's Media rows in its order; PublishError (permanent) naming `platform`
    when some were deleted since the post was scheduled."""
    if not post.media:
        return []
    rows = {row.id: row for row in Media.select().where(Media.id.in_(post.media))}
    missing = [key for key in post.media if key not in rows]
    if missing:
        raise PublishError(
            PERMANENT, "MEDIA_MISSING", f"{platform}: media {', '.join(missing)} no longer exist"
        )
    return [rows[key] for key in post.media]


def read(item):
    """The stored bytes of a Media row."""
    reader = media.backend().open(item.id)
    try:
        return b"".join(reader)
    finally:
        reader.close()
