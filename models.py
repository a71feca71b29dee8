"""Tables, their indexes, and the queries that belong to them.

Every timestamp is an integer of Unix milliseconds. Every resource a client sees
belongs to one account and one mode (live or test); `visible_to(key)` is the one
way to query them, so no request can reach another account's rows.
"""

import collections

from peewee import (
    AutoField,
    BigIntegerField,
    BooleanField,
    CharField,
    CompositeKey,
    DateField,
    ForeignKeyField,
    IntegerField,
    Model,
    TextField,
    fn,
)

from postline import clock, db, ids
from postline.db import ListField, database
from postline.errors import NotFound
from postline.statuses import DeliveryStatus

# Whose rows a query may see: what `visible_to` reads of an API key.
Scope = collections.namedtuple("Scope", "account_id mode")

LIVE = "live"
TEST = "test"
MODES = (LIVE, TEST)


class BaseModel(Model):
    created_at = BigIntegerField()
    updated_at = BigIntegerField()

    class Meta:
        database = database
        legacy_table_names = False
        # An UPDATE writes only what changed, so a stale copy cannot undo a concurrent
        # write to another column (a revocation, say).
        only_save_dirty = True

    def save(self, *args, **kwargs):
        now = clock.now_ms()
        if self.created_at is None:
            self.created_at = now
        self.updated_at = now
        return super().save(*args, **kwargs)


class Account(BaseModel):
    id = CharField(primary_key=True, max_length=40)
    name = CharField(max_length=100, unique=True)
    plan = CharField(max_length=32)


class TenantModel(BaseModel):
    """A resource owned by one account in one mode."""

    account = ForeignKeyField(Account, on_delete="CASCADE")
    mode = CharField(max_length=4)

    id_prefix = None  # each resource names its own, e.g. "ch"

    @classmethod
    def create_for(cls, key, **fields):
        """A new row in the key's account and mode."""
        return cls.create_for_account(key.account_id, key.mode, **fields)

    @classmethod
    def create_for_account(cls, account_id, mode, **fields):
        """A new row; its id is made here unless `fields` name one (a media key, say)."""
        fields.setdefault("id", cls.new_id())
        return cls.create(account=account_id, mode=mode, **fields)

    @classmethod
    def new_id(cls, now_ms=None):
        return ids.new_id(cls.id_prefix, now_ms)

    @classmethod
    def visible_to(cls, key):
        """Rows of the key's account and mode."""
        return cls.select().where((cls.account == key.account_id) & (cls.mode == key.mode))

    @classmethod
    def get_visible(cls, key, id):
        """The row with `id` if the key may see it; raises NotFound otherwise."""
        return _found(cls.visible_to(key).where(cls.id == id).first())

    @classmethod
    def lock_visible(cls, key, id):
        """`get_visible`, locking the row until the caller's transaction ends (read, change, save)."""
        return _found(db.for_update(cls.visible_to(key).where(cls.id == id)).first())

    @classmethod
    def update_visible(cls, key, id, fields, change=None):
        """Set `fields` on a row the key may see, locked while it changes; returns the row.
        `change(row)`, if given, changes it further first (in the same transaction)."""
        with db.database.atomic():
            row = cls.lock_visible(key, id)
            if change is not None:
                change(row)
            for name, value in fields.items():
                setattr(row, name, value)
            row.save()
        return row


def _found(row):
    if row is None:
        raise NotFound
    return row


class ApiKey(TenantModel):
    id_prefix = "key"
    id = CharField(primary_key=True, max_length=40)
    name = CharField(max_length=100)
    prefix = CharField(max_length=8, unique=True)
    secret_hash = CharField(max_length=64)
    permissions = ListField()
    last_used_at = BigIntegerField(null=True)
    expires_at = BigIntegerField(null=True)
    revoked_at = BigIntegerField(null=True)

    class Meta:
        indexes = ((("account", "mode", "created_at", "id"), False),)

    @classmethod
    def visible_to(cls, key):
        return super().visible_to(key).where(cls.revoked_at.is_null())

    @classmethod
    def with_prefix(cls, prefix):
        """The unrevoked key with this prefix, its account's plan loaded too (for the
        rate limits; only the columns every request needs: it runs on each one)."""
        return (
            cls.select(cls, Account.id, Account.plan)
            .join(Account)
            .where((cls.prefix == prefix) & cls.revoked_at.is_null())
            .limit(1)
        )

    def is_expired(self, now_ms):
        return self.expires_at is not None and self.expires_at <= now_ms

    def touch_due(self, now_ms, interval_ms):
        """Whether `lastUsedAt` is older than `interval_ms`, so a use should be written."""
        return self.last_used_at is None or now_ms - self.last_used_at >= interval_ms

    def touch(self, now_ms, interval_ms):
        """Record use, writing at most once per `interval_ms` (a conditional UPDATE)."""
        if not self.touch_due(now_ms, interval_ms):
            return
        ApiKey.update(last_used_at=now_ms).where(
            (ApiKey.id == self.id)
            & (ApiKey.last_used_at.is_null() | (ApiKey.last_used_at <= now_ms - interval_ms))
        ).execute()
        self.last_used_at = now_ms


