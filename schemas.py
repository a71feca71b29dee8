"""Marshmallow schemas: what the API reads and what it answers.

Request schemas reject unknown fields (marshmallow's default RAISE), so a typo
such as `scheduled_for` is a 400, never silently ignored. Attributes are the
models' snake_case names; `data_key` gives the API's camelCase.
"""

import datetime
import functools
import re
import zoneinfo

from flask_smorest.fields import Upload
from marshmallow import Schema, ValidationError, fields, post_load, validate, validates_schema
from werkzeug.datastructures import FileStorage

from postline.accounts.keys import PERMISSIONS
from postline.limits import usage
from postline.media import kinds
from postline.statuses import DeliveryStatus, DeliveryTrigger, PostStatus, TargetStatus
from postline.web.fields import ScheduleInput, Timestamp, WholeNumber
from postline.webhooks import events

HEX_COLOR = r"^#[0-9A-Fa-f]{6}$"
IANA_ZONES = sorted(zoneinfo.available_timezones())


# Characters that count as blank, spelled out so Python's `re` (validation) and
# ECMA regexes (clients reading the documented `pattern`) agree on them.
BLANK = r"\t\n\v\f\r \x1c-\x1f\x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff"
NOT_BLANK = validate.Regexp(f"^[{BLANK}]*[^{BLANK}\\u0000][^\\u0000]*$", error="must not be blank")

Name = functools.partial(fields.String, validate=[validate.Length(min=1, max=100), NOT_BLANK])


# Channels ---------------------------------------------------------------------


class ChannelSchema(Schema):
    id = fields.String()
    name = fields.String()
    color = fields.String(metadata={"description": "#RRGGBB"})
    created_at = Timestamp(data_key="createdAt")
    updated_at = Timestamp(data_key="updatedAt")


class ChannelCreateSchema(Schema):
    name = Name(required=True)
    color = fields.String(validate=validate.Regexp(HEX_COLOR, error="must be a #RRGGBB hex color"))


class ChannelUpdateSchema(Schema):
    name = Name()
    color = fields.String(validate=validate.Regexp(HEX_COLOR, error="must be a #RRGGBB hex color"))


# API keys ---------------------------------------------------------------------

Permissions = functools.partial(
    fields.List,
    fields.String(validate=validate.OneOf(PERMISSIONS, error="is not a known permission")),
)


class ApiKeySchema(Schema):
    id = fields.String()
    name = fields.String()
    prefix = fields.String(metadata={"description": "The key's visible 8-character prefix"})
    mode = fields.String(metadata={"description": "live or test"})
    permissions = fields.List(fields.String())
    last_used_at = Timestamp(data_key="lastUsedAt", allow_none=True)
    expires_at = Timestamp(data_key="expiresAt", allow_none=True)
    created_at = Timestamp(data_key="createdAt")
    updated_at = Timestamp(data_key="updatedAt")


class ApiKeyCreatedSchema(ApiKeySchema):
    key = fields.String(metadata={"description": "The full key; shown in this answer only"})


class ApiKeyCreateSchema(Schema):
    name = Name(required=True)
    permissions = Permissions(metadata={"description": "Default: every permission of the creating key"})
    mode = fields.String(validate=validate.OneOf(["live", "test"]))
    expires_in = WholeNumber(
        data_key="expiresIn",
        validate=validate.Range(min=1, max=3650),
        metadata={"description": "Days until the key stops working"},
    )


class ApiKeyUpdateSchema(Schema):
    name = Name()
    permissions = Permissions()


# Posts ------------------------------------------------------------------------

MAX_BATCH = 100


class ProblemSchema(Schema):
    code = fields.String()
    message = fields.String()


