"""Marshmallow schemas: what the API reads and what it answers.

Request schemas reject unknown fields (marshmallow's default RAISE), so a typo
such as `scheduled_for` is a 400, never silently ignored. Attributes are the
models' snake_case names; `data_key` gives the API's camelCase.
"""

import datetime

from marshmallow import Schema, ValidationError, fields, post_load, validate, validates_schema

from postline.limits import usage
from postline.media import kinds
from postline.statuses import ConnectionStatus, DeliveryStatus, DeliveryTrigger, PostStatus, TargetStatus
from postline.web.fields import (
    CHANNEL_NAME,
    IANA_ZONES,
    KEY_NAME,
    NOT_BLANK,
    AltText,
    CreatedAt,
    Day,
    Description,
    EventTypes,
    FilePart,
    HexColor,
    Name,
    Permissions,
    ScheduleInput,
    StrictBoolean,
    Timestamp,
    UpdatedAt,
    WebhookUrl,
    WholeNumber,
    described,
    unique_items,
)

# Channels ---------------------------------------------------------------------


class ChannelSchema(Schema):
    id = described(fields.String, "The channel's id, `ch_...`")
    name = described(fields.String, "The channel's name")
    color = described(fields.String, "Its color, #RRGGBB")
    connection_ids = described(
        fields.List,
        "The platform connections its posts are published to (POST /v1/connections/{id}/add-to-channel)",
        fields.String(),
        data_key="connectionIds",
    )
    created_at = CreatedAt()
    updated_at = UpdatedAt()


class ChannelCreateSchema(Schema):
    name = Name(required=True, metadata={"description": CHANNEL_NAME})
    color = HexColor()


class ChannelUpdateSchema(Schema):
    name = Name(metadata={"description": CHANNEL_NAME})
    color = HexColor()


# API keys ---------------------------------------------------------------------


class ApiKeySchema(Schema):
    id = described(fields.String, "The key's id, `key_...` (not the key itself)")
    name = described(fields.String, "Its label")
    prefix = fields.String(metadata={"description": "The key's visible 8-character prefix"})
    mode = fields.String(metadata={"description": "live or test"})
    permissions = described(fields.List, "What the key may do", fields.String())
    last_used_at = described(
        Timestamp,
        "When it was last used (Unix ms; updated at most once a minute)",
        data_key="lastUsedAt",
        allow_none=True,
    )
    expires_at = described(
        Timestamp, "When it stops working (Unix ms), or null", data_key="expiresAt", allow_none=True
    )
    created_at = CreatedAt()
    updated_at = UpdatedAt()


class ApiKeyCreatedSchema(ApiKeySchema):
    key = fields.String(metadata={"description": "The full key; shown in this answer only"})


class ApiKeyCreateSchema(Schema):
    name = Name(required=True, metadata={"description": KEY_NAME})
    permissions = Permissions(metadata={"description": "Default: every permission of the creating key"})
    mode = described(
        fields.String,
        "live or test; default the creating key's (a test key cannot create a live key)",
        validate=validate.OneOf(["live", "test"]),
    )
    expires_in = WholeNumber(
        data_key="expiresIn",
        validate=validate.Range(min=1, max=3650),
        metadata={"description": "Days until the key stops working"},
    )


class ApiKeyUpdateSchema(Schema):
    name = Name(metadata={"description": KEY_NAME})
    permissions = Permissions(metadata={"description": "The new permissions, within the caller's own"})


# Posts ------------------------------------------------------------------------

MAX_BATCH = 100


class ProblemSchema(Schema):
    code = described(fields.String, "A stable code, e.g. `RATE_LIMITED`, `DELIVERY_UNCONFIRMED`")
    message = described(fields.String, "What happened, in words")


class PostTargetSchema(Schema):
    connection_id = described(
        fields.String,
        "The platform connection it goes to (null for the sandbox)",
        data_key="connectionId",
        allow_none=True,
    )
    platform = fields.String(metadata={"description": "x, linkedin, facebook, instagram, tiktok or sandbox"})
    status = fields.String(metadata={"description": " | ".join(TargetStatus.ALL)})
    platform_post_id = described(
        fields.String,
        "The post's id on the platform, once published",
        data_key="platformPostId",
        allow_none=True,
    )
    url = described(
        fields.String, "The published post's address, where the platform gives one", allow_none=True
    )
    error = described(fields.Nested, "Why its last attempt failed, or null", ProblemSchema, allow_none=True)
    published_at = described(
        Timestamp, "When the platform confirmed it (Unix ms)", data_key="publishedAt", allow_none=True
    )


