"""Events (the outbox), webhooks, their deliveries, and the tallies of deliveries."""

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

from postline import db, ids
from postline.db import ListField, database, due
from postline.models.accounts import TenantModel
from postline.models.base import BaseModel, found
from postline.statuses import DeliveryStatus


class Event(TenantModel):
    """Something that happened, recorded in the same transaction as its cause (an outbox).

    `data` is the event's JSON payload (snake_case fields; docs/webhooks.md).
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
                **due.at_once(now_ms),
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
        return found(cls.of(webhook_id).where(cls.id == delivery_id).first())

    @classmethod
    def purge_before(cls, cutoff_ms):
        """Delete finished deliveries created before `cutoff_ms`; pending ones stay."""
        return cls.delete().where((cls.created_at < cutoff_ms) & cls.due_at.is_null()).execute()


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