class ConsoleUser(BaseModel):
    """A person who signs in to the web console: one account's, with all its permissions."""

    id = CharField(primary_key=True, max_length=40)
    account = ForeignKeyField(Account, on_delete="CASCADE")
    email = CharField(max_length=254, unique=True)
    password_hash = CharField(max_length=200)
    time_zone = CharField(max_length=64, default="UTC")
    # Consecutive failed sign-ins; at `[console] max_failed_sign_ins` the user is locked
    # out until `locked_until`.
    failed_sign_ins = IntegerField(default=0)
    locked_until = BigIntegerField(null=True)
    last_sign_in_at = BigIntegerField(null=True)


class ConsoleSession(BaseModel):
    """A signed-in browser. `id` is a keyed hash of the cookie's token, never the token."""

    id = CharField(primary_key=True, max_length=64)
    user = ForeignKeyField(ConsoleUser, on_delete="CASCADE")
    mode = CharField(max_length=4)
    csrf_token = CharField(max_length=64)
    expires_at = BigIntegerField(index=True)

    @classmethod
    def live(cls, session_id, now_ms):
        """The unexpired session with this id, its user and account loaded too."""
        return (
            cls.select(cls, ConsoleUser, Account)
            .join(ConsoleUser)
            .join(Account)
            .where((cls.id == session_id) & (cls.expires_at > now_ms))
            .first()
        )

    @classmethod
    def purge_expired(cls, now_ms):
        """Delete sessions past their lifetime."""
        return cls.delete().where(cls.expires_at <= now_ms).execute()


class Channel(TenantModel):
    id_prefix = "ch"
    id = CharField(primary_key=True, max_length=40)
    name = CharField(max_length=100)
    color = CharField(max_length=7)

    class Meta:
        indexes = (
            (("account", "mode", "created_at", "id"), False),
            (("account", "mode", "name", "id"), False),
        )

    @property
    def connection_ids(self):
        """Ids of the connections the channel publishes to (a page loads them at once:
        postline/connections/records.py)."""
        if not hasattr(self, "_connection_ids"):
            self._connection_ids = ChannelConnection.connections_of([self.id])[self.id]
        return self._connection_ids


class HasLastError:
    """`last_error_code` and `last_error_message` as the API's `lastError` object."""

    @property
    def last_error(self):
        if self.last_error_code is None:
            return None
        return {"code": self.last_error_code, "message": self.last_error_message}


class Connection(HasLastError, TenantModel):
    """A platform account the service may publish to (README, API notes: Connections).

    `access_token` and `refresh_token` are encrypted with the keyring and never leave
    the service. `refreshing_until` is a claim: while it lies in the future one process
    is refreshing the tokens and the others wait for its result, so a rotating refresh
    token is spent once (postline/connections/tokens.py).
    """

    id_prefix = "conn"
    id = CharField(primary_key=True, max_length=40)
    provider = CharField(max_length=16)
    platform = CharField(max_length=16)
    platform_account_id = CharField(max_length=128)
    username = CharField(max_length=255, null=True)
    display_name = CharField(max_length=255, null=True)
    avatar_url = TextField(null=True)
    status = CharField(max_length=8)
    scopes = ListField()
    access_token = TextField()
    refresh_token = TextField(null=True)
    token_expires_at = BigIntegerField(null=True, index=True)
    refreshing_until = BigIntegerField(null=True)
    last_verified_at = BigIntegerField(null=True)
    last_error_code = CharField(max_length=64, null=True)
    last_error_message = TextField(null=True)

    class Meta:
        indexes = (
            (("account", "mode", "created_at", "id"), False),
            (("account", "mode", "platform", "platform_account_id"), True),
        )

    @property
    def channel_ids(self):
        if not hasattr(self, "_channel_ids"):
            self._channel_ids = ChannelConnection.channels_of([self.id])[self.id]
        return self._channel_ids