class PostSchema(Schema):
    id = described(fields.String, "The post's id, `post_...`")
    channel_id = described(fields.String, "The channel it belongs to", data_key="channelId")
    content = described(fields.String, "The text to publish", allow_none=True)
    scheduled_for = described(Timestamp, "When it is to be published (Unix ms)", data_key="scheduledFor")
    timezone = described(fields.String, "The IANA zone its local times are read in, or null", allow_none=True)
    media = described(fields.List, "Media keys attached, in order", fields.String())
    status = fields.String(metadata={"description": " | ".join(PostStatus.ALL)})
    attempts = described(fields.Integer, "Publishing attempts started so far")
    next_attempt_at = Timestamp(
        data_key="nextAttemptAt", allow_none=True, metadata={"description": "When the worker tries again"}
    )
    last_error = described(
        fields.Nested,
        "Why the last attempt failed or blocked, or null",
        ProblemSchema,
        data_key="lastError",
        allow_none=True,
    )
    targets = described(
        fields.List,
        "Where it is published: one per platform connection (or the sandbox)",
        fields.Nested(PostTargetSchema),
    )
    delivered_at = described(
        Timestamp, "When every target was published (Unix ms)", data_key="deliveredAt", allow_none=True
    )
    created_at = CreatedAt()
    updated_at = UpdatedAt()


class PostFieldsSchema(Schema):
    """Fields a client may set on a post; all optional (PATCH)."""

    channel_id = described(
        fields.String,
        "The channel to publish to",
        data_key="channelId",
        validate=validate.Length(min=1, max=40),
    )
    content = described(
        fields.String,
        "The text, 1 to 10,000 characters (and within the limits of each platform the channel "
        "is connected to)",
        validate=[validate.Length(min=1, max=10000), NOT_BLANK],
    )
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
    channel_id = described(
        fields.String,
        "The channel to publish to",
        data_key="channelId",
        required=True,
        validate=validate.Length(min=1, max=40),
    )

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
    posts = described(
        fields.List,
        f"1 to {MAX_BATCH} posts, created all or none",
        fields.Nested(PostCreateSchema),
        required=True,
        validate=validate.Length(min=1, max=MAX_BATCH),
    )


class PostBatchUpdateItemSchema(PostFieldsSchema):
    id = described(fields.String, "The post to change", required=True)


class PostBatchUpdateSchema(Schema):
    posts = described(
        fields.List,
        f"1 to {MAX_BATCH} changes, each naming its post by `id`; applied all or none",
        fields.Nested(PostBatchUpdateItemSchema),
        required=True,
        validate=validate.Length(min=1, max=MAX_BATCH),
    )


class PostBatchDeleteSchema(Schema):
    ids = fields.List(
        fields.String(validate=validate.Length(min=1, max=40)),
        required=True,
        validate=[validate.Length(min=1, max=MAX_BATCH), unique_items],
        metadata={"uniqueItems": True, "description": f"1 to {MAX_BATCH} post ids, deleted all or none"},
    )


class BatchDeletedSchema(Schema):
    deleted = described(fields.List, "The ids deleted", fields.String())


# Webhooks ---------------------------------------------------------------------


class WebhookSchema(Schema):
    id = described(fields.String, "The webhook's id, `wh_...`")
    account_id = fields.String(data_key="userId", metadata={"description": "The owning account"})
    url = described(fields.String, "Where events are POSTed")
    events = described(fields.List, "The event types it receives", fields.String())
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


class WebhookDeliverySchema(Schema):
    id = described(fields.String, "The delivery's id, `whd_...`")
    webhook_id = described(fields.String, "The webhook it goes to", data_key="webhookId")
    event_id = described(
        fields.String,
        "The event it carries (the same across retries: `Service-Event-Id`)",
        data_key="eventId",
    )
    event_type = described(fields.String, "The event's type", data_key="event")
    status = fields.String(metadata={"description": ", ".join(DeliveryStatus.ALL)})
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
    trigger = fields.String(metadata={"description": ", ".join(DeliveryTrigger.ALL)})
    created_at = CreatedAt()
    delivered_at = described(
        Timestamp, "When a 2xx answer came (Unix ms)", data_key="deliveredAt", allow_none=True
    )


# Media ------------------------------------------------------------------------


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
    alt_text = described(fields.String, "Its alt text, or null", data_key="altText", allow_none=True)
    created_at = CreatedAt()
    updated_at = UpdatedAt()


class MediaUploadSchema(Schema):
    file = FilePart(
        required=True, metadata={"description": f"The image or video: {kinds.NAMES}, told by its bytes"}
    )
    alt_text = AltText(allow_none=False)


class MediaDeletedSchema(Schema):
    key = described(fields.String, "The deleted file's key")
    deleted = described(fields.Boolean, "Always true")


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
    checks = described(fields.Nested, "What was checked, and how it stood", ServiceChecksSchema)


