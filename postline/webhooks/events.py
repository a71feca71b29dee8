"""Events: recorded in the caller's transaction, so an event exists if and only if
the change that caused it was committed (docs/webhooks.md).

Recording an event also queues its deliveries, in the same transaction (an outbox):
one per active webhook of the account and mode subscribed to the event's type.
"""

import json

from models import Event, WebhookDelivery
from postline import clock, db
from postline.queries import webhooks as queries
from postline.statuses import DeliveryTrigger

TYPES = (
    "post.created",
    "post.delivered",
    "post.failed",
    "post.blocked",
    "webhook.test",
    "connection.expired",
    "post.comment_failed",
    "import.completed",
)
TEST_MESSAGE = "A test event from Postline: your endpoint received it."


def record(account_id, mode, event_type, data):
    """Store an event and queue its webhook deliveries; call inside the transaction that
    makes the change it reports. Returns the event's id."""
    return record_many(account_id, mode, event_type, [data])[0]


def record_many(account_id, mode, event_type, payloads):
    """`record` for several events of one type (a batch), a statement per table."""
    now = clock.now_ms()
    event_ids = _store(account_id, mode, event_type, payloads, now)
    subscribers = [
        webhook for webhook in queries.ACTIVE_WEBHOOKS.rows(account_id, mode) if event_type in webhook.events
    ]
    WebhookDelivery.queue(subscribers, event_ids, event_type, DeliveryTrigger.EVENT, now)
    return event_ids


def record_test(webhook):
    """Store a `webhook.test` event for `webhook` alone and return its one delivery."""
    data = {"webhook_id": webhook.id, "message": TEST_MESSAGE}
    now = clock.now_ms()
    with db.database.atomic():
        event_ids = _store(webhook.account_id, webhook.mode, "webhook.test", [data], now)
        (delivery_id,) = WebhookDelivery.queue(
            [webhook], event_ids, "webhook.test", DeliveryTrigger.TEST, now
        )
    return WebhookDelivery.get_by_id(delivery_id)


def _store(account_id, mode, event_type, payloads, now):
    if event_type not in TYPES:
        raise ValueError(f"unknown event type {event_type!r}")
    rows = [
        {
            "id": Event.new_id(now),
            "account": account_id,
            "mode": mode,
            "type": event_type,
            "data": json.dumps(data, separators=(",", ":")),
            "created_at": now,
            "updated_at": now,
        }
        for data in payloads
    ]
    db.insert_rows(Event, rows)
    return [row["id"] for row in rows]