class ChannelConnection(Model):
    """A connection a channel publishes to."""

    channel = ForeignKeyField(Channel, on_delete="CASCADE")
    connection = ForeignKeyField(Connection, on_delete="CASCADE")
    created_at = BigIntegerField()

    class Meta:
        database = database
        legacy_table_names = False
        primary_key = CompositeKey("channel", "connection")
        indexes = ((("connection",), False),)

    @classmethod
    def channels_of(cls, connection_ids):
        """{connection id: [channel ids, oldest link first]} for `connection_ids`."""
        return cls._linked(cls.connection, cls.channel, connection_ids)

    @classmethod
    def connections_of(cls, channel_ids):
        """{channel id: [connection ids, oldest link first]} for `channel_ids`."""
        return cls._linked(cls.channel, cls.connection, channel_ids)

    @classmethod
    def _linked(cls, side, other, ids):
        found = {id: [] for id in ids}
        if found:
            query = cls.select(side, other).where(side.in_(list(found))).order_by(cls.created_at, other)
            for row in query.tuples():
                found[row[0]].append(row[1])
        return found


class OAuthState(BaseModel):
    """An authorization in progress: what its signed `state` names. The callback deletes
    the row as it reads it, so a state works once; `code_verifier` (PKCE) is encrypted."""

    id = CharField(primary_key=True, max_length=64)
    account = ForeignKeyField(Account, on_delete="CASCADE")
    mode = CharField(max_length=4)
    provider = CharField(max_length=16)
    channel_id = CharField(max_length=40, null=True)
    return_to = TextField(null=True)
    code_verifier = TextField()
    expires_at = BigIntegerField(index=True)

    class Meta:
        table_name = "oauth_state"

    @classmethod
    def purge_expired(cls, now_ms):
        """Delete authorizations that expired before `now_ms`."""
        return cls.delete().where(cls.expires_at <= now_ms).execute()


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


class WebhookDeliveryTally(Model):
    """Deliveries per (webhook, event type, trigger), so a delivery history's total does
    not cost a scan of the webhook's deliveries. Kept like PostTally: triggers on
    `webhook_delivery` (migration 0011) append to WebhookDeliveryTallyDelta on insert and
    delete; the worker folds (postline/tallies.py)."""

    webhook_id = CharField(max_length=40)
    event_type = CharField(max_length=32)
    trigger = CharField(max_length=8)
    count = IntegerField()

    class Meta:
        database = database
        legacy_table_names = False
        primary_key = CompositeKey("webhook_id", "event_type", "trigger")


class WebhookDeliveryTallyDelta(Model):
    id = AutoField()
    webhook_id = CharField(max_length=40)
    event_type = CharField(max_length=32)
    trigger = CharField(max_length=8)
    delta = IntegerField()

    class Meta:
        database = database
        legacy_table_names = False


class IdempotencyKey(BaseModel):
    """A client's Idempotency-Key for one endpoint and API key, and the answer it got."""

    api_key = ForeignKeyField(ApiKey, on_delete="CASCADE")
    endpoint = CharField(max_length=100)
    key = CharField(max_length=255)
    fingerprint = CharField(max_length=64)
    # Until the first request finishes, `response_body` is NULL and `locked_until`
    # bounds how long a crashed request keeps the key in flight.
    locked_until = BigIntegerField()
    response_status = IntegerField(null=True)
    response_body = TextField(null=True)
    expires_at = BigIntegerField(index=True)

    class Meta:
        indexes = ((("api_key", "endpoint", "key"), True),)

    @classmethod
    def purge_expired(cls, now_ms):
        """Delete keys past their 24 hours, with the answers they kept."""
        return cls.delete().where(cls.expires_at <= now_ms).execute()


class Event(TenantModel):
    """Something that happened, recorded in the same transaction as its cause (an outbox).

    `data` is the event's JSON payload (snake_case fields; README, Webhooks).
    """

    id_prefix = "evt"
    id = CharField(primary_key=True, max_length=40)
    type = CharField(max_length=32)
    data = TextField()

    class Meta:
        indexes = ((("account", "mode", "created_at", "id"), False),)

    @classmethod
    def purge_before(cls, cutoff_ms):
        """Delete events older than `cutoff_ms` that no delivery still needs or shows: none
        pending, none newer than the cutoff (a manual retry of an old event, say)."""
        needed = WebhookDelivery.select(WebhookDelivery.event).where(
            WebhookDelivery.due_at.is_null(False) | (WebhookDelivery.created_at >= cutoff_ms)
        )
        return cls.delete().where((cls.created_at < cutoff_ms) & cls.id.not_in(needed)).execute()


