"""A post's media as the platform adapters see them: the Media rows in the post's
order, checked against the platform's limits. Their bytes and public URLs come from
the Call's `files` (postline/platforms/protocol.py, `Files`)."""

from models import Media
from postline.platforms.base import PERMANENT, PublishError


def checked_media(part, platform, check_content):
    """The part's Media rows, once the part is within the platform's limits (checked
    again at publish time: the channel's platforms may have changed since the post was
    written); PublishError CONTENT_REFUSED, permanent, otherwise."""
    files = media_of(part, platform)
    _refuse(check_content(part.content, files))
    return files


def checked_options(part, files, check_options):
    """The part's options (a post part's: its version's; {} for a reply), once the
    platform would take them beside `files`; PublishError CONTENT_REFUSED, permanent,
    otherwise."""
    options = part.options or {}
    _refuse(check_options(options, files))
    return options


def checked_comment(part, check_comment):
    """The text of a first comment, once within the platform's limits; PublishError
    CONTENT_REFUSED, permanent, otherwise."""
    _refuse(check_comment(part.content))
    return part.content


def _refuse(problems):
    if problems:
        raise PublishError(PERMANENT, "CONTENT_REFUSED", "; ".join(message for _, message in problems))


def media_of(part, platform):
    """The part's Media rows in its order; PublishError when one was deleted meanwhile."""
    return media_rows(part.media, platform)


def media_rows(keys, platform):
    """The Media rows of `keys`, in their order; PublishError MEDIA_MISSING (permanent)
    when one was deleted meanwhile."""
    if not keys:
        return []
    rows = {row.id: row for row in Media.select().where(Media.id.in_(keys))}
    missing = [key for key in keys if key not in rows]
    if missing:
        raise PublishError(
            PERMANENT, "MEDIA_MISSING", f"{platform}: media {', '.join(missing)} no longer exist"
        )
    return [rows[key] for key in keys]
