"""Channel queues, recurring posts and evergreen posts (docs/scheduling.md): a channel's
posting schedule and its free slots, a series, and what a post says of its evergreen
run."""

from marshmallow import Schema, ValidationError, fields, validate, validates_schema

from postline.schedules import recurrence
from postline.schedules.slots import DAYS, MAX_SLOTS, TIME, repeated
from postline.schemas.common import ProblemSchema
from postline.schemas.versions import (
    FirstCommentSchema,
    PlatformVersionsSchema,
    ThreadPartSchema,
    first_comment_field,
    platforms_field,
    thread_field,
)
from postline.web.choices import known_values
from postline.web.envelopes import Answer
from postline.web.fields import (
    IANA_ZONES,
    NOT_BLANK,
    CreatedAt,
    StrictBoolean,
    Timestamp,
    TimestampInput,
    UpdatedAt,
    WholeNumber,
    described,
)

# The zone names of the server's tz database (as a post's `timezone`).
ZONE_PATTERN = r"^[A-Za-z][A-Za-z0-9_+\-]*(/[A-Za-z0-9_+\-]+)*$"
MAX_ROTATION = 20


def zone_field(description, **kwargs):
    return fields.String(
        validate=[validate.Length(max=64), known_values(IANA_ZONES, "IANA time zone")],
        metadata={"description": description, "pattern": ZONE_PATTERN, "example": "Europe/Berlin"},
        **kwargs,
    )


def _rule(text):
    try:
        recurrence.parse(text)
    except recurrence.RuleError as error:
        raise ValidationError(str(error)) from None


def recurrence_field(**kwargs):
    return fields.String(
        validate=_rule,
        metadata={
            "description": "An RRULE of the subset docs/scheduling.md describes: FREQ (DAILY, WEEKLY, "
            "MONTHLY, YEARLY), INTERVAL, BYDAY, BYMONTHDAY, BYHOUR, BYMINUTE, and COUNT or UNTIL; at most "
            "1,000 occurrences a year. Read in `timezone` (required with it) from `scheduledFor`.",
            "example": "FREQ=WEEKLY;BYDAY=TU;COUNT=3",
            "maxLength": recurrence.MAX_LENGTH,
        },
        **kwargs,
    )


class SlotSchema(Schema):
    day = described(
        fields.String, "mon, tue, wed, thu, fri, sat or sun", required=True, validate=validate.OneOf(DAYS)
    )
    time = fields.String(
        required=True,
        validate=validate.Regexp(f"^{TIME.pattern}$", error="must be a time HH:MM from 00:00 to 23:59"),
        metadata={
            "description": "A wall-clock time in the schedule's zone, HH:MM (24-hour)",
            "example": "09:00",
        },
    )


class SlotAnswerSchema(Answer):
    day = described(fields.String, "mon to sun")
    time = described(fields.String, "HH:MM in the schedule's zone")


class ScheduleInputSchema(Schema):
    timezone = zone_field("The IANA zone the slots' times are read in", required=True)
    slots = described(
        fields.List,
        f"Up to {MAX_SLOTS} weekly slots, each once; `[]` for none",
        fields.Nested(SlotSchema),
        required=True,
        validate=validate.Length(max=MAX_SLOTS),
    )
    max_per_slot = WholeNumber(
        data_key="maxPerSlot",
        validate=validate.Range(min=1, max=100),
        metadata={"description": "How many posts one slot takes, 1 to 100 (default 1)"},
    )
    paused = StrictBoolean(metadata={"description": "True: queue posts are refused (409 SCHEDULE_PAUSED)"})

    @validates_schema
    def each_slot_once(self, data, **kwargs):
        again = repeated(data.get("slots", []))
        if again:
            raise ValidationError({index: ["repeats an earlier slot"] for index in again}, field_name="slots")


class ScheduleSchema(Answer):
    channel_id = described(fields.String, "The channel it belongs to", data_key="channelId")
    timezone = described(fields.String, "The IANA zone its slots are read in")
    slots = described(
        fields.List, "Its weekly slots, in week order", fields.Nested(SlotAnswerSchema), attribute="slot_list"
    )
    max_per_slot = described(fields.Integer, "How many posts one slot takes", data_key="maxPerSlot")
    paused = described(fields.Boolean, "True while queue posts are refused")
    created_at = CreatedAt()
    updated_at = UpdatedAt()


class NextSlotsQuerySchema(Schema):
    count = WholeNumber(
        load_default=5,
        validate=validate.Range(min=1, max=100),
        metadata={"description": "How many slots, 1 to 100 (default 5)", "example": 5},
    )
    after = TimestampInput(metadata={"description": "Slots at or after this moment (default now)"})


class NextSlotSchema(Answer):
    scheduled_for = described(Timestamp, "The slot's moment (Unix ms)", data_key="scheduledFor")
    taken = described(fields.Integer, "Posts already in it (fewer than maxPerSlot)")