class PostTargetSchema(Schema):
    connection_id = fields.String(data_key="connectionId", allow_none=True)
    platform = fields.String(metadata={"description": "x, linkedin, facebook, instagram, tiktok or sandbox"})
    status = fields.String(metadata={"description": " | ".join(TargetStatus.ALL)})
    platform_post_id = fields.String(data_key="platformPostId", allow_none=True)
    url = fields.String(allow_none=True)
    error = fields.Nested(ProblemSchema, allow_none=True)
    published_at = Timestamp(data_key="publishedAt", allow_none=True)


class PostSchema(Schema):
    id = fields.String()
    channel_id = fields.String(data_key="channelId")
    content = fields.String(allow_none=True)
    scheduled_for = Timestamp(data_key="scheduledFor")
    timezone = fields.String(allow_none=True)
    media = fields.List(fields.String())
    status = fields.String(metadata={"description": " | ".join(PostStatus.ALL)})
    attempts = fields.Integer()
    next_attempt_at = Timestamp(
        data_key="nextAttemptAt", allow_none=True, metadata={"description": "When the worker tries again"}
    )
    last_error = fields.Nested(ProblemSchema, data_key="lastError", allow_none=True)
    targets = fields.List(fields.Nested(PostTargetSchema))
    delivered_at = Timestamp(data_key="deliveredAt", allow_none=True)
    created_at = Timestamp(data_key="createdAt")
    updated_at = Timestamp(data_key="updatedAt")


class PostFieldsSchema(Schema):
    """Fields a client may set on a post; all optional (PATCH)."""

    channel_id = fields.String(data_key="channelId", validate=validate.Length(min=1, max=40))
    content = fields.String(validate=[validate.Length(min=1, max=10000), NOT_BLANK])
    scheduled_for = ScheduleInput(
        data_key="scheduledFor",
        metadata={
            "description": "When to publish: Unix milliseconds (a number below 100,000,000,000 "
            "looks like seconds and is refused) or ISO 8601. Without Z or an offset, read in "
            "`timezone`. At most `[posts] max_past_seconds` (1 hour) in the past. "
            "Omitted on create: as soon as possible."
        },
    )
    timezone = fields.String(
        allow_none=True,
        # Listed in the OpenAPI document, so a generated or picked value is always a real zone.
        validate=validate.OneOf(IANA_ZONES, error="is not a known IANA time zone"),
        metadata={"description": "IANA zone, e.g. Europe/Berlin"},
    )
    media = fields.List(
        fields.String(validate=validate.Length(min=1, max=255)),
        validate=validate.Length(max=35),
        metadata={"description": "Media keys from POST /v1/media/upload"},
    )
    status = fields.String(
        validate=validate.OneOf(PostStatus.SETTABLE),
        metadata={"description": "draft holds the post; queued (the default) schedules it"},
    )


class PostCreateSchema(PostFieldsSchema):
    channel_id = fields.String(data_key="channelId", required=True, validate=validate.Length(min=1, max=40))

    class Meta:
        openapi = {
            "anyOf": [
                {"required": ["content"]},
                {"required": ["media"], "properties": {"media": {"minItems": 1}}},
            ]
        }

    @validates_schema
    def content_or_media(self, data, **kwargs):
        if "content" not in data and not data.get("media"):
            raise ValidationError("is required unless media is given", field_name="content")


class PostUpdateSchema(PostFieldsSchema):
    pass


class PostBatchCreateSchema(Schema):
    posts = fields.List(
        fields.Nested(PostCreateSchema), required=True, validate=validate.Length(min=1, max=MAX_BATCH)
    )


class PostBatchUpdateItemSchema(PostFieldsSchema):
    id = fields.String(required=True)


class PostBatchUpdateSchema(Schema):
    posts = fields.List(
        fields.Nested(PostBatchUpdateItemSchema),
        required=True,
        validate=validate.Length(min=1, max=MAX_BATCH),
    )


def unique_items(values):
    if len(set(values)) != len(values):
        raise ValidationError("must not repeat an item")


class PostBatchDeleteSchema(Schema):
    ids = fields.List(
        fields.String(validate=validate.Length(min=1, max=40)),
        required=True,
        validate=[validate.Length(min=1, max=MAX_BATCH), unique_items],
        metadata={"uniqueItems": True},
    )