class Webhook(TenantModel):
    """An endpoint that receives the account's events.

    `secret` is the signing secret, encrypted with the keyring; during a rotation
    `previous_secret` keeps signing beside it until `previous_secret_expires_at`.
    """

    id_prefix = "wh"
    id = CharField(primary_key=True, max_length=40)
    url = CharField(max_length=2048)
    events = ListField()
    active = BooleanField(default=True)
    description = CharField(max_length=500, null=True)
    secret = TextField()
    previous_secret = TextField(null=True)
    previous_secret_expires_at = BigIntegerField(null=True)
    # Since when every delivery attempt has failed (NULL after a success), and why the
    # service disabled the webhook, if it did.
    failing_since = BigIntegerField(null=True)
    disabled_reason = TextField(null=True)

    class Meta:
        indexes = ((("account", "mode", "created_at", "id"), False),)

    @classmethod
    def active_of(cls, account_id, mode):
        """The active webhooks of an account and mode."""
        return cls.select().where((cls.account == account_id) & (cls.mode == mode) & cls.active)


class WebhookDelivery(BaseModel):
    """One event on its way to one webhook: its attempts so far and the next one.

    `due_at`, `lease_owner` and `lease_expires_at` make it claimable (postline/db/leases.py);
    `next_attempt_at` is what clients see: when the next attempt is scheduled.
    """

    id = CharField(primary_key=True, max_length=40)
    webhook = ForeignKeyField(Webhook, on_delete="CASCADE", index=False)  # leads two indexes
    event = ForeignKeyField(Event, on_delete="CASCADE")
    event_type = CharField(max_length=32)
    trigger = CharField(max_length=8)
    status = CharField(max_length=10)
    attempts = IntegerField(default=0)
    next_attempt_at = BigIntegerField(null=True)
    last_attempt_at = BigIntegerField(null=True)
    response_status = IntegerField(null=True)
    response_body = TextField(null=True)
    error = TextField(null=True)
    duration_ms = IntegerField(null=True)
    delivered_at = BigIntegerField(null=True)
    # due_at (alone and after webhook) and lease_expires_at are indexed only where set (0012).
    due_at = BigIntegerField(null=True)
    lease_owner = CharField(max_length=120, null=True)
    lease_expires_at = BigIntegerField(null=True)

    class Meta:
        indexes = ((("webhook", "created_at", "id"), False),)

    @classmethod
    def queue(cls, webhooks, event_ids, event_type, trigger, now_ms):
        """One pending delivery per webhook and event, due at once, in one statement;
        returns their ids."""
        rows = [
            {
                "id": ids.new_id("whd", now_ms),
                "webhook": webhook.id,
                "event": event_id,
                "event_type": event_type,
                "trigger": trigger,
                "status": DeliveryStatus.PENDING,
                "next_attempt_at": now_ms,
                "due_at": now_ms,
                "created_at": now_ms,
                "updated_at": now_ms,
            }
            for event_id in event_ids
            for webhook in webhooks
        ]
        db.insert_rows(cls, rows)
        return [row["id"] for row in rows]

    @classmethod
    def of(cls, webhook_id):
        return cls.select().where(cls.webhook == webhook_id)

    @classmethod
    def get_of(cls, webhook_id, delivery_id):
        """The delivery `delivery_id` of the webhook; NotFound otherwise."""
        return _found(cls.of(webhook_id).where(cls.id == delivery_id).first())

    @classmethod
    def purge_before(cls, cutoff_ms):
        """Delete finished deliveries created before `cutoff_ms`; pending ones stay."""
        return cls.delete().where((cls.created_at < cutoff_ms) & cls.due_at.is_null()).execute()


class Media(TenantModel):
    """An uploaded or imported file (README, Media). The id is the media key,
    `med_<id>.<ext>`, which also names the stored object; `filename` is for display."""

    id_prefix = "med"
    id = CharField(primary_key=True, max_length=48)
    filename = CharField(max_length=255)
    content_type = CharField(max_length=32)
    size = BigIntegerField()
    sha256 = CharField(max_length=64)
    width = IntegerField(null=True)
    height = IntegerField(null=True)
    duration_ms = BigIntegerField(null=True)
    alt_text = TextField(null=True)

    class Meta:
        indexes = ((("account", "mode", "created_at", "id"), False),)

    @classmethod
    def owned_keys(cls, key, media_keys):
        """Those of `media_keys` the key may use, share-locked so that a concurrent delete
        waits for the caller's transaction (call inside one)."""
        query = cls.visible_to(key).where(cls.id.in_(list(media_keys))).select(cls.id)
        return {media.id for media in db.for_update(query, "FOR SHARE")}


