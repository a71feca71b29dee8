"""Queries of webhooks and their deliveries: the hot ones of sending."""

from peewee import SQL, fn

from models import Event, Webhook, WebhookDelivery
from postline import db
from postline.db import leases

# Run for every event recorded: the account's active webhooks in one mode.
ACTIVE_WEBHOOKS = db.Compiled(Webhook.active_of)

WEBHOOK_BY_ID = db.Compiled(lambda webhook_id: Webhook.select().where(Webhook.id == webhook_id))

# HELD_DELIVERY_CLAIMS.rows(now_ms): (webhook id, lease owner) of every delivery leased
# now, one row per delivery (the caller counts claims: SQLite would scan every
# delivery by webhook for a GROUP BY, where this reads the few leased ones by their
# lease index).
HELD_DELIVERY_CLAIMS = db.Compiled(
    lambda now_ms: (
        WebhookDelivery.select(WebhookDelivery.webhook, WebhookDelivery.lease_owner)
        .where(WebhookDelivery.lease_expires_at > now_ms)
        .tuples()
    )
)


def _next_webhook_due(busy_count):
    def build(now_ms, most, *busy):
        delivery, same = WebhookDelivery, WebhookDelivery.alias()
        due_of_same = same.select(same.id).where((same.webhook == delivery.webhook) & (same.due_at <= now_ms))
        due_count = delivery.select(fn.COUNT(SQL("*"))).from_(due_of_same.limit(most).alias("due"))
        due = delivery.due_at <= now_ms
        if busy:
            due &= delivery.webhook.not_in(busy)
        earliest = delivery.select(delivery.webhook, due_count).where(due).order_by(delivery.due_at)
        return earliest.limit(1).tuples()

    return build


# NEXT_WEBHOOK_DUE[len(busy)].first(now_ms, most, *busy): (webhook id, its due
# deliveries counted to `most`) of the earliest due delivery outside `busy` webhooks.
NEXT_WEBHOOK_DUE = db.Shaped(_next_webhook_due, most=64)


def _events_to_send(count):
    delivery = WebhookDelivery
    return lambda *delivery_ids: (
        delivery.select(delivery.id, delivery.webhook, Event.id, Event.type, Event.data, Event.created_at)
        .join(Event)
        .where(delivery.id.in_(delivery_ids))
        .tuples()
    )


# EVENTS_TO_SEND[count].rows(*delivery_ids): (delivery id, webhook id, event id, type,
# data, created_at) of `count` deliveries, as plain tuples: building model objects per
# delivery cost more than the query (bench/webhooks.py).
EVENTS_TO_SEND = db.Shaped(_events_to_send, most=256)

# CLAIM_DELIVERIES_OF_WEBHOOK(worker_id, now, lease_ms, limit, webhook_id): a batch of
# one webhook's due deliveries, read back with what sending them needs (the lease
# keeper needs the id and owner; the other columns are written, never read).
CLAIM_DELIVERIES_OF_WEBHOOK = leases.Claim(
    WebhookDelivery,
    where=lambda webhook_id: WebhookDelivery.webhook == webhook_id,
    fields=[
        WebhookDelivery.id,
        WebhookDelivery.lease_owner,
        WebhookDelivery.trigger,
        WebhookDelivery.attempts,
        WebhookDelivery.last_attempt_at,
        WebhookDelivery.response_status,
        WebhookDelivery.response_body,
        WebhookDelivery.duration_ms,
    ],
)