class BatchDeletedSchema(Schema):
    deleted = fields.List(fields.String())


# Webhooks ---------------------------------------------------------------------

EventTypes = functools.partial(
    fields.List,
    fields.String(validate=validate.OneOf(events.TYPES, error="is not a known event type")),
    validate=validate.Length(min=1, error="needs at least one event type"),
    metadata={"description": f"Event types to receive, from: {', '.join(events.TYPES)}"},
)
# The common form of a webhook URL, documented so that generated examples are accepted.
# The service checks more than a pattern can say (postline/net/ssrf.py) and also takes
# public IP addresses, longer names and, where configured, http.
WEBHOOK_URL_PATTERN = (
    r"^https://(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.){1,2}[a-z]{2,63}"
    r"(?::[1-9][0-9]{0,3})?(?:/[A-Za-z0-9._~!$&'()*+,;=:@%/?-]*)?$"
)
WebhookUrl = functools.partial(
    fields.String,
    validate=validate.Length(min=1, max=2048),
    metadata={
        "description": "An https URL on the public internet. Refused (400): http, user names or "
        "passwords, localhost, and hosts that are or resolve to private, loopback, link-local, "
        "carrier-grade NAT, multicast or reserved addresses, or IPv4 in other than dotted-decimal form.",
        "pattern": WEBHOOK_URL_PATTERN,
        "example": "https://hooks.example.com/postline",
    },
)
# Control characters other than tab and line breaks (PostgreSQL cannot store NUL).
NO_CONTROL_CHARACTERS = validate.Regexp(
    r"^[^\x00-\x08\x0b\x0c\x0e-\x1f\x7f]*$", error="must not contain control characters"
)
Description = functools.partial(
    fields.String, allow_none=True, validate=[validate.Length(max=500), NO_CONTROL_CHARACTERS]
)


class StrictBoolean(fields.Boolean):
    """JSON true or false only; marshmallow's Boolean would also take 1, "yes" or "true"."""

    def _deserialize(self, value, attr, data, **kwargs):
        if not isinstance(value, bool):
            raise self.make_error("invalid")
        return value


class WebhookSchema(Schema):
    id = fields.String()
    account_id = fields.String(data_key="userId", metadata={"description": "The owning account"})
    url = fields.String()
    events = fields.List(fields.String())
    active = fields.Boolean()
    description = fields.String(allow_none=True)
    created_at = Timestamp(data_key="createdAt")
    updated_at = Timestamp(data_key="updatedAt")


class WebhookWithSecretSchema(WebhookSchema):
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
    active = StrictBoolean()
    description = Description()
    rotate_secret = StrictBoolean(
        data_key="rotateSecret",
        metadata={"description": "true: a new secret, in this answer only; the old one signs too for 24 h"},
    )


class WebhookDeliverySchema(Schema):
    id = fields.String()
    webhook_id = fields.String(data_key="webhookId")
    event_id = fields.String(data_key="eventId")
    event_type = fields.String(data_key="event")
    status = fields.String(metadata={"description": ", ".join(DeliveryStatus.ALL)})
    attempts = fields.Integer()
    next_attempt_at = Timestamp(data_key="nextAttemptAt", allow_none=True)
    last_attempt_at = Timestamp(data_key="lastAttemptAt", allow_none=True)
    response_status = fields.Integer(data_key="responseStatus", allow_none=True)
    response_body = fields.String(
        data_key="responseBody", allow_none=True, metadata={"description": "The first 1 KB of the answer"}
    )
    error = fields.String(allow_none=True)
    duration_ms = fields.Integer(data_key="durationMs", allow_none=True)
    trigger = fields.String(metadata={"description": ", ".join(DeliveryTrigger.ALL)})
    created_at = Timestamp(data_key="createdAt")
    delivered_at = Timestamp(data_key="deliveredAt", allow_none=True)


