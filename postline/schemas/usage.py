"""Usage and rate limits: today's summary, daily history, one day by endpoint."""

import datetime

from marshmallow import Schema, ValidationError, fields, post_load

from postline.limits import usage
from postline.web.choices import MODE, Choice
from postline.web.envelopes import Answer
from postline.web.fields import Day, Timestamp, described

MAX_HISTORY_DAYS = 366


class UsageCountsSchema(Answer):
    requests = fields.Integer(metadata={"description": "Requests admitted (not those refused with 429)"})
    posts_created = described(
        fields.Integer, "Posts created (a batch of 20 counts 20)", data_key="postsCreated"
    )
    posts_delivered = described(fields.Integer, "Posts that reached `done`", data_key="postsDelivered")
    posts_failed = described(
        fields.Integer, "Publishing attempts that ended `failed`", data_key="postsFailed"
    )
    webhook_deliveries = described(
        fields.Integer, "Webhook delivery attempts made", data_key="webhookDeliveries"
    )
    media_bytes = described(fields.Integer, "Bytes of media uploaded or imported", data_key="mediaBytes")


class UsageLimitSchema(Answer):
    limit = fields.Integer(
        attribute="limit.amount", metadata={"description": "Requests allowed in the window"}
    )
    used = fields.Integer(metadata={"description": "Requests counted in the sliding window now"})
    remaining = described(fields.Integer, "Requests left in the window")
    reset_at = Timestamp(
        data_key="resetAt",
        attribute="reset_ms",
        metadata={"description": "When the window next frees capacity"},
    )


class UsageLimitsSchema(Answer):
    minute = described(fields.Nested, "The 60-second window", UsageLimitSchema, allow_none=True)
    hour = fields.Nested(UsageLimitSchema, allow_none=True, metadata={"description": "null for test keys"})
    day = fields.Nested(UsageLimitSchema, allow_none=True, metadata={"description": "null for test keys"})


class UsageSummarySchema(Answer):
    plan = described(fields.String, "The account's plan: free, stream, river, ocean or one of yours")
    mode = described(Choice, "live or test", MODE)
    limits = fields.Nested(
        UsageLimitsSchema,
        allow_none=True,
        metadata={"description": "This key's rate-limit windows; null when rate limiting is switched off"},
    )
    today = fields.Nested(UsageCountsSchema, metadata={"description": "This account's usage today (UTC)"})


class UsageDaySchema(UsageCountsSchema):
    date = fields.Date(metadata={"description": "The UTC day"})


class UsageEndpointSchema(Answer):
    method = described(fields.String, "GET, POST, PATCH or DELETE")
    path = fields.String(metadata={"description": "The route template, e.g. `/v1/api-keys/{key_id}`"})
    requests = described(fields.Integer, "Requests that day")


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
