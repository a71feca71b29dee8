"""Queries of posts and their targets."""

from models import LIVE, Channel, Post, PostTarget, Scope
from postline import db
from postline.db import leases

# Due posts, earliest first: live ones and test-mode ones are claimed apart
# (postline/posts/publishing/claims.py says why).
CLAIM_LIVE_POSTS = leases.Claim(Post, where=lambda: Post.mode == LIVE)
CLAIM_TEST_POSTS = leases.Claim(Post, where=lambda: Post.mode != LIVE)


def _owned_channels(count):
    def build(account_id, mode, *channel_ids):
        query = Channel.visible_to(Scope(account_id, mode)).where(Channel.id.in_(list(channel_ids)))
        return db.for_update(query.select(Channel.id), "FOR SHARE")

    return build


# OWNED_CHANNELS[count].rows(account_id, mode, *channel_ids): those of `count` channel
# ids the scope may use, share-locked so that a concurrent channel delete waits.
OWNED_CHANNELS = db.Shaped(_owned_channels, most=128)

# TARGETS_OF_POSTS[count].rows(*post_ids): the targets of `count` posts.
TARGETS_OF_POSTS = db.Shaped(lambda count: lambda *post_ids: PostTarget.of_posts(post_ids), most=128)

# What a platform call's mark and outcome write on a target, in the order
# WRITE_TARGET_IF_HELD takes them.
HELD_COLUMNS = (
    "status",
    "error_code",
    "error_message",
    "platform_post_id",
    "url",
    "published_at",
    "check_at",
    "processing_since",
    "platform_state",
    "updated_at",
)


def _write_target_if_held(*slots):
    *values, target_id, post_id, owner = slots
    held = Post.select(Post.id).where((Post.id == post_id) & leases.held(Post, owner))
    columns = {getattr(PostTarget, name): value for name, value in zip(HELD_COLUMNS, values, strict=True)}
    return PostTarget.update(columns).where((PostTarget.id == target_id) & PostTarget.post.in_(held))


# WRITE_TARGET_IF_HELD.execute(*HELD_COLUMNS values, target_id, post_id, lease_owner):
# one statement that writes a target only while its post's lease holds (rowcount 0
# when it was lost), so a platform call's outcome costs no separate lease check.
WRITE_TARGET_IF_HELD = db.Compiled(_write_target_if_held)