class WorkerHeartbeat(Model):
    """One row per worker process, rewritten every second (or `[worker] poll_interval`,
    if longer) while it runs."""

    worker_id = CharField(primary_key=True, max_length=120)
    hostname = CharField(max_length=255)
    pid = IntegerField()
    started_at = BigIntegerField()
    last_seen_at = BigIntegerField(index=True)

    class Meta:
        database = database
        legacy_table_names = False

    @classmethod
    def beat(cls, worker_id, hostname, pid, started_at, now_ms):
        (
            cls.insert(
                worker_id=worker_id,
                hostname=hostname,
                pid=pid,
                started_at=started_at,
                last_seen_at=now_ms,
            )
            .on_conflict(conflict_target=[cls.worker_id], update={cls.last_seen_at: now_ms})
            .execute()
        )

    @classmethod
    def last_seen(cls):
        """The newest heartbeat of any worker, or None if no worker ever ran."""
        return cls.select(fn.MAX(cls.last_seen_at)).scalar()

    @classmethod
    def purge_before(cls, cutoff_ms):
        """Delete the heartbeats of workers gone since before `cutoff_ms`."""
        return cls.delete().where(cls.last_seen_at < cutoff_ms).execute()


class RateLimitCounter(Model):
    """The request counters of one rate-limit bucket: an API key, or a key on one endpoint.

    Each window (minute, hour, day) keeps its current fixed slot (Unix time divided
    by the window's length), the count in that slot and the count of the slot before;
    postline/limits/sql_store.py weighs the two into a sliding window and admits or
    refuses a request in one conditional upsert. One row per bucket, so concurrent
    requests of different keys never wait for each other's row.
    """

    bucket = CharField(primary_key=True, max_length=200)
    minute_slot = BigIntegerField(default=0)
    minute_count = BigIntegerField(default=0)
    minute_previous = BigIntegerField(default=0)
    hour_slot = BigIntegerField(default=0)
    hour_count = BigIntegerField(default=0)
    hour_previous = BigIntegerField(default=0)
    day_slot = BigIntegerField(default=0)
    day_count = BigIntegerField(default=0)
    day_previous = BigIntegerField(default=0)
    # When every window of the row has emptied: the purge deletes it after that.
    expires_at = BigIntegerField(index=True)

    class Meta:
        # On SQLite a file of its own (postline/db/__init__.py, `counters`).
        database = db.counters
        legacy_table_names = False

    @classmethod
    def purge_expired(cls, now_ms):
        """Delete counters whose windows have all emptied."""
        return cls.delete().where(cls.expires_at < now_ms).execute()


class UsageRow(Model):
    """Usage of an account in one mode on one UTC day (a table per breakdown)."""

    account = ForeignKeyField(Account, on_delete="CASCADE")
    mode = CharField(max_length=4)
    day = DateField()

    class Meta:
        database = database
        legacy_table_names = False

    @classmethod
    def purge_before(cls, cutoff_day):
        """Delete days before `cutoff_day` (a date)."""
        return cls.delete().where(cls.day < cutoff_day).execute()


class UsageDay(UsageRow):
    """An account's usage in one mode on one UTC day."""

    requests = BigIntegerField(default=0)
    posts_created = BigIntegerField(default=0)
    posts_delivered = BigIntegerField(default=0)
    posts_failed = BigIntegerField(default=0)
    webhook_deliveries = BigIntegerField(default=0)
    media_bytes = BigIntegerField(default=0)

    class Meta:
        primary_key = CompositeKey("account", "mode", "day")
        indexes = ((("day",), False),)


class UsageEndpointDay(UsageRow):
    """Requests of an account in one mode on one UTC day to one endpoint (`GET /v1/usage/day`)."""

    endpoint = CharField(max_length=200)
    requests = BigIntegerField(default=0)

    class Meta:
        primary_key = CompositeKey("account", "mode", "day", "endpoint")
        indexes = ((("day",), False),)


# Every table, parents before children (migrations, tests and tooling use this order).
# The tallies come first so that emptying tables in reverse leaves them empty too.
TABLES = [
    PostTally,
    PostTallyDelta,
    WebhookDeliveryTally,
    WebhookDeliveryTallyDelta,
    Account,
    ApiKey,
    ConsoleUser,
    ConsoleSession,
    Channel,
    Connection,
    ChannelConnection,
    OAuthState,
    Event,
    WorkerHeartbeat,
    Post,
    PostTarget,
    SandboxPublication,
    IdempotencyKey,
    Webhook,
    WebhookDelivery,
    Media,
    RateLimitCounter,
    UsageDay,
    UsageEndpointDay,
]
