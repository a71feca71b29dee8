"""Tables, their indexes, and the queries that belong to them.

Every timestamp is an integer of Unix milliseconds. Every resource a client sees
belongs to one account and one mode (live or test); `visible_to(key)` is the one
way to query them, so no request can reach another account's rows.
"""

from peewee import (
    BigIntegerField,
    CharField,
    CompositeKey,
    DateField,
    ForeignKeyField,
    IntegerField,
    Model,
    TextField,
    fn,
)

from postline import clock, ids
from postline.db import database

LIVE = "live"
TEST = "test"
MODES = (LIVE, TEST)


class ListField(TextField):
    """A list of short tokens stored as one space-separated text column."""

    def db_value(self, value):
        return " ".join(value)

    def python_value(self, value):
        return value.split() if value else []


class BaseModel(Model):
    created_at = BigIntegerField()
    updated_at = BigIntegerField()

    class Meta:
        database = database
        legacy_table_names = False

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
        return cls.create(id=ids.new_id(cls.id_prefix), account=account_id, mode=mode, **fields)

    @classmethod
    def visible_to(cls, key):
        """Rows of the key's account and mode."""
        return cls.select().where((cls.account == key.account_id) & (cls.mode == key.mode))

    @classmethod
    def get_visible(cls, key, id):
        """The row with `id` if the key may see it; raises DoesNotExist (404) otherwise."""
        return cls.visible_to(key).where(cls.id == id).get()


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
    def by_prefix(cls, prefix):
        """The unrevoked key with this prefix, its account loaded too (for the plan), or None."""
        return (
            cls.select(cls, Account)
            .join(Account)
            .where((cls.prefix == prefix) & cls.revoked_at.is_null())
            .get_or_none()
        )

    def is_expired(self, now_ms):
        return self.expires_at is not None and self.expires_at <= now_ms

    def touch(self, now_ms, interval_ms):
        """Record use, writing at most once per `interval_ms` (a conditional UPDATE)."""
        if self.last_used_at is not None and now_ms - self.last_used_at < interval_ms:
            return
        ApiKey.update(last_used_at=now_ms).where(
            (ApiKey.id == self.id)
            & (ApiKey.last_used_at.is_null() | (ApiKey.last_used_at <= now_ms - interval_ms))
        ).execute()
        self.last_used_at = now_ms


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


class Event(TenantModel):
    """Something that happened, recorded in the same transaction as its cause (an outbox).

    `data` is the event's JSON payload (snake_case fields, decisions.md section 10).
    """

    id_prefix = "evt"
    id = CharField(primary_key=True, max_length=40)
    type = CharField(max_length=32)
    data = TextField()

    class Meta:
        indexes = ((("account", "mode", "created_at", "id"), False),)


class WorkerHeartbeat(Model):
    """One row per worker process, rewritten every second while it runs."""

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
    def purge_older_than(cls, cutoff_ms):
        return cls.delete().where(cls.last_seen_at < cutoff_ms).execute()


class RateLimitCounter(Model):
    """The request counters of one rate-limit bucket: an API key, or a key on one endpoint.

    Each window (minute, hour, day) keeps its current fixed slot (Unix time divided
    by the window's length), the count in that slot and the count of the slot before;
    `postline.ratelimit_sql` weighs the two into a sliding window and admits or
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
        database = database
        legacy_table_names = False

    @classmethod
    def purge_expired(cls, now_ms):
        return cls.delete().where(cls.expires_at < now_ms).execute()


class UsageDay(Model):
    """An account's usage in one mode on one UTC day."""

    account = ForeignKeyField(Account, on_delete="CASCADE")
    mode = CharField(max_length=4)
    day = DateField()
    requests = BigIntegerField(default=0)
    posts_created = BigIntegerField(default=0)
    posts_delivered = BigIntegerField(default=0)
    posts_failed = BigIntegerField(default=0)
    webhook_deliveries = BigIntegerField(default=0)
    media_bytes = BigIntegerField(default=0)

    class Meta:
        database = database
        legacy_table_names = False
        primary_key = CompositeKey("account", "mode", "day")
        indexes = ((("day",), False),)


class UsageEndpointDay(Model):
    """Requests of an account in one mode on one UTC day to one endpoint (`GET /v1/usage`)."""

    account = ForeignKeyField(Account, on_delete="CASCADE")
    mode = CharField(max_length=4)
    day = DateField()
    endpoint = CharField(max_length=200)
    requests = BigIntegerField(default=0)

    class Meta:
        database = database
        legacy_table_names = False
        primary_key = CompositeKey("account", "mode", "day", "endpoint")
        indexes = ((("day",), False),)


# Every table, parents before children (migrations, tests and tooling use this order).
TABLES = [Account, ApiKey, Channel, Event, WorkerHeartbeat, RateLimitCounter, UsageDay, UsageEndpointDay]
