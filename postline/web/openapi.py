"""The OpenAPI document, made for client generators (docs/api.md, The OpenAPI document).

flask-smorest and apispec write it from the views and the schemas; this module adds
what a generator needs that they do not write:
- an answer's schema (`Answer`) lists every field it always has as `required` and
  leaves unknown fields open (an answer may gain a field without breaking a client);
- a nullable reference is `anyOf: [reference, null]`, null written as OpenAPI 3.0.3
  says, so that a generator types it `Problem | None`;
- a closed set (`Choice`) is a reference to its named enum (postline/web/choices.py),
  a platform option's values (`PlatformChoice`) a plain string;
- each operation declares the error statuses it can answer, derived from what it reads
  and who may call it (`error_statuses`), and the headers of its answers; each error
  answer has an example in the real error shape (`error_example`);
- every operation has an operationId (docs/api.md says how they are named);
- the webhook events are named schemas, listed under `x-webhooks`.
"""

import http

import apispec.ext.marshmallow
import marshmallow
from apispec import BasePlugin

from postline.web.choices import CLOSED_SETS, Choice, PlatformChoice
from postline.web.envelopes import Answer
from postline.web.errors import HTTP_ERRORS
from postline.web.fields import NO_NUL, TimestampInput, input_field_properties

JSON = "application/json"
# How OpenAPI 3.0.3 writes a schema whose only value is null.
NULL = {"type": "object", "nullable": True, "enum": [None]}

INSTANT = "A moment: Unix milliseconds, or ISO 8601 with `Z` or an offset (`2027-01-15T09:30:00+01:00`)"
INTEGER = {"type": "integer", "minimum": 0}
STRING = {"type": "string"}
HEADERS = {
    "X-Request-Id": (
        "The request's id: the client's own `X-Request-Id` when it is a sane token "
        "(`[A-Za-z0-9._:-]`, 1 to 128), else a new one. Quote it when asking about a request.",
        STRING,
    ),
    "X-RateLimit-Limit": ("Requests allowed in the tightest window that applies to this request.", INTEGER),
    "X-RateLimit-Remaining": ("Requests left in that window.", INTEGER),
    "X-RateLimit-Reset": ("Unix time in seconds when that window next frees capacity.", INTEGER),
    "RateLimit-Policy": (
        "Every limit this request counts in, per the IETF draft: "
        '`"minute";q=60;w=60, "hour";q=1000;w=3600, ...` (quota `q` per window `w` seconds).',
        STRING,
    ),
    "RateLimit": (
        'Where each of those stands: `"minute";r=48;t=12, ...` '
        "(`r` requests left, `t` seconds until more are available).",
        STRING,
    ),
    "Retry-After": (
        "Seconds to wait before a retry can succeed (also `retry_after` in a 429's body).",
        INTEGER,
    ),
    "Location": ("The path of the resource this request created.", STRING),
    "Link": (
        'The next page, `<...?cursor=...>; rel="next"`; absent on the last page (docs/api.md, Lists).',
        STRING,
    ),
    "Idempotent-Replayed": (
        "`true`: this is the stored answer to the first request with this Idempotency-Key.",
        {"type": "string", "enum": ["true"]},
    ),
    "WWW-Authenticate": (
        '`Bearer` without a key; `Bearer error="invalid_token"` for a key that is malformed, '
        "unknown, expired or revoked.",
        STRING,
    ),
}
# Present on every answer to a request with a key while rate limits are on.
RATE_LIMIT_HEADERS = (
    "X-RateLimit-Limit",
    "X-RateLimit-Remaining",
    "X-RateLimit-Reset",
    "RateLimit-Policy",
    "RateLimit",
)

