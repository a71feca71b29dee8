"""Tables, their indexes, and the queries that belong to them.

Every timestamp is an integer of Unix milliseconds. Every resource a client sees
belongs to one account and one mode (live or test); `visible_to(key)` is the one
way to query them, so no request can reach another account's rows.
"""

from peewee import (
    BigIntegerField,
    BooleanField,
    CharField,
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

# Webhook delivery states and what caused a delivery.
PENDING = "pending"
SUCCEEDED = "succeeded"
FAILED = "failed"
DELIVERY_STATUSES = (PENDING, SUCCEEDED, FAILED)
DELIVERY_TRIGGERS = ("event", "test", "manual")


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
        """The unrevoked key with this prefix, or None."""
        return cls.get_or_none((cls.prefix == prefix) & cls.revoked_at.is_null())

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

    class Meta:
        indexes = ((("account", "mode", "created_at", "id"), False),)

    @classmethod
    def subscribers(cls, account_id, mode, event_type):
        """The active webhooks of an account and mode that subscribe to `event_type`."""
        active = cls.select().where((cls.account == account_id) & (cls.mode == mode) & cls.active)
        return [webhook for webhook in active if event_type in webhook.events]


class WebhookDelivery(BaseModel):
    """One event on its way to one webhook: its attempts so far and the next one.

    `due_at`, `lease_owner` and `lease_expires_at` make it claimable (postline/leases.py);
    `next_attempt_at` is what clients see: when the next attempt is scheduled.
    """

    id = CharField(primary_key=True, max_length=40)
    webhook = ForeignKeyField(Webhook, on_delete="CASCADE")
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
    due_at = BigIntegerField(null=True, index=True)
    lease_owner = CharField(max_length=120, null=True)
    lease_expires_at = BigIntegerField(null=True, index=True)

    class Meta:
        indexes = ((("webhook", "created_at", "id"), False),)

    @classmethod
    def queue(cls, webhooks, event, trigger, now_ms):
        """One pending delivery of `event` per webhook, due at once; returns their ids."""
        rows = [
            {
                "id": ids.new_id("whd", now_ms),
                "webhook": webhook.id,
                "event": event.id,
                "event_type": event.type,
                "trigger": trigger,
                "status": PENDING,
                "next_attempt_at": now_ms,
                "due_at": now_ms,
                "created_at": now_ms,
                "updated_at": now_ms,
            }
            for webhook in webhooks
        ]
        if rows:
            cls.insert_many(rows).execute()
        return [row["id"] for row in rows]

    @classmethod
    def for_sending(cls, delivery_id):
        """The delivery with its webhook and event, in one query; None if either is gone."""
        return (
            cls.select(cls.id, Webhook, Event)
            .join(Webhook)
            .switch(cls)
            .join(Event)
            .where(cls.id == delivery_id)
            .first()
        )

    @classmethod
    def of(cls, webhook):
        return cls.select().where(cls.webhook == webhook.id)

    @classmethod
    def busy_webhooks(cls, now_ms, limit):
        """Ids of webhooks with at least `limit` deliveries leased right now (a subquery)."""
        leased = cls.alias()
        return (
            leased.select(leased.webhook)
            .where(leased.lease_expires_at > now_ms)
            .group_by(leased.webhook)
            .having(fn.COUNT(leased.id) >= limit)
        )

    @classmethod
    def purge_finished_before(cls, cutoff_ms):
        """Delete finished deliveries created before `cutoff_ms`; pending ones stay."""
        return cls.delete().where((cls.created_at < cutoff_ms) & cls.due_at.is_null()).execute()


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


# Every table, parents before children (migrations, tests and tooling use this order).
TABLES = [Account, ApiKey, Channel, Event, WorkerHeartbeat, Webhook, WebhookDelivery]