# Media ------------------------------------------------------------------------

AltText = functools.partial(
    fields.String,
    data_key="altText",
    allow_none=True,
    validate=[validate.Length(max=1000), NO_CONTROL_CHARACTERS],
    metadata={"description": "Up to 1,000 characters, passed to platforms that take alt text"},
)


class MediaSchema(Schema):
    id = fields.String(data_key="key", metadata={"description": "`med_<id>.<ext>`: how posts name the file"})
    filename = fields.String(metadata={"description": "The name it was uploaded with, for display only"})
    content_type = fields.String(
        data_key="contentType", metadata={"description": ", ".join(kinds.BY_CONTENT_TYPE)}
    )
    size = fields.Integer(metadata={"description": "Bytes"})
    sha256 = fields.String(metadata={"description": "Hex SHA-256 of the bytes"})
    width = fields.Integer(allow_none=True, metadata={"description": "Pixels; images only"})
    height = fields.Integer(allow_none=True, metadata={"description": "Pixels; images only"})
    duration_ms = fields.Integer(
        data_key="durationMs", allow_none=True, metadata={"description": "Videos, where the file says"}
    )
    alt_text = fields.String(data_key="altText", allow_none=True)
    created_at = Timestamp(data_key="createdAt")
    updated_at = Timestamp(data_key="updatedAt")


class FilePart(Upload):
    """A file part of a multipart body (not a text field of the same name)."""

    def _deserialize(self, value, attr, data, **kwargs):
        if not isinstance(value, FileStorage):
            raise ValidationError("must be a file part (Content-Disposition with a filename)")
        return value


class MediaUploadSchema(Schema):
    file = FilePart(
        required=True, metadata={"description": f"The image or video: {kinds.NAMES}, told by its bytes"}
    )
    alt_text = AltText(allow_none=False)


class MediaDeletedSchema(Schema):
    key = fields.String()
    deleted = fields.Boolean()


class MediaUpdateSchema(Schema):
    alt_text = AltText(required=True)


class MediaImportSchema(Schema):
    url = fields.String(
        required=True,
        validate=validate.Length(min=1, max=2048),
        metadata={
            "description": "An https URL on the public internet, answering 200 with the file "
            "(refused like webhook URLs; redirects are not followed)",
            "example": "https://images.example.com/launch.png",
        },
    )


# Health -----------------------------------------------------------------------


class ServiceSchema(Schema):
    name = fields.String(metadata={"description": "Always `Postline`"})
    version = fields.String(metadata={"description": "The running version"})
    docs = fields.String(metadata={"description": "Path of the interactive API reference"})
    openapi = fields.String(metadata={"description": "Path of the OpenAPI document"})


class ServiceChecksSchema(Schema):
    database = fields.String(metadata={"description": "`ok` or `unreachable`"})
    worker = fields.String(metadata={"description": "`ok`, `stale` (no recent heartbeat) or `unknown`"})


class ServiceCheckSchema(Schema):
    status = fields.String(metadata={"description": "`ok` (200) or `unavailable` (503)"})
    checks = fields.Nested(ServiceChecksSchema)


class HealthKeySchema(Schema):
    id = fields.String()
    name = fields.String()
    mode = fields.String()
    permissions = fields.List(fields.String())


class WorkerStatusSchema(Schema):
    last_seen_at = Timestamp(data_key="lastSeenAt", allow_none=True)
    lag_ms = fields.Integer(data_key="lagMs", allow_none=True)


class HealthSchema(Schema):
    status = fields.String(metadata={"description": "ok, or degraded when the worker is not running"})
    version = fields.String()
    time = Timestamp()
    key = fields.Nested(HealthKeySchema)
    database = fields.String()
    worker = fields.Nested(WorkerStatusSchema)


# Usage ------------------------------------------------------------------------

MAX_HISTORY_DAYS = 366


