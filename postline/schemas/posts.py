"""Posts: a post and its targets, what creating or changing one reads, and the batches of
up to MAX_BATCH posts."""

from marshmallow import Schema, ValidationError, fields, validate, validates_schema

from postline.schemas.common import ProblemSchema
from postline.schemas.schedules import ZONE_PATTERN, EvergreenSchema, evergreen_field, recurrence_field
from postline.schemas.versions import (
    FirstCommentSchema,
    PlatformVersionsSchema,
    PostPartSchema,
    ThreadPartSchema,
    first_comment_field,
    platforms_field,
    thread_field,
)
from postline.statuses import PostStatus
from postline.web.choices import (
    POST_STATUS,
    TARGET_PLATFORMS,
    TARGET_STATUS,
    Choice,
    known_today,
    known_values,
)
from postline.web.envelopes import Answer
from postline.web.fields import (
    IANA_ZONES,
    NOT_BLANK,
    CreatedAt,
    ScheduleInput,
    StrictBoolean,
    Timestamp,
    TimestampInput,
    UpdatedAt,
    described,
    unique_items,
)

MAX_BATCH = 100


class PostTargetSchema(Answer):
    connection_id = described(
        fields.String,
        "The platform connection it goes to (null for the sandbox)",
        data_key="connectionId",
        allow_none=True,
    )
    platform = described(
        fields.String,
        f"Where it goes; {known_today(TARGET_PLATFORMS)}",
    )
    status = described(Choice, "Where this target stands", TARGET_STATUS)
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
        Timestamp,
        "When the platform confirmed it, its whole thread included (Unix ms)",
        data_key="publishedAt",
        allow_none=True,
    )
    parts = described(
        fields.List,
        "What it publishes, in order: the post, its thread's replies, its first comment; "
        "`platformPostId`, `url` and `error` above are the post part's",
        fields.Nested(PostPartSchema),
    )


class PostSchema(Answer):
    id = described(fields.String, "The post's id, `post_...`")
    channel_id = described(fields.String, "The channel it belongs to", data_key="channelId")
    content = described(fields.String, "The text to publish", allow_none=True)
    scheduled_for = described(Timestamp, "When it is to be published (Unix ms)", data_key="scheduledFor")
    timezone = described(fields.String, "The IANA zone its local times are read in, or null", allow_none=True)
    media = described(fields.List, "Media keys attached, in order", fields.String())
    thread = described(
        fields.List,
        "Its follow-up parts, published as replies",
        fields.Nested(ThreadPartSchema),
        attribute="thread_parts",
    )
    first_comment = described(
        fields.Nested,
        "Its first comment, or null",
        FirstCommentSchema,
        data_key="firstComment",
        attribute="first_comment_value",
        allow_none=True,
    )
    platforms = described(
        fields.Nested,
        "Its per-platform versions, as sent",
        PlatformVersionsSchema,
        attribute="platform_versions",
    )
    status = described(Choice, "Where the post stands", POST_STATUS)
    attempts = described(fields.Integer, "Publishing attempts started so far")
    next_attempt_at = Timestamp(
        data_key="nextAttemptAt",
        allow_none=True,
        metadata={"description": "When the worker tries again (Unix ms); null: it will not on its own"},
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
    slot = described(
        Timestamp,
        "The queue slot it holds (Unix ms; `queue: true` placed it there), or null: not placed by the "
        "queue, or it left its slot (a new `scheduledFor` or channel)",
        allow_none=True,
    )
    series_id = described(
        fields.String,
        "The series it is an occurrence of (`ser_...`), or null",
        data_key="seriesId",
        allow_none=True,
    )
    series_detached = described(
        fields.Boolean,
        "True once a PATCH of this occurrence's own post detached it from its series: it keeps "
        "`seriesId`, but the series' PATCHes no longer reach it and deleting the series keeps it; "
        "false otherwise, and for a post of no series",
        data_key="seriesDetached",
    )
    evergreen = described(
        fields.Nested,
        "Its evergreen settings and where its run stands, or null",
        EvergreenSchema,
        attribute="evergreen_value",
        allow_none=True,
    )
    evergreen_of = described(
        fields.String, "The original post this one repeats, or null", data_key="evergreenOf", allow_none=True
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
        "is connected to). Required to create a post unless `media` names at least one file.",
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
        validate=[validate.Length(max=64), known_values(IANA_ZONES, "IANA time zone")],
        metadata={
            "description": "An IANA time zone name, e.g. Europe/Berlin, in which `scheduledFor` is read "
            "when it has no offset; null for none. The server's tz database decides which names "
            "exist: an unknown one is a 400 naming `timezone`.",
            "pattern": ZONE_PATTERN,
            "example": "Europe/Berlin",
        },
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
    thread = thread_field()
    first_comment = first_comment_field(data_key="firstComment")
    platforms = platforms_field()
    evergreen = evergreen_field()


class PostCreateSchema(PostFieldsSchema):
    channel_id = described(
        fields.String,
        "The channel to publish to",
        data_key="channelId",
        required=True,
        validate=validate.Length(min=1, max=40),
    )
    queue = StrictBoolean(
        metadata={
            "description": "true: take the next free slot of the channel's posting schedule at or after "
            "now (or `queueAfter`); `scheduledFor` is then omitted",
            "example": True,
        }
    )
    queue_after = TimestampInput(
        data_key="queueAfter",
        metadata={
            "description": "With `queue: true`: the slot is at or after this moment",
            "example": "2030-01-14T00:00:00Z",
        },
    )
    recurrence = recurrence_field()

    class Meta:
        # Said in words rather than as an `anyOf`, which generators cannot type.
        description = (
            "A new post. `content` is required unless `media` names at least one file: "
            "without either, the answer is a 400 naming `content`."
        )

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


class BatchDeletedSchema(Answer):
    deleted = described(fields.List, "The ids deleted", fields.String())
