"""Media records: made from a received file, alt text changed, deleted (docs/media.md)."""

import logging
import unicodedata

from models import Media, Post
from postline import db, media
from postline.errors import Conflict
from postline.limits import usage
from postline.media import kinds, references, renditions
from postline.statuses import PostStatus

log = logging.getLogger(__name__)

MAX_FILENAME = 255


def create(key, incoming, filename, alt_text=None):
    """A media record for a file received in full: its type checked, its size and
    duration read, the file stored under a new key."""
    kind = incoming.finish()
    details = kinds.probe(kind, incoming.path, incoming.field, incoming.limits.pixels)
    media_key = f"{Media.new_id()}.{kind.extension}"
    backend = media.backend()
    backend.save(media_key, incoming.path, kind.content_type)
    try:
        record = Media.create_for(
            key,
            id=media_key,
            filename=display_name(filename, kind),
            content_type=kind.content_type,
            size=incoming.size,
            sha256=incoming.sha256,
            alt_text=alt_text or None,
            **details,
        )
    except BaseException:
        backend.delete(media_key)
        raise
    usage.count(key.account_id, key.mode, media_bytes=incoming.size)
    return record


def update(key, media_key, fields):
    """Change a media record's alt text (an empty one is none)."""
    if "alt_text" in fields:
        fields["alt_text"] = fields["alt_text"] or None
    return Media.update_visible(key, media_key, fields)


def delete(key, media_key):
    """Delete a media record and its file; MEDIA_IN_USE while a post not yet done names
    it (references.named: as its media, a part's, a version's, a reel's cover)."""
    with db.database.atomic():
        record = Media.lock_visible(key, media_key)
        mentioned = (
            Post.media.contains(record.id)
            | Post.thread.contains(record.id)
            | Post.platforms.contains(record.id)
        )
        candidates = Post.visible_to(key).where((Post.status != PostStatus.DONE) & mentioned)
        users = [
            post.id
            for post in candidates.select(Post.id, Post.media, Post.thread, Post.platforms)
            if record.id in references.named_by_post(post)
        ]
        if users:
            raise Conflict(
                "MEDIA_IN_USE",
                f"{record.id} is used by {len(users)} post(s) not yet done: {', '.join(users[:10])}.",
                [{"field": "key", "message": f"used by {post_id}"} for post_id in users[:10]],
            )
        record.delete_instance()
    # After the commit: a failed delete leaves a file without a record, never the reverse.
    try:
        media.backend().delete(record.id)
        renditions.forget(record)
    except Exception:
        log.exception("could not delete the stored file of %s", record.id)


def read(record, start=0, length=None):
    """The media's bytes (or `length` of them from `start`) as a storage Reader."""
    return media.backend().open(record.id, start, length)


def display_name(filename, kind):
    """The client's file name, for display only: no directories, no control or format
    characters, at most 255 characters; `upload.<ext>` when nothing is left."""
    name = (filename or "").replace("\\", "/").rsplit("/", 1)[-1]
    name = "".join(char for char in name if unicodedata.category(char)[0] != "C").strip()
    if name in ("", ".", ".."):
        return f"upload.{kind.extension}"
    return name[:MAX_FILENAME]
