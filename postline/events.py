"""Events (decisions.md section 10): recorded in the caller's transaction, so an event
exists if and only if the change that caused it was committed.
"""

import json

from models import Event

TYPES = ("post.created", "post.delivered", "post.failed", "post.blocked", "webhook.test")


def record(account_id, mode, event_type, data):
    """Store an event; call inside the transaction that makes the change it reports."""
    if event_type not in TYPES:
        raise ValueError(f"unknown event type {event_type!r}")
    return Event.create_for_account(
        account_id, mode, type=event_type, data=json.dumps(data, separators=(",", ":"))
    )