class NextSlotsSchema(Answer):
    timezone = described(fields.String, "The schedule's zone")
    slots = described(fields.List, "Free slots, earliest first", fields.Nested(NextSlotSchema))


class ReflowSchema(Answer):
    channel_id = described(fields.String, "The channel", data_key="channelId")
    moved = described(fields.Integer, "Queued posts whose time changed")


class EvergreenInputSchema(Schema):
    min_interval_days = WholeNumber(
        data_key="minIntervalDays",
        required=True,
        validate=validate.Range(min=1, max=3650),
        metadata={"description": "Days from a publication to its repeat's earliest slot, 1 to 3,650"},
    )
    max_repeats = WholeNumber(
        data_key="maxRepeats",
        allow_none=True,
        validate=validate.Range(min=1, max=1000),
        metadata={"description": "How many times it is repeated, 1 to 1,000; null or omitted: no limit"},
    )
    until = TimestampInput(metadata={"description": "No repeat is queued after this moment; omitted: no end"})
    rotation = fields.List(
        fields.Nested(PlatformVersionsSchema),
        validate=validate.Length(max=MAX_ROTATION),
        metadata={
            "description": f"Up to {MAX_ROTATION} sets of per-platform versions (as `platforms`): repeat n "
            "takes set (n - 1) mod their number, so a platform that refuses duplicates (X) gets other text"
        },
    )


def evergreen_field():
    return fields.Nested(
        EvergreenInputSchema,
        allow_none=True,
        metadata={
            "description": "Repeat the post once published: queued again in its channel's queue after "
            "`minIntervalDays`, as a new post (`evergreenOf`); null for none",
            "example": {"minIntervalDays": 30, "maxRepeats": 5},
        },
    )


class EvergreenSchema(Answer):
    min_interval_days = described(
        fields.Integer, "Days from a publication to its repeat", data_key="minIntervalDays"
    )
    max_repeats = described(
        fields.Integer, "How many repeats at most; null: no limit", data_key="maxRepeats", allow_none=True
    )
    until = described(Timestamp, "No repeat after this (Unix ms), or null", allow_none=True)
    rotation = described(
        fields.List, "The per-platform versions repeats rotate through", fields.Nested(PlatformVersionsSchema)
    )
    repeat = described(fields.Integer, "0 for the original, n for its nth repeat")
    state = described(
        fields.String,
        "waiting (repeated once published), repeated (its repeat is queued), ended (see endedReason)",
    )
    ended_reason = described(
        fields.Nested, "Why the run ended, or null", ProblemSchema, data_key="endedReason", allow_none=True
    )


class OccurrenceSchema(Answer):
    scheduled_for = described(Timestamp, "When the occurrence is (Unix ms)", data_key="scheduledFor")
    post_id = described(
        fields.String, "Its post, or null until the worker makes it", data_key="postId", allow_none=True
    )


class SeriesSchema(Answer):
    id = described(fields.String, "The series' id, `ser_...`")
    channel_id = described(fields.String, "The channel its posts go to", data_key="channelId")
    recurrence = described(fields.String, "Its rule (docs/scheduling.md, Recurring posts)")
    timezone = described(fields.String, "The IANA zone its rule is read in")
    content = described(fields.String, "The text of its coming occurrences", allow_none=True)
    media = described(fields.List, "Their media keys", fields.String())
    thread = described(fields.List, "Their thread", fields.Nested(ThreadPartSchema), attribute="thread_parts")
    first_comment = described(
        fields.Nested,
        "Their first comment, or null",
        FirstCommentSchema,
        data_key="firstComment",
        attribute="first_comment_value",
        allow_none=True,
    )
    platforms = described(
        fields.Nested, "Their per-platform versions", PlatformVersionsSchema, attribute="platform_versions"
    )
    occurrences = described(
        fields.List,
        "The coming occurrences, earliest first, up to 100 (skipped ones left out)",
        fields.Nested(OccurrenceSchema),
        attribute="listed",
    )
    created_at = CreatedAt()
    updated_at = UpdatedAt()


class SeriesUpdateSchema(Schema):
    recurrence = recurrence_field()
    timezone = zone_field("The IANA zone the rule is read in")
    content = described(
        fields.String,
        "The text of the coming occurrences",
        validate=[validate.Length(min=1, max=10000), NOT_BLANK],
    )
    media = fields.List(
        fields.String(validate=validate.Length(min=1, max=255)),
        validate=validate.Length(max=35),
        metadata={"description": "Media keys of the coming occurrences"},
    )
    thread = thread_field()
    first_comment = first_comment_field(data_key="firstComment")
    platforms = platforms_field()


class SeriesSkipSchema(Schema):
    scheduled_for = TimestampInput(
        data_key="scheduledFor", required=True, metadata={"description": "The coming occurrence to skip"}
    )
