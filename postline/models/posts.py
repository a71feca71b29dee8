"""Posts, their targets, the test-mode sandbox's feed, and the per-status tallies of posts."""

from peewee import (
    AutoField,
    BigIntegerField,
    BooleanField,
    CharField,
    CompositeKey,
    ForeignKeyField,
    IntegerField,
    Model,
    TextField,
)

from postline.db import ListField, database
from postline.models.accounts import TenantModel
from postline.models.base import BaseModel, HasLastError
from postline.models.channels import Channel


class Post(HasLastError, TenantModel):
    """A post and where it stands in its lifecycle (README, API notes: Posts).

    `due_at` is when the worker must next act on the post (its schedule, a retry, or
    the end of a publishing lease); NULL when nothing is pending. `post_tally` keeps
    per-status counts, maintained by database triggers (migration 0003).
    """

    id_prefix = "post"
    id = CharField(primary_key=True, max_length=40)
    channel = ForeignKeyField(Channel, on_delete="CASCADE")
    content = TextField(null=True)
    scheduled_for = BigIntegerField()
    timezone = CharField(max_length=64, null=True)
    media = ListField()
    status = CharField(max_length=12)
    attempts = IntegerField(default=0)
    next_attempt_at = BigIntegerField(null=True)
    last_error_code = CharField(max_length=64, null=True)
    last_error_message = TextField(null=True)
    delivered_at = BigIntegerField(null=True)
    # False until the worker first gives the post targets: a listing of posts still
    # waiting then needs no query for targets.
    has_targets = BooleanField(default=False)
    due_at = BigIntegerField(null=True, index=True)
    lease_owner = CharField(max_length=120, null=True)
    lease_expires_at = BigIntegerField(null=True)

    class Meta:
        indexes = (
            (("account", "mode", "scheduled_for", "id"), False),
            (("account", "mode", "created_at", "id"), False),
            (("account", "mode", "status", "scheduled_for", "id"), False),
            (("account", "mode", "status", "created_at", "id"), False),
            (("account", "mode", "channel", "scheduled_for", "id"), False),
        )

    @property
    def targets(self):
        """The post's targets, loaded once (postline/posts/targets.py loads a whole page's)."""
        if not hasattr(self, "_targets"):
            self._targets = list(PostTarget.of_posts([self.id])) if self.has_targets else []
        return self._targets


class PostTarget(BaseModel):
    """One destination of a post: a platform connection, or the test-mode sandbox."""

    post = ForeignKeyField(Post, on_delete="CASCADE", backref="target_rows")
    connection_id = CharField(max_length=40, null=True)
    platform = CharField(max_length=16)
    status = CharField(max_length=12)
    platform_post_id = CharField(max_length=255, null=True)
    url = TextField(null=True)
    error_code = CharField(max_length=64, null=True)
    error_message = TextField(null=True)
    published_at = BigIntegerField(null=True)
    # While `processing`: when to ask the platform again, and what the adapter needs to
    # (JSON of its own, e.g. X's media ids); `processing_since` bounds the wait.
    check_at = BigIntegerField(null=True)
    processing_since = BigIntegerField(null=True)
    platform_state = TextField(null=True)

    @property
    def error(self):
        if self.error_code is None:
            return None
        return {"code": self.error_code, "message": self.error_message}

    @classmethod
    def of_posts(cls, post_ids):
        return cls.select().where(cls.post.in_(list(post_ids))).order_by(cls.id)

    @classmethod
    def add(cls, post_id, **fields):
        """A new target for a post, which from now on is known to have targets."""
        Post.update(has_targets=True).where(Post.id == post_id).execute()
        return cls.create(post=post_id, **fields)


class SandboxPublication(BaseModel):
    """The test-mode sandbox's own feed: what it "published". Written in the same
    transaction that marks the target published, so a crash leaves both or neither."""

    target = ForeignKeyField(PostTarget, on_delete="CASCADE")
    post_id = CharField(max_length=40, index=True)
    platform_post_id = CharField(max_length=40)
    content = TextField(null=True)


class PostTally(Model):
    """Posts per (account, mode, channel, status), so a listing's total does not cost a
    scan of the account's posts.

    Triggers on `post` (migration 0003) append +1/-1 rows to PostTallyDelta: appends
    take no shared row lock, so concurrent writers never wait on or deadlock over a
    counter. The worker folds deltas into this table; a count reads both in one
    statement (postline/tallies.py).
    """

    account_id = CharField(max_length=40)
    mode = CharField(max_length=4)
    channel_id = CharField(max_length=40)
    status = CharField(max_length=12)
    count = IntegerField()

    class Meta:
        database = database
        legacy_table_names = False
        primary_key = CompositeKey("account_id", "mode", "channel_id", "status")


class PostTallyDelta(Model):
    id = AutoField()
    account_id = CharField(max_length=40)
    mode = CharField(max_length=4)
    channel_id = CharField(max_length=40)
    status = CharField(max_length=12)
    delta = IntegerField()

    class Meta:
        database = database
        legacy_table_names = False
        indexes = ((("account_id", "mode", "status", "channel_id"), False),)
