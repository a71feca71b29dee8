"""Posts, their targets, the test-mode sandbox's feed, and the per-status tallies of posts."""

import json

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
from postline.statuses import PartKind, TargetStatus


class Post(HasLastError, TenantModel):
    """A post and where it stands in its lifecycle (docs/api-notes.md: Posts).

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
    # The post's thread (follow-up parts), its first comment and its per-platform
    # versions, as the client sent them (JSON, API field names), or NULL
    # (postline/posts/versions.py).
    thread = TextField(null=True)
    first_comment = TextField(null=True)
    platforms = TextField(null=True)
    # Where the post came from (docs/scheduling.md; indexed where set, migration 0015):
    # the queue slot it holds (Unix ms); the series occurrence it is (unique per series)
    # and whether a PATCH detached it from the series' changes; its evergreen settings
    # (JSON), where its run stands (waiting, repeated, ended), and the original and
    # repeat number of a repeat (unique together).
    slot = BigIntegerField(null=True)
    series_id = CharField(max_length=40, null=True)
    occurrence_at = BigIntegerField(null=True)
    series_detached = BooleanField(default=False)
    evergreen = TextField(null=True)
    evergreen_state = CharField(max_length=8, null=True)
    evergreen_of = CharField(max_length=40, null=True)
    evergreen_repeat = IntegerField(null=True)

    class Meta:
        indexes = (
            (("account", "mode", "scheduled_for", "id"), False),
            (("account", "mode", "created_at", "id"), False),
            (("account", "mode", "status", "scheduled_for", "id"), False),
            (("account", "mode", "status", "created_at", "id"), False),
            (("account", "mode", "channel", "scheduled_for", "id"), False),
        )

    @property
    def thread_parts(self):
        return json.loads(self.thread) if self.thread else []

    @property
    def first_comment_value(self):
        return json.loads(self.first_comment) if self.first_comment else None

    @property
    def platform_versions(self):
        return json.loads(self.platforms) if self.platforms else {}

    @property
    def evergreen_value(self):
        """The evergreen settings and where the run stands, as answers show them, or None."""
        return json.loads(self.evergreen) | {"state": self.evergreen_state} if self.evergreen else None

    @property
    def targets(self):
        """The post's targets, loaded once (postline/posts/targets.py loads a whole page's)."""
        if not hasattr(self, "_targets"):
            self._targets = list(PostTarget.of_posts([self.id])) if self.has_targets else []
        return self._targets


class PostTarget(BaseModel):
    """One destination of a post: a platform connection, or the test-mode sandbox. What
    was sent there, and how each piece fared, are its parts (PostPart); its status and
    the platform's id and url are read from them."""

    post = ForeignKeyField(Post, on_delete="CASCADE", backref="target_rows")
    connection_id = CharField(max_length=40, null=True)
    platform = CharField(max_length=16)

    @property
    def parts(self):
        """The target's parts in order, loaded once (postline/posts/targets.py loads a page's)."""
        if not hasattr(self, "_parts"):
            self._parts = list(
                PostPart.select().where(PostPart.target == self.id).order_by(PostPart.position)
            )
        return self._parts

    @property
    def main_parts(self):
        """The post and its thread's replies: what the target's status is made of (a first
        comment never holds a post back)."""
        return [part for part in self.parts if part.kind != PartKind.COMMENT]

    @property
    def comment(self):
        return next((part for part in self.parts if part.kind == PartKind.COMMENT), None)

    @property
    def status(self):
        """`published` once every main part is; else the status of the first that is not."""
        for part in self.main_parts:
            if part.status != TargetStatus.PUBLISHED:
                return part.status
        return TargetStatus.PUBLISHED if self.parts else TargetStatus.PENDING

    @property
    def _first(self):
        return self.parts[0] if self.parts else None

    @property
    def platform_post_id(self):
        return self._first and self._first.platform_post_id

    @property
    def url(self):
        return self._first and self._first.url

    @property
    def published_at(self):
        """When its last main part was confirmed: when the whole thread was out."""
        main = self.main_parts
        return main[-1].published_at if main and self.status == TargetStatus.PUBLISHED else None

    @property
    def failing(self):
        """The first main part that is not published, or None."""
        return next((part for part in self.main_parts if part.status != TargetStatus.PUBLISHED), None)

    @property
    def error_code(self):
        return self.failing and self.failing.error_code

    @property
    def error(self):
        failing = self.failing
        return failing.error if failing is not None else None

    @classmethod
    def of_posts(cls, post_ids):
        return cls.select().where(cls.post.in_(list(post_ids))).order_by(cls.id)

    @classmethod
    def add(cls, post_id, platform, connection_id=None, **part):
        """A new target of a post, with its post part (`part` its fields beside the
        defaults); the post is from now on known to have targets."""
        post = Post.get_by_id(post_id)
        Post.update(has_targets=True).where(Post.id == post_id).execute()
        target = cls.create(post=post_id, platform=platform, connection_id=connection_id)
        fields = {"kind": PartKind.POST, "content": post.content, "media": post.media, **part}
        PostPart.create(target=target, post_id=post_id, position=0, **fields)
        return target


class PostPart(BaseModel):
    """One piece of what a target publishes, sent once: the post itself (position 0), a
    reply of its thread, or its first comment (docs/api.md, Threads and first comments).

    Its state moves like a target's did (postline/posts/publishing/attempt.py). A first
    comment that fails after its post was published is retried on its own: `due_at`,
    `lease_owner` and `lease_expires_at` make it claimable (postline/db/leases.py),
    `next_attempt_at` is what clients see.
    """

    # Leads the unique (target, position) index: none of its own.
    target = ForeignKeyField(PostTarget, on_delete="CASCADE", backref="part_rows", index=False)
    post_id = CharField(max_length=40, index=True)
    position = IntegerField()
    kind = CharField(max_length=8)
    content = TextField(null=True)
    media = ListField()
    status = CharField(max_length=12)
    attempts = IntegerField(default=0)
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
    next_attempt_at = BigIntegerField(null=True)
    # due_at and lease_expires_at are indexed only where set (migration 0014).
    due_at = BigIntegerField(null=True)
    lease_owner = CharField(max_length=120, null=True)
    lease_expires_at = BigIntegerField(null=True)

    class Meta:
        indexes = ((("target", "position"), True),)

    @property
    def error(self):
        if self.error_code is None:
            return None
        return {"code": self.error_code, "message": self.error_message}

    @classmethod
    def of_posts(cls, post_ids):
        return cls.select().where(cls.post_id.in_(list(post_ids))).order_by(cls.target, cls.position)

    @classmethod
    def of_targets(cls, target_ids):
        return cls.select().where(cls.target.in_(list(target_ids))).order_by(cls.target, cls.position)


class SandboxPublication(BaseModel):
    """The test-mode sandbox's own feed: what it "published". Written in the same
    transaction that marks the target published, so a crash leaves both or neither."""

    target = ForeignKeyField(PostTarget, on_delete="CASCADE")
    post_id = CharField(max_length=40, index=True)
    platform_post_id = CharField(max_length=255)
    content = TextField(null=True)
    position = IntegerField(default=0)


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