# Each error status: its component's name (flask-smorest's, from http.HTTPStatus, save
# 429's) and what it means, with the codes it carries (docs/api.md, Errors).
ERRORS = {
    400: (
        "BAD_REQUEST",
        "The request is invalid: `VALIDATION_ERROR`, with `details` naming each field "
        "(`posts[3].content`, `filter[status][in]`, `cursor`); `INVALID_IDEMPOTENCY_KEY`; "
        "`REFRESH_NOT_SUPPORTED`, `PROVIDER_NOT_CONFIGURED` where the operation says so.",
    ),
    401: (
        "UNAUTHORIZED",
        "No API key (`MISSING_API_KEY`), or one that is malformed, unknown, expired or revoked "
        "(`INVALID_API_KEY`).",
    ),
    403: (
        "FORBIDDEN",
        "The key lacks the permission this operation needs (`INSUFFICIENT_PERMISSIONS`, `details` "
        "naming `permission`), or the operation is not for its mode (`details` naming `mode`).",
    ),
    404: (
        "NOT_FOUND",
        "No such resource for this key (`NOT_FOUND`): another account's id, or the other mode's, "
        "answers as one that never existed.",
    ),
    409: (
        "CONFLICT",
        "The resource's state forbids this now (`POST_NOT_EDITABLE`, `MEDIA_IN_USE`, `CHANNEL_BUSY`, "
        "`SCHEDULE_PAUSED`), "
        "or a request with the same Idempotency-Key is still running (`IDEMPOTENCY_KEY_IN_USE`, "
        "with `Retry-After`).",
    ),
    413: (
        "REQUEST_ENTITY_TOO_LARGE",
        "The body is larger than `[server] max_body_bytes` (1 MB), or the file than its limit "
        "(`PAYLOAD_TOO_LARGE`).",
    ),
    415: (
        "UNSUPPORTED_MEDIA_TYPE",
        "The body is not of the type this operation reads, or the file is none of the media types "
        "taken (`UNSUPPORTED_MEDIA_TYPE`).",
    ),
    416: ("REQUESTED_RANGE_NOT_SATISFIABLE", "The `Range` is not within the file (`RANGE_NOT_SATISFIABLE`)."),
    422: (
        "UNPROCESSABLE_ENTITY",
        "This Idempotency-Key was used with a different body (`IDEMPOTENCY_KEY_REUSED`): use a new key.",
    ),
    429: ("RATE_LIMITED", "A rate limit is exhausted (`RATE_LIMIT_EXCEEDED`): wait `Retry-After` seconds."),
}
# What each error status's answer looks like, shown by /docs: a real answer of Postline's.
REQUEST_ID = "req_3f1c9a0b7d2e4f6a8b0c1d2e"
ERROR_EXAMPLES = {
    400: (
        "validation_error",
        "VALIDATION_ERROR",
        "Invalid request: channelId: no such channel",
        [{"field": "channelId", "message": "no such channel"}],
    ),
    401: (
        "authentication_error",
        "MISSING_API_KEY",
        "No API key given. Send 'Authorization: Bearer <API_KEY>'.",
    ),
    403: (
        "authorization_error",
        "INSUFFICIENT_PERMISSIONS",
        "This API key lacks a permission: requires posts:write.",
        [{"field": "permission", "message": "requires posts:write"}],
    ),
    404: ("not_found_error", "NOT_FOUND", "No such resource."),
    409: (
        "conflict_error",
        "POST_NOT_EDITABLE",
        "Post post_01jd3xa0q4w8e2r6t0y4u8i2o6 is publishing and cannot be changed now.",
        [{"field": "id", "message": "post is publishing"}],
    ),
    413: ("invalid_request_error", "PAYLOAD_TOO_LARGE", "The request body is larger than 1048576 bytes."),
    415: (
        "invalid_request_error",
        "UNSUPPORTED_MEDIA_TYPE",
        "Send the body as application/json (got 'text/plain').",
    ),
    422: (
        "idempotency_error",
        "IDEMPOTENCY_KEY_REUSED",
        "This Idempotency-Key was used with a different request body; use a new key.",
        [{"field": "Idempotency-Key", "message": "already used with a different body"}],
    ),
    429: (
        "rate_limit_error",
        "RATE_LIMIT_EXCEEDED",
        "Rate limit exceeded: 60 requests per minute for this API key on POST /v1/posts. Retry in 12 s.",
    ),
}
# Beside `error`, what a status's answer holds (its header says the same).
ERROR_EXTRAS = {429: {"retry_after": 12}}
DEFAULT_ERROR = (
    "Something failed on the server's side: `INTERNAL_ERROR` (500), or a store or platform that "
    "cannot be reached now, `SERVICE_UNAVAILABLE` or `PLATFORM_UNAVAILABLE` (503): retry shortly."
)
# The headers of error answers beside X-Request-Id: the rate-limit headers on every
# answer but a 401 (no key, nothing counted).
ERROR_HEADERS = {401: ("WWW-Authenticate",), 409: ("Retry-After",), 429: ("Retry-After",)}
BODY_METHODS = ("post", "patch", "delete", "put")
# Where Blueprint.doc keeps the parameters a view's docs add (postline/web/api.py).
EXTRA_PARAMETERS = "x-parameters"