class Day(fields.Date):
    """A UTC calendar day, exactly `YYYY-MM-DD` (not the other ISO 8601 spellings)."""

    def _deserialize(self, value, attr, data, **kwargs):
        if not isinstance(value, str) or not re.fullmatch(r"\d{4}-\d{2}-\d{2}", value):
            raise ValidationError("must be a date written YYYY-MM-DD")
        return super()._deserialize(value, attr, data, **kwargs)


class UsageCountsSchema(Schema):
    requests = fields.Integer(metadata={"description": "Requests admitted (not those refused with 429)"})
    posts_created = fields.Integer(data_key="postsCreated")
    posts_delivered = fields.Integer(data_key="postsDelivered")
    posts_failed = fields.Integer(data_key="postsFailed")
    webhook_deliveries = fields.Integer(data_key="webhookDeliveries")
    media_bytes = fields.Integer(data_key="mediaBytes")


class UsageLimitSchema(Schema):
    limit = fields.Integer(
        attribute="limit.amount", metadata={"description": "Requests allowed in the window"}
    )
    used = fields.Integer(metadata={"description": "Requests counted in the sliding window now"})
    remaining = fields.Integer()
    reset_at = Timestamp(
        data_key="resetAt",
        attribute="reset_ms",
        metadata={"description": "When the window next frees capacity"},
    )


class UsageLimitsSchema(Schema):
    minute = fields.Nested(UsageLimitSchema, allow_none=True)
    hour = fields.Nested(UsageLimitSchema, allow_none=True, metadata={"description": "null for test keys"})
    day = fields.Nested(UsageLimitSchema, allow_none=True, metadata={"description": "null for test keys"})


class UsageSummarySchema(Schema):
    plan = fields.String()
    mode = fields.String(metadata={"description": "live or test"})
    limits = fields.Nested(
        UsageLimitsSchema,
        allow_none=True,
        metadata={"description": "This key's rate-limit windows; null when rate limiting is switched off"},
    )
    today = fields.Nested(UsageCountsSchema, metadata={"description": "This account's usage today (UTC)"})


class UsageDaySchema(UsageCountsSchema):
    date = fields.Date(metadata={"description": "The UTC day"})


class UsageEndpointSchema(Schema):
    method = fields.String()
    path = fields.String(metadata={"description": "The route template, e.g. `/v1/api-keys/{key_id}`"})
    requests = fields.Integer()


class UsageDayDetailSchema(UsageDaySchema):
    endpoints = fields.List(
        fields.Nested(UsageEndpointSchema), metadata={"description": "Requests per endpoint, busiest first"}
    )


class UsageDayQuerySchema(Schema):
    date = Day(required=True, metadata={"description": "The UTC day, YYYY-MM-DD"})


class UsageHistoryRangeSchema(Schema):
    first = Day(
        data_key="from",
        metadata={
            "description": "First UTC day, YYYY-MM-DD; default 29 days before `to`. "
            f"Not after `to`, and at most {MAX_HISTORY_DAYS} days before it."
        },
    )
    last = Day(
        data_key="to",
        metadata={
            "description": "Last UTC day, YYYY-MM-DD; default today. "
            f"At most {MAX_HISTORY_DAYS} days after `from`."
        },
    )

    @post_load
    def fill_in_the_range(self, data, **kwargs):
        """Default to the last 30 days; refuse a reversed range or one over MAX_HISTORY_DAYS."""
        last = data.get("last") or usage.today()
        first = data.get("first") or last - min(datetime.timedelta(days=29), last - datetime.date.min)
        if first > last:
            raise ValidationError("must not be after `to`", field_name="from")
        if (last - first).days + 1 > MAX_HISTORY_DAYS:
            if "last" in data:
                raise ValidationError(f"must be within {MAX_HISTORY_DAYS} days of `from`", field_name="to")
            raise ValidationError(
                f"must be within {MAX_HISTORY_DAYS} days of `to` (default today)", field_name="from"
            )
        return {**data, "first": first, "last": last}
