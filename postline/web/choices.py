"""The closed sets of values the API answers with (statuses, modes, triggers), each
documented once as a named enum of the OpenAPI document (`PostStatus`, ...).

Only sets that Postline owns and that will not grow are closed: a generated client
rejects a value it does not know. Sets that grow with every network or feature
(`platform`, `provider`, `event`, error `code`) stay strings whose descriptions list the
values known today, and so do the values of a platform's options (`PlatformChoice`:
X's `replySettings`, TikTok's `privacyLevel`), which the platform defines and may
extend. A target's part kinds (`post`, `reply`, `comment`) are Postline's own: a post,
the replies of its thread and its first comment are what a post is made of.
"""

from dataclasses import dataclass

from marshmallow import fields, validate

from models import MODES
from postline import platforms
from postline.statuses import (
    ConnectionStatus,
    DeliveryStatus,
    DeliveryTrigger,
    PartKind,
    PostStatus,
    TargetStatus,
)


@dataclass(frozen=True)
class ClosedSet:
    """A named enum of the document: `name` is its component, `values` every member."""

    name: str
    values: tuple
    description: str

    def schema(self):
        return {"type": "string", "enum": list(self.values), "description": self.description}


POST_STATUS = ClosedSet(
    "PostStatus",
    PostStatus.ALL,
    "Where a post stands: `draft` (held), `queued` (waiting for `scheduledFor` or `nextAttemptAt`), "
    "`publishing` (a worker is sending it), `done` (every target published), `failed` (the last "
    "attempt failed; retried at `nextAttemptAt` while that is set), `blocked` (stopped by a platform "
    "limit or policy, a dead connection or an unconfirmed send).",
)
TARGET_STATUS = ClosedSet(
    "TargetStatus",
    TargetStatus.ALL,
    "Where one platform's copy of a post stands: `pending`, `sending` (a call is in flight), "
    "`processing` (the platform took it and finishes later), `published`, `failed`, or "
    "`unconfirmed` (the outcome of a send is unknown: never re-sent on its own).",
)
PART_KIND = ClosedSet(
    "PartKind",
    PartKind.ALL,
    "What a part of a target is: `post` (the post itself), `reply` (a part of its thread, replying "
    "to the part before) or `comment` (its first comment).",
)
CONNECTION_STATUS = ClosedSet(
    "ConnectionStatus",
    ConnectionStatus.ALL,
    "`active`; `expired` or `revoked` (the platform refused its tokens for good: it publishes "
    "nothing until connected again); `error` (the last verification failed for another reason).",
)
DELIVERY_STATUS = ClosedSet(
    "DeliveryStatus",
    DeliveryStatus.ALL,
    "`pending` (an attempt is due), `succeeded` (the receiver answered 2xx) or `failed` "
    "(every attempt failed).",
)
DELIVERY_TRIGGER = ClosedSet(
    "DeliveryTrigger",
    DeliveryTrigger.ALL,
    "What made the delivery: `event` (the event happened), `test` (POST /v1/webhooks/{webhook_id}/test) "
    "or `manual` (a retry asked for through the API).",
)
MODE = ClosedSet(
    "Mode", MODES, "`live` or `test`: test-mode keys see only test-mode resources, published by the sandbox."
)

CLOSED_SETS = (
    POST_STATUS,
    TARGET_STATUS,
    PART_KIND,
    CONNECTION_STATUS,
    DELIVERY_STATUS,
    DELIVERY_TRIGGER,
    MODE,
)


# Open sets whose values come from the platform registry (postline/platforms), for the
# descriptions that list them as known today: a network added there is listed at once.
PROVIDERS = tuple(platforms.PROVIDERS)
PLATFORMS = tuple(
    platform for platform in platforms.PUBLISHERS if platform != platforms.sandbox.ADAPTER.platform
)
# A target's platform: a network's, or the test-mode sandbox's.
TARGET_PLATFORMS = (*PLATFORMS, platforms.sandbox.ADAPTER.platform)


def known_today(values):
    """How a description lists an open set's values: `known today: x, linkedin, ...`."""
    return f"known today: {', '.join(values)}"


class Choice(fields.String):
    """One value of a closed set: checked when read, documented as a reference to the
    set's named enum (postline/web/openapi.py)."""

    def __init__(self, closed_set, **kwargs):
        super().__init__(validate=validate.OneOf(closed_set.values), **kwargs)
        self.closed_set = closed_set


class PlatformChoice(fields.String):
    """One value of a set a platform defines and may extend (a platform option's): checked
    when read exactly as `OneOf`, documented as a plain string whose description names
    the values (postline/web/openapi.py), so that a client generated today still reads a
    post whose option has a value added later."""

    def __init__(self, values, **kwargs):
        super().__init__(validate=validate.OneOf(values), **kwargs)
        self.values = tuple(values)


def known_values(values, what):
    """A validator of an open set's value: one of `values` today, documented as a plain
    string (a new value must not break an older generated client), refused by the server."""
    values = frozenset(values)

    def check(value):
        if value not in values:
            raise validate.ValidationError(f"is not a known {what}")

    return check
