"""Queries of posts and their targets."""

from models import LIVE, Channel, Post, PostPart, PostTarget, Scope
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

# TARGETS_OF_POSTS[count].rows(*post_ids): the targets of `count` posts; PARTS_OF_POSTS
# likewise their parts, in order.
TARGETS_OF_POSTS = db.Shaped(lambda count: lambda *post_ids: PostTarget.of_posts(post_ids), most=128)
PARTS_OF_POSTS = db.Shaped(lambda count: lambda *post_ids: PostPart.of_posts(post_ids), most=128)

# First comments due to be tried again on their own, after their post was published
# (postline/posts/publishing/comments.py).
CLAIM_DUE_COMMENTS = leases.Claim(PostPart)

# What a platform call's mark and outcome write on a part, in the order the writes
# below take them.
HELD_COLUMNS = (
    "status",
    "attempts",
    "error_code",
    "error_message",
    "platform_post_id",
    "url",
    "published_at",
    "check_at",
    "processing_since",
    "platform_state",
    "next_attempt_at",
    "due_at",
    "updated_at",
)


def _columns(values):
    return {getattr(PostPart, name): value for name, value in zip(HELD_COLUMNS, values, strict=True)}


def _write_part_if_post_held(*slots):
    *values, part_id, post_id, owner = slots
    held = Post.select(Post.id).where((Post.id == post_id) & leases.held(Post, owner))
    return PostPart.update(_columns(values)).where((PostPart.id == part_id) & PostPart.post_id.in_(held))


# WRITE_PART_IF_POST_HELD.execute(*HELD_COLUMNS values, part_id, post_id, lease_owner):
# one statement that writes a part only while its post's lease holds (rowcount 0 when
# it was lost), so a platform call's outcome costs no separate lease check.
WRITE_PART_IF_POST_HELD = db.Compiled(_write_part_if_post_held)
