"""Bulk imports (docs/imports.md): what one row of a file may say (the fields of
POST /v1/posts, checked by the same rules), and what an import answers."""

from datetime import datetime

from marshmallow import Schema, ValidationError, fields, validates_schema

from postline.imports import FORMATS
from postline.schemas.posts import PostFieldsSchema
from postline.statuses import PostStatus
from postline.web.envelopes import Answer, ErrorDetailSchema
from postline.web.errors import flatten_messages
from postline.web.fields import CreatedAt, Name, Timestamp, UpdatedAt, described


class ImportRowSchema(PostFieldsSchema):
    """One row: a post's fields as POST /v1/posts takes them, its channel named by
    `channelId` or by `channel` (its name)."""

    channel = Name(metadata={"description": "The channel's name, in place of `channelId`"})
    queue = fields.Boolean(
        metadata={
            "description": "true: the next free slot of the channel's posting schedule (no scheduledFor)"
        }
    )

    @validates_schema
    def one_channel_and_something_to_post(self, data, **kwargs):
        if "channel_id" in data and "channel" in data:
            raise ValidationError("give channelId or channel, not both", field_name="channelId")
        if "channel_id" not in data and "channel" not in data:
            raise ValidationError("is required (or channel, the channel's name)", field_name="channelId")
        if "content" not in data and not data.get("media"):
            raise ValidationError("is required unless media is given", field_name="content")
        if data.get("queue") and data.get("scheduled_for") is not None:
            raise ValidationError("give scheduledFor or queue, not both", field_name="queue")
        if data.get("queue") and data.get("status") == PostStatus.DRAFT:
            raise ValidationError("takes queued posts, not drafts", field_name="queue")


ROW = ImportRowSchema()


def check_rows(rows):
    """Each row (postline/imports/files.py Row) through ImportRowSchema: ([(line, fields)]
    of the good rows, [(line, errors)] of the others), `fields` JSON-able (a local
    `scheduledFor` as ISO 8601 text without an offset)."""
    good, rejected = [], []
    for row in rows:
        if row.problems:
            rejected.append((row.line, row.problems))
            continue
        try:
            fields_ = ROW.load(row.values)
        except ValidationError as error:
            rejected.append((row.line, [_as_column(problem) for problem in flatten_messages(error.messages)]))
            continue
        if isinstance(fields_.get("scheduled_for"), datetime):
            fields_["scheduled_for"] = fields_["scheduled_for"].isoformat()
        good.append((row.line, fields_))
    return good, rejected


def _as_column(problem):
    """A field named as the file's column: `platforms.x.content` is `x.content`."""
    return {**problem, "field": problem["field"].removeprefix("platforms.")}


class ImportQuerySchema(Schema):
    dry_run = fields.Boolean(
        data_key="dryRun",
        load_default=False,
        metadata={"description": "`true`: check every row and answer what would be created; create nothing"},
    )


class RejectedRowSchema(Answer):
    line = described(fields.Integer, "The row's line in the file, from 1 (the header is line 1 of a CSV)")
    errors = described(
        fields.List,
        "What is wrong with it, each naming the column (`content`, `x.content`, `media[1]`)",
        fields.Nested(ErrorDetailSchema),
    )


class ImportSchema(Answer):
    id = described(fields.String, "The import's id, `imp_...`")
    dry_run = described(
        fields.Boolean, "Whether this was a dry run, which creates nothing", data_key="dryRun"
    )
    format = described(fields.String, f"The file's format: {' or '.join(FORMATS)}")
    # An open set (postline/web/choices.py): a string, its values known today in words.
    status = described(
        fields.String,
        "`pending` (rows wait for the worker), `running` (some are created, more wait) or `done` "
        "(every row created or rejected; a dry run is done at once). A new status may be added: "
        "treat one you do not know as not yet done.",
    )
    total = described(fields.Integer, "Rows in the file")
    accepted = described(
        fields.Integer,
        "Rows found good: on a dry run, the posts a real run would create; on a real run, those "
        "created and those still to be (it falls as the worker rejects rows)",
    )
    created = described(fields.Integer, "Posts created so far (0 on a dry run)")
    rejected = described(
        fields.List,
        "Every row rejected so far, in file order, with its reasons",
        fields.Nested(RejectedRowSchema),
        attribute="rejected_rows",
    )
    completed_at = described(
        Timestamp, "When every row was created or rejected (Unix ms)", data_key="completedAt", allow_none=True
    )
    created_at = CreatedAt()
    updated_at = UpdatedAt()
