"""Events (decisions.md section 10): recorded in the caller's transaction, so an event
exists if and only if the change that caused it was committed.
"""

import json

from models import Event
from postline import clock

TYPES = ("post.created", "post.delivered", "post.failed", "post.blocked", "webhook.test")


def record(account_id, mode, event_type, data):
    """Store an event; call inside the transaction that makes the change it reports."""
    return record_many(account_id, mode, event_type, [data])[0]


def record_many(account_id, mode, event_type, payloads):
    """Store one event per payload in one statement; returns their ids."""
    if event_type not in TYPES:
        raise ValueError(f"unknown event type {event_type!r}")
    now = clock.now_ms()
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
    Event.insert_many(rows).execute()
    return [row["id"] for row in rows]
