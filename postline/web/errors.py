"""One error shape for every failure (docs/api-notes.md: Errors).

`{"error": {"type", "code", "message", "details"?, "request_id"}}`: raised as an
ApiError by the web layer, mapped here from the domain's errors (postline/errors.py),
or translated from what Flask, werkzeug, webargs, marshmallow and peewee raise.
"""

import logging

import peewee
from flask import g, jsonify
from werkzeug.exceptions import HTTPException

from postline import db, errors
from postline.limits import limiter

log = logging.getLogger(__name__)

MAX_DETAILS = 50

HTTP_ERRORS = {
    400: ("validation_error", "VALIDATION_ERROR", "The request is invalid."),
    401: ("authentication_error", "INVALID_API_KEY", "The API key is invalid."),
    403: ("authorization_error", "INSUFFICIENT_PERMISSIONS", "Permission denied."),
    404: ("not_found_error", "NOT_FOUND", "No such resource."),
    405: ("invalid_request_error", "METHOD_NOT_ALLOWED", "Method not allowed on this path."),
    409: ("conflict_error", "CONFLICT", "The request conflicts with the resource's state."),
    413: ("invalid_request_error", "PAYLOAD_TOO_LARGE", "The request body is too large."),
    415: (
        "invalid_request_error",
        "UNSUPPORTED_MEDIA_TYPE",
        "Send JSON with 'Content-Type: application/json'.",
    ),
    416: ("invalid_request_error", "RANGE_NOT_SATISFIABLE", "The requested byte range is not in the file."),
    429: ("rate_limit_error", "RATE_LIMIT_EXCEEDED", "Too many requests."),
    500: (
        "api_error",
        "INTERNAL_ERROR",
        "Something went wrong on our side; the request id identifies it in our logs.",
    ),
    503: ("api_error", "SERVICE_UNAVAILABLE", "The service is temporarily unavailable; retry shortly."),
}


class ApiError(Exception):
    """An error answered to the client as-is."""

    def __init__(self, status, type, code, message, details=None, headers=None, extra=None):
        super().__init__(message)
        self.status = status
        self.type = type
        self.code = code
        self.message = message
        self.details = details
        self.headers = headers or {}
        self.extra = extra or {}

    def with_headers(self, headers):
        self.headers.update(headers)
        return self

    @classmethod
    def from_status(cls, status, message=None, details=None, headers=None):
        type, code, default_message = HTTP_ERRORS.get(status, HTTP_ERRORS[500])
        return cls(status, type, code, message or default_message, details, headers)


# A 401 for an API key says how to authenticate (RFC 6750): with a bearer token, and
# whether the one sent was refused. The console's and /api's 401s are not about keys.
BEARER_CHALLENGES = {"MISSING_API_KEY": "Bearer", "INVALID_API_KEY": 'Bearer error="invalid_token"'}

# The status and error type of each domain error; its code and message are its own.
DOMAIN_STATUSES = {
    errors.Invalid: 400,
    errors.Unauthenticated: 401,
    errors.Forbidden: 403,
    errors.NotFound: 404,
    errors.Conflict: 409,
    errors.TooLarge: 413,
    errors.UnsupportedType: 415,
    errors.RateLimited: 429,
    errors.Unavailable: 503,
    errors.PlatformDown: 503,
}


def from_domain(error):
    """The ApiError answering a domain error."""
    status = DOMAIN_STATUSES[type(error)]
    headers, extra = {}, {}
    if isinstance(error, errors.RateLimited):
        headers = {"Retry-After": str(error.retry_after), **limiter.headers(error.status)}
        extra = {"retry_after": error.retry_after}
    elif isinstance(error, errors.Conflict) and error.retry_after is not None:
        headers = {"Retry-After": str(error.retry_after)}
    elif isinstance(error, errors.Unauthenticated) and error.code in BEARER_CHALLENGES:
        headers = {"WWW-Authenticate": BEARER_CHALLENGES[error.code]}
    return ApiError(status, HTTP_ERRORS[status][0], error.code, error.message, error.details, headers, extra)


def error_response(error):
    body = {"type": error.type, "code": error.code, "message": error.message}
    if error.details:
        body["details"] = capped(error.details)
    body["request_id"] = g.get("request_id")
    response = jsonify({"error": body, **error.extra})
    response.status_code = error.status
    response.headers.update(error.headers)
    return response


def capped(details):
    """At most MAX_DETAILS entries, the last saying how many more there were: a body
    with 50,000 unknown fields must not earn a 2 MB answer."""
    if len(details) <= MAX_DETAILS:
        return details
    more = len(details) - MAX_DETAILS + 1
    return [*details[: MAX_DETAILS - 1], {"field": "body", "message": f"and {more} more problems"}]


def flatten_messages(messages, path=""):
    """marshmallow's nested messages as [{field, message}]: `posts[3].content`, `filter[name]`."""
    if isinstance(messages, (list, tuple)) and all(isinstance(m, str) for m in messages):
        return [{"field": path or "body", "message": m} for m in messages]
    details = []
    items = messages.items() if isinstance(messages, dict) else enumerate(messages)
    for key, value in items:
        if key == "_schema":
            child = path
        elif isinstance(key, int):
            child = f"{path}[{key}]"
        else:
            child = f"{path}.{key}" if path else str(key)
        details.extend(flatten_messages(value, child))
    return details


def from_http_exception(exception):
    """Translate a werkzeug HTTPException, webargs' validation aborts included."""
    data = getattr(exception, "data", None) or {}
    status = exception.code or 500
    headers = dict(data.get("headers") or {})
    if status == 405 and exception.valid_methods:
        headers["Allow"] = ", ".join(sorted(exception.valid_methods))
    if "messages" in data:
        # webargs keys messages by location ("json", "query"); clients know only field names.
        details = [d for location in data["messages"].values() for d in flatten_messages(location)]
        return from_domain(errors.Invalid(details)).with_headers(headers)
    return ApiError.from_status(status, headers=headers)


def register(app):
    """Install the handlers that give every error the one shape."""
    app.register_error_handler(ApiError, error_response)
    app.register_error_handler(errors.DomainError, lambda e: error_response(from_domain(e)))
    app.register_error_handler(HTTPException, lambda e: error_response(from_http_exception(e)))
    app.register_error_handler(peewee.OperationalError, _database_unavailable)
    app.register_error_handler(peewee.InterfaceError, _database_unavailable)
    app.register_error_handler(Exception, _internal_error)


def _database_unavailable(exception):
    log.exception("database unavailable (request %s)", g.get("request_id"))
    # Drop the broken connection so the next request on this thread reconnects.
    db.discard()
    return error_response(ApiError.from_status(503))


def _internal_error(exception):
    log.exception("unhandled error (request %s)", g.get("request_id"))
    return error_response(ApiError.from_status(500))
