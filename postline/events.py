"""Events (decisions.md section 10): recorded in the caller's transaction, so an event
exists if and only if the change that caused it was committed.

Recording an event also queues its deliveries, in the same transaction (an outbox):
one per active webhook of the account and mode subscribed to the event's type.
"""

import json

from models import Event, Webhook, WebhookDelivery
from postline import clock
from postline.db import database

TYPES = ("post.created", "post.delivered", "post.failed", "post.blocked", "webhook.test")
TEST_MESSAGE = "A test event from Postline: your endpoint received it."


def record(account_id, mode, event_type, data):
    """Store an event and queue its webhook deliveries; call inside the transaction that
    makes the change it reports.
    """
    event = _store(account_id, mode, event_type, data)
    subscribers = Webhook.subscribers(account_id, mode, event_type)
    WebhookDelivery.queue(subscribers, event, "event", clock.now_ms())
    return event


def record_test(webhook):
    """Store a `webhook.test` event for `webhook` alone and return its one delivery."""
    data = {"webhook_id": webhook.id, "message": TEST_MESSAGE}
    with database.atomic():
        event = _store(webhook.account_id, webhook.mode, "webhook.test", data)
        (delivery_id,) = WebhookDelivery.queue([webhook], event, "test", clock.now_ms())
    return WebhookDelivery.get_by_id(delivery_id)


def _store(account_id, mode, event_type, data):
    if event_type not in TYPES:
        raise ValueError(f"unknown event type {event_type!r}")
    encoded = json.dumps(data, separators=(",", ":"))
    return Event.create_for_account(account_id, mode, type=event_type, data=encoded)
