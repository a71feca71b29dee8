"""Channels (decisions.md section 5): creating one with a colour, deleting one with its posts."""

import secrets

from models import Channel, Post
from postline import db
from postline.errors import ApiError

PALETTE = ("#4F46E5", "#0EA5E9", "#10B981", "#F59E0B", "#EF4444", "#8B5CF6", "#EC4899", "#64748B")


def create_channel(key, fields):
    """A new channel; a palette colour when none is given."""
    return Channel.create_for(key, color=fields.pop("color", None) or secrets.choice(PALETTE), **fields)


def delete_channel(key, channel_id):
    """Delete the channel and all its posts, unless one of them is being published."""
    with db.database.atomic():
        channel = Channel.lock_visible(key, channel_id)
        # Locking the posts keeps a worker from claiming one between this check and the delete.
        statuses = {
            post.status for post in db.for_update(Post.select(Post.status).where(Post.channel == channel))
        }
        if "publishing" in statuses:
            raise ApiError.conflict(
                "CHANNEL_BUSY", "A post of this channel is being published; retry when it has finished."
            )
        channel.delete_instance()
