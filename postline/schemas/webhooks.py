"""Webhooks and their deliveries."""

from marshmallow import Schema, fields

from postline.web.choices import DELIVERY_STATUS, DELIVERY_TRIGGER, Choice, known_today
from postline.web.envelopes import Answer
from postline.web.fields import (
    CreatedAt,
    Description,
    EventTypes,
    StrictBoolean,
    Timestamp,
    UpdatedAt,
    WebhookUrl,
    described,
)
from postline.webhooks import events


class WebhookSchema(Answer):
    id = described(fields.String, "The webhook's id, `wh_...`")
    account_id = fields.String(data_key="userId", metadata={"description": "The owning account"})
    url = described(fields.String, "Where events are POSTed")
    events = described(
        fields.List, f"The event types it receives; {known_today(events.TYPES)}", fields.String()
    )
    active = described(fields.Boolean, "false: no events are sent to it")
    disabled_reason = described(
        fields.String,
        "Why the service disabled it (its receiver answered 410 Gone, or every delivery failed for "
        "`[webhooks] disable_after_days`); null otherwise. PATCH `active: true` enables it again.",
        data_key="disabledReason",
        allow_none=True,
    )
    description = described(fields.String, "Your note, or null", allow_none=True)
    created_at = CreatedAt()
    updated_at = UpdatedAt()


class WebhookWithSecretSchema(WebhookSchema):
    class Meta:
        optional = ("new_secret",)  # a PATCH that does not rotate the secret shows none

    # Never the stored (encrypted) `secret` column: only a secret just made.
    new_secret = fields.String(
        data_key="secret",
        metadata={"description": "The signing secret; only in the answer that creates or rotates it"},
    )


class WebhookCreateSchema(Schema):
    url = WebhookUrl(required=True)
    events = EventTypes(required=True)
    description = Description()


class WebhookUpdateSchema(Schema):
    url = WebhookUrl()
    events = EventTypes()
    active = described(StrictBoolean, "false stops sending events; true sends them again")
    description = Description()
    rotate_secret = StrictBoolean(
        data_key="rotateSecret",
        metadata={"description": "true: a new secret, in this answer only; the old one signs too for 24 h"},
    )


class WebhookDeliverySchema(Answer):
    id = described(fields.String, "The delivery's id, `whd_...`")
    webhook_id = described(fields.String, "The webhook it goes to", data_key="webhookId")
    event_id = described(
        fields.String,
        "The event it carries (the same across retries: `Service-Event-Id`)",
        data_key="eventId",
    )
    event_type = described(fields.String, f"The event's type; {known_today(events.TYPES)}", data_key="event")
    status = described(Choice, "Where the delivery stands", DELIVERY_STATUS)
    attempts = described(fields.Integer, "Attempts made so far (at most 7)")
    next_attempt_at = described(
        Timestamp,
        "When the next attempt is due (Unix ms), or null",
        data_key="nextAttemptAt",
        allow_none=True,
    )
    last_attempt_at = described(
        Timestamp, "When the last attempt started (Unix ms)", data_key="lastAttemptAt", allow_none=True
    )
    response_status = described(
        fields.Integer,
        "The HTTP status the receiver last answered",
        data_key="responseStatus",
        allow_none=True,
    )
    response_body = fields.String(
        data_key="responseBody", allow_none=True, metadata={"description": "The first 1 KB of the answer"}
    )
    error = described(fields.String, "What went wrong with the last attempt, in words", allow_none=True)
    duration_ms = described(
        fields.Integer, "How long the last attempt took", data_key="durationMs", allow_none=True
    )
    trigger = described(Choice, "What made it", DELIVERY_TRIGGER)
    created_at = CreatedAt()
    delivered_at = described(
        Timestamp, "When a 2xx answer came (Unix ms)", data_key="deliveredAt", allow_none=True
    )
