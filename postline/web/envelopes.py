"""The shapes every answer shares: `{data}`, `{data, meta}` for lists, and the error
body (docs/api-notes.md: Errors)."""

import functools
import math
import re

from flask import request, url_for
from marshmallow import Schema, fields

from postline import clock
from postline.web import headers
from postline.web.dumping import CompiledDump


def _doc(text):
    return {"description": text}


class Answer(Schema):
    """A schema of what the API answers. Every field is always present, so the OpenAPI
    document marks each `required` (a generated client types it as present), save those
    named (by attribute) in `Meta.optional`; a field that may be null says `allow_none`.
    Unknown fields are not ruled out: an answer may gain fields without breaking clients."""

    class Meta:
        optional = ()


class ErrorDetailSchema(Answer):
    field = fields.String(metadata=_doc("The offending field, e.g. `posts[3].content`"))
    message = fields.String(metadata=_doc("What is wrong with it"))


# The codes answered today; a new feature may add one, so `code` stays a string.
ERROR_CODES = (
    "VALIDATION_ERROR, INVALID_IDEMPOTENCY_KEY, REFRESH_NOT_SUPPORTED, PROVIDER_NOT_CONFIGURED (400); "
    "MISSING_API_KEY, INVALID_API_KEY, MISSING_SESSION (401); INSUFFICIENT_PERMISSIONS, "
    "CSRF_TOKEN_INVALID (403); NOT_FOUND (404); METHOD_NOT_ALLOWED (405); POST_NOT_EDITABLE, "
    "MEDIA_IN_USE, CHANNEL_BUSY, SCHEDULE_PAUSED, IDEMPOTENCY_KEY_IN_USE (409); PAYLOAD_TOO_LARGE (413); "
    "UNSUPPORTED_MEDIA_TYPE (415); RANGE_NOT_SATISFIABLE (416); IDEMPOTENCY_KEY_REUSED (422); "
    "RATE_LIMIT_EXCEEDED (429); INTERNAL_ERROR (500); SERVICE_UNAVAILABLE, PLATFORM_UNAVAILABLE (503)"
)


class ErrorBodySchema(Answer):
    class Meta:
        optional = ("details",)

    type = fields.String(
        metadata=_doc(
            "Error class: validation_error, authentication_error, authorization_error, not_found_error, "
            "invalid_request_error, conflict_error, idempotency_error, rate_limit_error or api_error"
        )
    )
    code = fields.String(metadata=_doc(f"Stable machine-readable code. Known codes: {ERROR_CODES}"))
    message = fields.String(metadata=_doc("What went wrong, for a person"))
    details = fields.List(
        fields.Nested(ErrorDetailSchema), metadata=_doc("One entry per problem (at most 50)")
    )
    request_id = fields.String(metadata=_doc("The request's id (`X-Request-Id`): quote it when asking why"))


class ErrorResponseSchema(Answer):
    class Meta:
        optional = ("retry_after",)

    error = fields.Nested(ErrorBodySchema, metadata=_doc("The error"))
    retry_after = fields.Integer(metadata=_doc("Seconds to wait; 429 only"))


class PaginationSchema(Answer):
    page = fields.Integer(
        allow_none=True, metadata=_doc("This page's number, from 1; null when read by cursor")
    )
    per_page = fields.Integer(metadata=_doc("Items per page"))
    total = fields.Integer(metadata=_doc("Items in all pages"))
    total_pages = fields.Integer(metadata=_doc("ceil(total / per_page); 0 when there are none"))
    next_cursor = fields.String(
        allow_none=True,
        metadata=_doc(
            "The cursor of the next page, for `?cursor=` (also in the `Link` header); null on the last page"
        ),
    )


class ListMetaSchema(Answer):
    request_id = fields.String(metadata=_doc("The request's id, as in `X-Request-Id`"))
    timestamp = fields.Integer(metadata=_doc("When the page was read (Unix ms)"))
    pagination = fields.Nested(PaginationSchema, metadata=_doc("Where this page stands"))


class DeletedSchema(Answer):
    id = fields.String(metadata=_doc("The deleted resource's id"))
    deleted = fields.Boolean(metadata=_doc("Always true"))


class Envelope(CompiledDump, Answer):
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


class WarningSchema(Answer):
    field = fields.String(metadata=_doc("The field the warning is about, e.g. `platforms.tiktok`"))
    message = fields.String(metadata=_doc("What the client should know"))


def _warnings():
    return fields.List(
        fields.Nested(WarningSchema),
        metadata=_doc("What the client should know of what it sent; present only when there is something"),
    )


@functools.cache
def written_envelope(schema_class, many=False):
    """`{data: <resource>, warnings?}` (or `[<resource>]` for a batch): the answer of a
    create or change that may carry warnings beside what it wrote."""
    name = schema_class.__name__.removesuffix("Schema")
    data = fields.Nested(schema_class, metadata=_doc(f"The {_noun(name)}"))
    if many:
        data = fields.List(
            fields.Nested(schema_class), metadata=_doc(f"Every {_noun(name)} of the batch, in order")
        )
    envelope_class = type(
        "WrittenEnvelope", (Envelope,), {"Meta": type("Meta", (), {"optional": ("warnings",)})}
    )
    suffix = "BatchWriteResponse" if many else "WriteResponse"
    return envelope_class.from_dict({"data": data, "warnings": _warnings()}, name=f"{name}{suffix}")


def written(data, warnings):
    """The `{data, warnings?}` body: `warnings` only when there are some."""
    return {"data": data, "warnings": warnings} if warnings else {"data": data}


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


def created(body, endpoint, **values):
    """A 201: `body` with `Location`, the URL of `endpoint` (a view's name, such as
    `posts.PostById`) for `values` (its path parameters; others become its query)."""
    locate(endpoint, **values)
    return body, 201


def locate(endpoint, **values):
    """Send `Location`, the URL of `endpoint` for `values`, with this request's answer.

    The header joins the request's own, added as the answer leaves the app
    (postline/web/headers.py): set on the answer's werkzeug Headers, the URL was turned
    into a URI again (`iri_to_uri`, 4% of creating a post), though url_for writes one
    already (paths and queries quoted, a Host beyond ASCII refused by werkzeug)."""
    location = url_for(endpoint, _external=True, **values)
    request.environ[headers.ANSWER_HEADERS].append(("Location", location))


def deleted(id):
    """The body of a DELETE: `{data: {id, deleted: true}}`."""
    return {"data": {"id": id, "deleted": True}}


def list_body(rows, page, per_page, total, request_id, next_cursor=None):
    """The `{data, meta}` body of one page of `total` items (`page` None when a cursor
    named it)."""
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
                "next_cursor": next_cursor,
            },
        },
    }
