"""The shapes every answer shares: `{data}`, `{data, meta}` for lists, and the error
body (README, API notes: Errors)."""

import functools
import math

from marshmallow import Schema, fields

from postline import clock


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


class DeletedSchema(Schema):
    id = fields.String()
    deleted = fields.Boolean()


@functools.cache
def envelope(schema_class):
    """`{data: <resource>}`, named after the resource schema."""
    name = schema_class.__name__.removesuffix("Schema")
    return Schema.from_dict({"data": fields.Nested(schema_class)}, name=f"{name}Response")


@functools.cache
def batch_envelope(schema_class):
    """`{data: [<resource>]}`: the answer of a batch operation (no paging)."""
    name = schema_class.__name__.removesuffix("Schema")
    return Schema.from_dict({"data": fields.List(fields.Nested(schema_class))}, name=f"{name}BatchResponse")


@functools.cache
def list_envelope(schema_class):
    """`{data: [<resource>], meta}`, named after the resource schema."""
    name = schema_class.__name__.removesuffix("Schema")
    return Schema.from_dict(
        {"data": fields.List(fields.Nested(schema_class)), "meta": fields.Nested(ListMetaSchema)},
        name=f"{name}ListResponse",
    )


def single(resource):
    """The `{data: ...}` body."""
    return {"data": resource}


def deleted(id):
    """The body of a DELETE: `{data: {id, deleted: true}}`."""
    return {"data": {"id": id, "deleted": True}}


def list_body(rows, page, per_page, total, request_id):
    """The `{data, meta}` body of one page of `total` items."""
    return {
        "data": rows,
        "meta": {
            "request_id": request_id,
            "timestamp": clock.now_ms(),
            "pagination": {
                "page": page,
                "per_page": per_page,
                "total": total,
                "total_pages": math.ceil(total / per_page),
            },
        },
    }
