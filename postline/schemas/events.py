"""The webhook events: the body of each delivery, `{id, event, data, timestamp}`, and the
`data` of each event type (docs/webhooks.md). Event `data` fields are snake_case.

These schemas document what postline/posts, postline/connections, postline/imports
and postline/webhooks write; tests/webhooks/test_event_schemas.py holds real events to them.
"""

from marshmallow import fields

from postline.schemas.common import ProblemSchema
from postline.web.choices import (
    CONNECTION_STATUS,
    PART_KIND,
    PLATFORMS,
    POST_STATUS,
    PROVIDERS,
    TARGET_PLATFORMS,
    TARGET_STATUS,
    Choice,
    known_today,
)
from postline.web.envelopes import Answer
from postline.web.fields import Timestamp, described

POST_ID = "The post's id, `post_...`"
CHANNEL_ID = "Its channel's id, `ch_...`"
NEXT_ATTEMPT = "When the worker tries again (Unix ms), or null: it will not on its own"


class PostCreatedDataSchema(Answer):
    post_id = described(fields.String, POST_ID)
    channel_id = described(fields.String, CHANNEL_ID)
    scheduled_for = described(Timestamp, "When it is to be published (Unix ms)")
    status = described(Choice, "`queued`, or `draft` for a held post", POST_STATUS)


class EventPartSchema(Answer):
    index = described(fields.Integer, "Its place among the target's parts, from 0")
    kind = described(Choice, "post, reply or comment", PART_KIND)
    content = described(fields.String, "The text this platform was sent", allow_none=True)
    status = described(Choice, "Where it stands (a first comment may still be on its way)", TARGET_STATUS)
    platform_post_id = described(fields.String, "Its id on the platform", allow_none=True)
    url = described(fields.String, "Its address, where the platform gives one", allow_none=True)
    error = described(
        fields.Nested,
        "Why its last attempt failed (a first comment to be tried again on its own), or null",
        ProblemSchema,
        allow_none=True,
    )


class EventTargetSchema(Answer):
    connection_id = described(
        fields.String, "The platform connection, `conn_...` (null for the sandbox)", allow_none=True
    )
    platform = described(fields.String, f"Where it went; {known_today(TARGET_PLATFORMS)}")
    status = described(Choice, "`published` once delivered", TARGET_STATUS)
    platform_post_id = described(fields.String, "The post's id on the platform", allow_none=True)
    url = described(
        fields.String, "The published post's address, where the platform gives one", allow_none=True
    )
    published_at = described(Timestamp, "When the platform confirmed it (Unix ms)", allow_none=True)
    parts = described(
        fields.List,
        "What it published, in order: the post, its thread's replies, its first comment",
        fields.Nested(EventPartSchema),
    )


class PostDeliveredDataSchema(Answer):
    post_id = described(fields.String, POST_ID)
    channel_id = described(fields.String, CHANNEL_ID)
    delivered_at = described(Timestamp, "When its last target was published (Unix ms)")
    targets = described(fields.List, "Where it was published", fields.Nested(EventTargetSchema))


class PostFailedDataSchema(Answer):
    post_id = described(fields.String, POST_ID)
    channel_id = described(fields.String, CHANNEL_ID)
    error = described(fields.Nested, "Why the attempt failed", ProblemSchema)
    attempt = described(fields.Integer, "Which attempt this was, from 1")
    will_retry = described(fields.Boolean, "Whether the worker tries again, at `next_attempt_at`")
    next_attempt_at = described(Timestamp, NEXT_ATTEMPT, allow_none=True)


class PostBlockedDataSchema(Answer):
    post_id = described(fields.String, POST_ID)
    channel_id = described(fields.String, CHANNEL_ID)
    reason = described(
        fields.Nested,
        "Why it stopped: a platform limit or policy, `NO_CONNECTIONS`, `CONNECTION_EXPIRED`, "
        "`DELIVERY_UNCONFIRMED`...",
        ProblemSchema,
    )
    next_attempt_at = described(Timestamp, NEXT_ATTEMPT + " (only rate limits resume)", allow_none=True)


class PostCommentFailedDataSchema(Answer):
    post_id = described(fields.String, POST_ID)
    channel_id = described(fields.String, CHANNEL_ID)
    platform = described(fields.String, f"Where the comment was to go; {known_today(PLATFORMS)}")
    part_index = described(fields.Integer, "The comment's place among its target's parts")
    error = described(fields.Nested, "Why it failed for good", ProblemSchema)


class ImportCompletedDataSchema(Answer):
    import_id = described(
        fields.String, "The import, `imp_...` (GET /v1/imports/{import_id} lists its rejected rows)"
    )
    created = described(fields.Integer, "Posts it created")
    rejected = described(fields.Integer, "Rows it rejected")


class WebhookTestDataSchema(Answer):
    webhook_id = described(fields.String, "The webhook tested, `wh_...`")
    message = described(fields.String, "A fixed text saying this is a test")


class ConnectionExpiredDataSchema(Answer):
    connection_id = described(fields.String, "The connection, `conn_...`")
    provider = described(fields.String, f"How it was connected; {known_today(PROVIDERS)}")
    platform = described(fields.String, f"Where it publishes; {known_today(PLATFORMS)}")
    status = described(Choice, "`expired` or `revoked`", CONNECTION_STATUS)
    reason = described(fields.Nested, "What the platform said", ProblemSchema)


def event_schema(event_type, data_schema):
    """The delivery body of one event type: `{id, event, data, timestamp}`."""
    name = "".join(part.title() for part in event_type.replace("_", ".").split(".")) + "Event"
    return Answer.from_dict(
        {
            "id": described(fields.String, "The event's id, `evt_...`: the same in every attempt"),
            "event": fields.String(
                metadata={"description": "The event's type", "enum": [event_type]},
            ),
            "data": described(fields.Nested, "What happened", data_schema),
            "timestamp": described(Timestamp, "When it happened (Unix ms)"),
        },
        name=f"{name}Schema",
    )


# Every event type: (its body's schema, when it is sent), for the OpenAPI document.
EVENTS = {
    "post.created": (event_schema("post.created", PostCreatedDataSchema), "A post was created."),
    "post.delivered": (
        event_schema("post.delivered", PostDeliveredDataSchema),
        "Every target of a post was published; the post is `done`.",
    ),
    "post.failed": (
        event_schema("post.failed", PostFailedDataSchema),
        "An attempt to publish a post failed; `will_retry` says whether another follows.",
    ),
    "post.blocked": (
        event_schema("post.blocked", PostBlockedDataSchema),
        "A post stopped until something changes; it resumes on its own only after a rate limit.",
    ),
    "post.comment_failed": (
        event_schema("post.comment_failed", PostCommentFailedDataSchema),
        "A published post's first comment failed for good; the post stays `done`.",
    ),
    "import.completed": (
        event_schema("import.completed", ImportCompletedDataSchema),
        "Every row of a file sent to POST /v1/posts/import was created or rejected (not sent for a dry run).",
    ),
    "webhook.test": (
        event_schema("webhook.test", WebhookTestDataSchema),
        "Sent by POST /v1/webhooks/{webhook_id}/test to that webhook alone.",
    ),
    "connection.expired": (
        event_schema("connection.expired", ConnectionExpiredDataSchema),
        "A platform refused a connection's tokens for good: connect the account again.",
    ),
}