class MarshmallowPlugin(apispec.ext.marshmallow.MarshmallowPlugin):
    """apispec's, with every field of an `Answer` required but those its Meta calls optional."""

    def schema_helper(self, name, _, schema=None, **kwargs):
        json_schema = super().schema_helper(name, _, schema=schema, **kwargs)
        instance = apispec.ext.marshmallow.resolve_schema_instance(schema) if schema is not None else None
        if isinstance(instance, Answer):
            optional = set(getattr(instance.Meta, "optional", ()))
            json_schema["required"] = [
                field.data_key or field_name
                for field_name, field in instance.dump_fields.items()
                if field_name not in optional
            ]
            json_schema.pop("additionalProperties", None)
            for definition in json_schema["properties"].values():
                if definition.get("pattern") == NO_NUL:
                    del definition["pattern"]  # a rule of what clients send, not of answers
        elif instance is not None and instance.unknown == marshmallow.RAISE:
            # apispec leaves this out of a schema with a `Meta.description`.
            json_schema["additionalProperties"] = False
        return json_schema


def closed_set_properties(converter, field, ret, **kwargs):
    """A `Choice` as a reference to its set's named enum, its description beside it."""
    if not isinstance(field, Choice):
        return {}
    for keyword in ("type", "enum", "pattern", "nullable"):
        ret.pop(keyword, None)
    _refer(ret, {"$ref": f"#/components/schemas/{field.closed_set.name}"}, field.allow_none)
    return {}


def platform_choice_properties(converter, field, ret, **kwargs):
    """A `PlatformChoice` as a plain string: its values are in its description, not in
    an enum that an older generated client would hold a newer value to."""
    if isinstance(field, PlatformChoice):
        ret.pop("enum", None)
    return {}


def _refer(ret, reference, nullable=False):
    """Make the property `ret` the `reference`: `anyOf` with null when it is nullable,
    `allOf` beside a description (OpenAPI 3.0 reads nothing beside a bare $ref)."""
    if nullable:
        ret["anyOf"] = [reference, dict(NULL)]
    elif ret:
        ret["allOf"] = [reference]
    else:
        ret.update(reference)


def instant_properties(converter, field, ret, **kwargs):
    """A time a client sends in a filter (TimestampInput: Unix ms, or ISO 8601 with an
    offset) as a reference to the one `Instant` schema, which a generator makes one type."""
    if type(field) is TimestampInput:
        del ret["oneOf"]
        _refer(ret, {"$ref": "#/components/schemas/Instant"})
    return {}


def null_properties(converter, field, ret, **kwargs):
    """apispec writes a nullable reference as `anyOf: [reference, {type: object,
    nullable: true}]`, which any object matches; `enum: [null]` makes that branch null."""
    for branch in ret.get("anyOf", ()):
        if branch == {"type": "object", "nullable": True}:
            branch["enum"] = [None]
    return {}


def register_components(spec, error_schema):
    """The headers, the closed sets and the error answers that operations refer to."""
    for name, (description, schema) in HEADERS.items():
        spec.components.header(name, {"description": description, "schema": schema})
    for closed_set in CLOSED_SETS:
        spec.components.schema(closed_set.name, closed_set.schema())
    spec.components.schema(
        "Instant", {"description": INSTANT, **input_field_properties(None, TimestampInput())}
    )
    for status in http.HTTPStatus:
        name, description = ERRORS.get(status, (status.name, status.phrase))
        names = ["X-Request-Id", *ERROR_HEADERS.get(status, ())]
        if status >= 400 and status != 401:
            names.extend(RATE_LIMIT_HEADERS)
        headers = {name: name for name in names}
        response = {"description": description, "headers": headers}
        if status >= 400:
            response["content"] = {JSON: {"schema": error_schema, "example": error_example(status)}}
        # Lazily: only those an operation refers to appear in the document.
        spec.components.response(name, response, lazy=True)
    headers = {name: name for name in ("X-Request-Id", *RATE_LIMIT_HEADERS)}
    content = {JSON: {"schema": error_schema, "example": error_example(500)}}
    spec.components.response(
        "DEFAULT_ERROR", {"description": DEFAULT_ERROR, "content": content, "headers": headers}, lazy=True
    )


