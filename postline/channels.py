"""Channels: groups of posts and the connections they publish to (docs/api-notes.md:
Channels)."""

import secrets

from models import Channel, Post
from postline import db
from postline.errors import Conflict
from postline.statuses import PostStatus

PALETTE = ("#4F46E5", "#0EA5E9", "#10B981", "#F59E0B", "#EF4444", "#8B5CF6", "#EC4899", "#64748B")


def create(key, fields):
    """A new channel; a palette colour when none is given."""
    channel = Channel.create_for(key, color=fields.pop("color", None) or secrets.choice(PALETTE), **fields)
    channel._connection_ids = []  # a new channel has none: no need to ask the database
    return channel


def update(key, channel_id, fields):
    """Rename or recolour a channel."""
    return Channel.update_visible(key, channel_id, fields)


def delete(key, channel_id):
    """Delete the channel and all its posts, unless one of them is being published."""
    with db.database.atomic():
        channel = Channel.lock_visible(key, channel_id)
        # Locking the posts keeps a worker from claiming one between this check and the delete.
        statuses = {
            post.status for post in db.for_update(Post.select(Post.status).where(Post.channel == channel))
        }
        if PostStatus.PUBLISHING in statuses:
            raise Conflict(
                "CHANNEL_BUSY", "A post of this channel is being published; retry when it has finished."
            )
        channel.delete_instance()
