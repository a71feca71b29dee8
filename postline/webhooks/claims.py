"""Claiming webhook deliveries: a batch of one webhook's due deliveries at a time, and
what sending them reads (postline/webhooks/delivery.py sends them).

A worker sends to at most `per_webhook_concurrency` batches of one webhook at once;
a batch is split across those slots when few are due.
"""

import collections
import math
import typing

from postline import clock
from postline.queries import webhooks as queries

BATCH_SIZE = 250


class SentEvent(typing.NamedTuple):
    """What sending an event reads of it."""

    id: str
    type: str
    data: str
    created_at: int


def claim_next(worker_id, settings, lease_ms):
    """Lease a batch of one webhook's due deliveries: the webhook of the earliest due
    delivery among those with a free slot. Returns the batch, or [] when none is due."""
    now = clock.now_ms()
    slots = settings["per_webhook_concurrency"]
    claims = claims_by_webhook(now)
    busy = [webhook_id for webhook_id, count in claims.items() if count >= slots]
    found = queries.NEXT_WEBHOOK_DUE[len(busy)].first(now, BATCH_SIZE * slots, *busy)
    if found is None:
        return []
    # Few due: split them across the webhook's free slots rather than send them one by one.
    webhook_id, due = found
    size = min(BATCH_SIZE, max(1, math.ceil(due / (slots - claims[webhook_id]))))
    return queries.CLAIM_DELIVERIES_OF_WEBHOOK(worker_id, now, lease_ms, size, webhook_id)


def claims_by_webhook(now_ms):
    """How many claims hold deliveries of each webhook now: a Counter by webhook id."""
    held = queries.HELD_DELIVERY_CLAIMS.rows(now_ms)
    return collections.Counter(webhook_id for webhook_id, _ in set(held))


def for_sending(deliveries):
    """The events of `deliveries` by delivery id, and their webhook (one for them all),
    in one query; deleted ones are missing, the webhook None if it is gone."""
    rows = list(queries.EVENTS_TO_SEND[len(deliveries)].rows(*[delivery.id for delivery in deliveries]))
    events = {delivery_id: SentEvent(*event) for delivery_id, _, *event in rows}
    webhook = queries.WEBHOOK_BY_ID.first(rows[0][1]) if rows else None
    return events, webhook
