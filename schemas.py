"""Marshmallow schemas: what the API reads and what it answers.

Request schemas reject unknown fields (marshmallow's default RAISE), so a typo
such as `scheduled_for` is a 400, never silently ignored. Attributes are the
models' snake_case names; `data_key` gives the API's camelCase.
"""

import datetime
import functools
import re

from marshmallow import Schema, ValidationError, fields, post_load, validate

from postline import timestamps, usage
from postline.api_keys import PERMISSIONS

HEX_COLOR = r"^#[0-9A-Fa-f]{6}$"


class Timestamp(fields.Integer):
    """A timestamp in an answer: Unix milliseconds."""


class TimestampInput(fields.Field):
    """A timestamp a client sends: Unix milliseconds or ISO 8601 with Z or an offset."""

    def _deserialize(self, value, attr, data, **kwargs):
        try:
            return timestamps.parse(value)
        except timestamps.TimestampError as error:
            raise ValidationError(str(error)) from None


def timestamp_input_properties(converter, field, **kwargs):
    """OpenAPI for TimestampInput: an integer of milliseconds or a date-time string."""
    if isinstance(field, TimestampInput):
        milliseconds = {"type": "integer", "format": "int64", "minimum": 0, "maximum": timestamps.MAX_MS}
        return {"oneOf": [milliseconds, {"type": "string", "format": "date-time"}]}
    return {}


class CommaList(fields.Field):
    """A comma-separated query value as a list; empty items are dropped."""

    def __init__(self, item_validator=None, **kwargs):
        super().__init__(**kwargs)
        self.item_validator = item_validator

    def _deserialize(self, value, attr, data, **kwargs):
        if not isinstance(value, str):
            raise ValidationError("must be a comma-separated list")
        items = [item for item in value.split(",") if item]
        if not items:
            raise ValidationError("needs at least one value")
        if self.item_validator:
            for item in items:
                self.item_validator(item)
        return items


# Characters that count as blank, spelled out so Python's `re` (validation) and
# ECMA regexes (clients reading the documented `pattern`) agree on them.
BLANK = r"\t\n\v\f\r \x1c-\x1f\x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff"
NOT_BLANK = validate.Regexp(f"^[{BLANK}]*[^{BLANK}]", error="must not be blank")

Name = functools.partial(fields.String, validate=[validate.Length(min=1, max=100), NOT_BLANK])


# Envelopes and errors ---------------------------------------------------------


class ErrorDetailSchema(Schema):
    field = fields.String(metadata={"description": "The offending field, e.g. `posts[3].content`"})
    message = fields.String()


class ErrorBodySchema(Schema):
    type = fields.String(metadata={"description": "Error class, e.g. `validation_error`"})
    code = fields.String(metadata={"description": "Stable machine-readable code, e.g. `VALIDATION_ERROR`"})
    message = fields.String()
    details = fields.List(fields.Nested(ErrorDetailSchema))
    request_id = fields.String()


class ErrorSchema(Schema):
    error = fields.Nested(ErrorBodySchema, required=True)
    retry_after = fields.Integer(metadata={"description": "Seconds to wait; 429 only"})


class PaginationSchema(Schema):
    page = fields.Integer()
    per_page = fields.Integer()
    total = fields.Integer()
    total_pages = fields.Integer()


class ListMetaSchema(Schema):
    request_id = fields.String()
    timestamp = fields.Integer(metadata={"description": "Unix milliseconds"})
    pagination = fields.Nested(PaginationSchema)


@functools.cache
def envelope(schema_class):
    """`{data: <resource>}`, named after the resource schema."""
    name = schema_class.__name__.removesuffix("Schema")
    return Schema.from_dict({"data": fields.Nested(schema_class)}, name=f"{name}Response")


@functools.cache
def list_envelope(schema_class):
    """`{data: [<resource>], meta}`, named after the resource schema."""
    name = schema_class.__name__.removesuffix("Schema")
    return Schema.from_dict(
        {"data": fields.List(fields.Nested(schema_class)), "meta": fields.Nested(ListMetaSchema)},
        name=f"{name}ListResponse",
    )


class DeletedSchema(Schema):
    id = fields.String()
    deleted = fields.Boolean()


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
    expires_in = fields.Integer(
        data_key="expiresIn",
        validate=validate.Range(min=1, max=3650),
        metadata={"description": "Days until the key stops working"},
    )


class ApiKeyUpdateSchema(Schema):
    name = Name()
    permissions = Permissions()


# Health -----------------------------------------------------------------------


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
        data_key="from", metadata={"description": "First UTC day, YYYY-MM-DD; default 29 days before `to`"}
    )
    last = Day(data_key="to", metadata={"description": "Last UTC day, YYYY-MM-DD; default today"})

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