def error_example(status):
    """The body of an error answer of `status` as Postline writes it (postline/web/errors.py)."""
    type, code, message, *details = ERROR_EXAMPLES.get(status) or HTTP_ERRORS.get(status, HTTP_ERRORS[500])
    body = {"type": type, "code": code, "message": message}
    if details:
        body["details"] = details[0]
    return {"error": {**body, "request_id": REQUEST_ID}, **ERROR_EXTRAS.get(status, {})}


def answers(*statuses):
    """The doc of error statuses a view's domain code can answer beyond those derived
    from the operation (`error_statuses`): `@blp.doc(**answers(409))`."""
    return {"responses": {str(status): ERRORS[status][0] for status in statuses}}


def error_statuses(method, path, operation):
    """The error statuses an operation can answer, from what it reads and who may call it:
    with a key 401 and 429, and 403 if it needs a permission; with a path parameter 404
    (an id of nothing this key may see); reading a query, a body or an Idempotency-Key
    400; reading a JSON body 413; any write 415 (a body of another type). An operation
    without a key (`security: []`) documents its own answers."""
    if operation.get("security") == []:
        return []
    statuses = [401, 429]
    if operation.get("x-permission"):
        statuses.append(403)
    if "{" in path:
        statuses.append(404)
    reads = [p for p in operation.get("parameters", []) if isinstance(p, dict) and p.get("in") != "path"]
    body = operation.get("requestBody", {}).get("content", {})
    if reads or body:
        statuses.append(400)
    if JSON in body:
        statuses.append(413)
    if method in BODY_METHODS:
        statuses.append(415)
    return statuses


class OperationsPlugin(BasePlugin):
    """Completes each operation: the parameters its docs add (Blueprint.doc), its derived
    error answers and its answers' headers."""

    def operation_helper(self, path=None, operations=None, **kwargs):
        for method, operation in (operations or {}).items():
            if not operation.get("operationId"):
                raise RuntimeError(f"{method.upper()} {path} has no operationId (docs/api.md)")
            added = operation.pop(EXTRA_PARAMETERS, {})
            if added:
                operation["parameters"] = [*operation.get("parameters", []), *added.values()]
            # flask-smorest keys some answers by int, others by str: one key per status.
            responses = {str(status): response for status, response in operation.get("responses", {}).items()}
            for status in error_statuses(method, path, operation):
                responses.setdefault(str(status), ERRORS[status][0])
            responses.setdefault("default", "DEFAULT_ERROR")
            for parameter in operation.get("parameters", []):
                # A parameter's description is its own: an enum's reference stands alone.
                if isinstance(parameter, dict) and len(parameter.get("schema", {}).get("allOf", ())) == 1:
                    parameter["schema"] = parameter["schema"]["allOf"][0]
            for status, response in responses.items():
                if isinstance(response, dict):  # a component's headers are its own
                    response.setdefault("headers", {}).update(
                        {name: name for name in success_headers(method, status, response, operation)}
                    )
            operation["responses"] = responses


def success_headers(method, status, response, operation):
    """The headers of an answer the operation describes in place (its 2xx answers)."""
    headers = ["X-Request-Id"]
    if not status.startswith("2"):
        return headers
    if operation.get("security") != []:
        headers.extend(RATE_LIMIT_HEADERS)
    if status == "201":
        headers.append("Location")
    schema = response.get("content", {}).get(JSON, {}).get("schema", {})
    if method == "get" and str(schema.get("$ref", "")).endswith("ListResponse"):
        headers.append("Link")
    replayable = any(p.get("name") == "Idempotency-Key" for p in operation.get("parameters", []))
    if status == "200" and replayable:
        headers.append("Idempotent-Replayed")
    return headers


def document_events(spec, events):
    """The webhook events, `{event type: (schema class, description)}`: each a named
    schema, and a request of `x-webhooks` (Redocly's name for 3.1's `webhooks` in 3.0)."""
    webhooks = {}
    for event_type, (schema, description) in events.items():
        name = schema.__name__.removesuffix("Schema")
        spec.components.schema(name, schema=schema)
        webhooks[event_type] = {
            "post": {
                "summary": f"The `{event_type}` event",
                "description": description,
                "operationId": "receive"
                + "".join(part.title() for part in event_type.replace("_", ".").split("."))
                + "Event",
                "requestBody": {
                    "required": True,
                    "content": {JSON: {"schema": {"$ref": f"#/components/schemas/{name}"}}},
                },
                "responses": {"2XX": {"description": "Received: any 2xx within 30 s ends the delivery"}},
            }
        }
    spec.options["x-webhooks"] = webhooks