class HealthKeySchema(Schema):
    id = described(fields.String, "The calling key's id")
    name = described(fields.String, "Its label")
    mode = described(fields.String, "live or test")
    permissions = described(fields.List, "What it may do", fields.String())


class WorkerStatusSchema(Schema):
    last_seen_at = described(
        Timestamp,
        "The newest heartbeat of any worker (Unix ms), or null",
        data_key="lastSeenAt",
        allow_none=True,
    )
    lag_ms = described(fields.Integer, "Milliseconds since that heartbeat", data_key="lagMs", allow_none=True)


class HealthSchema(Schema):
    status = fields.String(metadata={"description": "ok, or degraded when the worker is not running"})
    version = described(fields.String, "The running version")
    time = described(Timestamp, "The server's clock (Unix ms)")
    key = described(fields.Nested, "The key that asked", HealthKeySchema)
    database = described(fields.String, "`ok`: it answered")
    worker = described(fields.Nested, "The workers' heartbeat", WorkerStatusSchema)


# Usage ------------------------------------------------------------------------

MAX_HISTORY_DAYS = 366


class UsageCountsSchema(Schema):
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


class UsageLimitSchema(Schema):
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


class UsageLimitsSchema(Schema):
    minute = described(fields.Nested, "The 60-second window", UsageLimitSchema, allow_none=True)
    hour = fields.Nested(UsageLimitSchema, allow_none=True, metadata={"description": "null for test keys"})
    day = fields.Nested(UsageLimitSchema, allow_none=True, metadata={"description": "null for test keys"})


class UsageSummarySchema(Schema):
    plan = described(fields.String, "The account's plan: free, stream, river, ocean or one of yours")
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


# Connections ------------------------------------------------------------------


class ConnectionSchema(Schema):
    id = described(fields.String, "The connection's id, `conn_...`")
    provider = described(fields.String, "How it was connected: x, linkedin, meta or tiktok")
    platform = described(fields.String, "Where it publishes: x, linkedin, facebook, instagram or tiktok")
    platform_account_id = described(fields.String, "The account's id on the platform", data_key="accountId")
    username = described(fields.String, "The account's handle on the platform", allow_none=True)
    display_name = described(
        fields.String, "The account's display name", data_key="displayName", allow_none=True
    )
    avatar_url = described(fields.String, "The account's picture", data_key="avatarUrl", allow_none=True)
    status = fields.String(
        metadata={
            "description": " | ".join(ConnectionStatus.ALL)
            + ": expired and revoked connections publish nothing until connected again"
        }
    )
    scopes = described(fields.List, "What the platform granted", fields.String())
    token_expires_at = described(
        Timestamp,
        "When the current access token expires (Unix ms), or null. The worker refreshes it "
        "before when the platform gave a refresh token; without one the connection becomes "
        "`expired` then",
        data_key="tokenExpiresAt",
        allow_none=True,
    )
    channel_ids = described(
        fields.List, "The channels that publish to it", fields.String(), data_key="channelIds"
    )
    last_verified_at = described(
        Timestamp,
        "When the platform last confirmed the account (Unix ms)",
        data_key="lastVerifiedAt",
        allow_none=True,
    )
    last_error = described(
        fields.Nested,
        "Why the last refresh or verification failed, or null",
        ProblemSchema,
        data_key="lastError",
        allow_none=True,
    )
    created_at = CreatedAt()
    updated_at = UpdatedAt()


class ConnectionChannelSchema(Schema):
    channel_id = fields.String(
        required=True,
        data_key="channelId",
        validate=NOT_BLANK,
        metadata={"description": "The channel, `ch_...`"},
    )


class AuthQuerySchema(Schema):
    channel_id = fields.String(
        data_key="channelId",
        validate=NOT_BLANK,
        metadata={"description": "A channel to add the new connection(s) to, `ch_...`"},
    )
    return_to = fields.String(
        data_key="returnTo",
        validate=validate.Length(max=2048),
        metadata={
            "description": "Where the browser goes afterwards (`?connection=<id>&status=connected`, or "
            "`?status=error&code=...`); on [server] public_url's origin or an allowed one. Without it, "
            "the callback shows a small page."
        },
    )
    redirect = fields.Boolean(
        truthy={"1", "true"},
        falsy={"0", "false"},
        load_default=False,
        metadata={"description": "1 or true: answer 302 to the platform's page instead of 200 with its URL"},
    )


class AuthStartSchema(Schema):
    url = described(fields.String, "The platform's page to open in the user's browser")
    state = described(fields.String, "The signed, single-use state the callback will carry")
    expires_at = described(Timestamp, "When the state stops working (Unix ms)", data_key="expiresAt")
