"""The shapes every answer shares: `{data}`, `{data, meta}` for lists, and the error
body (README, API notes: Errors)."""

import functools
import math
import re

from marshmallow import Schema, fields

from postline import clock
from postline.web.dumping import CompiledDump


def _doc(text):
    return {"description": text}


class ErrorDetailSchema(Schema):
    field = fields.String(metadata=_doc("The offending field, e.g. `posts[3].content`"))
    message = fields.String(metadata=_doc("What is wrong with it"))


class ErrorBodySchema(Schema):
    type = fields.String(metadata=_doc("Error class, e.g. `validation_error`"))
    code = fields.String(metadata=_doc("Stable machine-readable code, e.g. `VALIDATION_ERROR`"))
    message = fields.String(metadata=_doc("What went wrong, for a person"))
    details = fields.List(
        fields.Nested(ErrorDetailSchema), metadata=_doc("One entry per problem (at most 50)")
    )
    request_id = fields.String(metadata=_doc("The request's id (`X-Request-Id`): quote it when asking why"))


class ErrorSchema(Schema):
    error = fields.Nested(ErrorBodySchema, required=True, metadata=_doc("The error"))
    retry_after = fields.Integer(metadata=_doc("Seconds to wait; 429 only"))


class PaginationSchema(Schema):
    page = fields.Integer(metadata=_doc("This page's number, from 1"))
    per_page = fields.Integer(metadata=_doc("Items per page"))
    total = fields.Integer(metadata=_doc("Items in all pages"))
    total_pages = fields.Integer(metadata=_doc("ceil(total / per_page); 0 when there are none"))


class ListMetaSchema(Schema):
    request_id = fields.String(metadata=_doc("The request's id, as in `X-Request-Id`"))
    timestamp = fields.Integer(metadata=_doc("When the page was read (Unix ms)"))
    pagination = fields.Nested(PaginationSchema, metadata=_doc("Where this page stands"))


class DeletedSchema(Schema):
    id = fields.String(metadata=_doc("The deleted resource's id"))
    deleted = fields.Boolean(metadata=_doc("Always true"))


class Envelope(CompiledDump, Schema):
    """The base of the envelopes: answers are dumped by compiled functions."""


@functools.cache
def envelope(schema_class):
    """`{data: <resource>}`, named after the resource schema."""
    name = schema_class.__name__.removesuffix("Schema")
    data = fields.Nested(schema_class, metadata=_doc(f"The {_noun(name)}"))
    return Envelope.from_dict({"data": data}, name=f"{name}Response")


@functools.cache
def batch_envelope(schema_class):
    """`{data: [<resource>]}`: the answer of a batch operation (no paging)."""
    name = schema_class.__name__.removesuffix("Schema")
    data = fields.List(
        fields.Nested(schema_class), metadata=_doc(f"Every {_noun(name)} of the batch, in order")
    )
    return Envelope.from_dict({"data": data}, name=f"{name}BatchResponse")


@functools.cache
def list_envelope(schema_class):
    """`{data: [<resource>], meta}`, named after the resource schema."""
    name = schema_class.__name__.removesuffix("Schema")
    return Envelope.from_dict(
        {
            "data": fields.List(
                fields.Nested(schema_class), metadata=_doc(f"This page's {_noun(name)} items")
            ),
            "meta": fields.Nested(ListMetaSchema, metadata=_doc("The request id and the pagination")),
        },
        name=f"{name}ListResponse",
    )


def _noun(schema_name):
    """`WebhookDelivery` -> `webhook delivery`: how a description names a schema's resource."""
    return re.sub(r"(?<!^)(?=[A-Z])", " ", schema_name).lower()


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
