"""One error shape for every failure (decisions.md section 2).

`{"error": {"type", "code", "message", "details"?, "request_id"}}`: raised as an
ApiError by our code, or translated here from what Flask, werkzeug, webargs,
marshmallow and peewee raise.
"""

import logging

import peewee
from flask import g, jsonify
from werkzeug.exceptions import HTTPException

from postline.db import database

log = logging.getLogger(__name__)

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

    @classmethod
    def validation(cls, field, message, code="VALIDATION_ERROR"):
        return cls(
            400, "validation_error", code, f"{field}: {message}", [{"field": field, "message": message}]
        )

    @classmethod
    def forbidden(cls, message, field="permission", detail=None):
        details = [{"field": field, "message": detail or message}]
        return cls(403, "authorization_error", "INSUFFICIENT_PERMISSIONS", message, details)

    @classmethod
    def invalid(cls, details, headers=None):
        """400 VALIDATION_ERROR listing every problem, [{field, message}], the first few in the message."""
        summary = "; ".join(f"{d['field']}: {d['message']}" for d in details[:5])
        return cls.from_status(400, f"Invalid request: {summary}", details, headers)

    @classmethod
    def conflict(cls, code, message, headers=None, details=None):
        return cls(409, "conflict_error", code, message, details, headers)

    @classmethod
    def from_status(cls, status, message=None, details=None, headers=None):
        type, code, default_message = HTTP_ERRORS.get(status, HTTP_ERRORS[500])
        return cls(status, type, code, message or default_message, details, headers)


def error_response(error):
    body = {"type": error.type, "code": error.code, "message": error.message}
    if error.details:
        body["details"] = error.details
    body["request_id"] = g.get("request_id")
    response = jsonify({"error": body, **error.extra})
    response.status_code = error.status
    response.headers.update(error.headers)
    return response


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
        return ApiError.invalid(details, headers)
    return ApiError.from_status(status, headers=headers)


def register(app):
    """Install the handlers that give every error the one shape."""
    app.register_error_handler(ApiError, error_response)
    app.register_error_handler(HTTPException, lambda e: error_response(from_http_exception(e)))
    app.register_error_handler(peewee.DoesNotExist, lambda e: error_response(ApiError.from_status(404)))
    app.register_error_handler(peewee.OperationalError, _database_unavailable)
    app.register_error_handler(peewee.InterfaceError, _database_unavailable)
    app.register_error_handler(Exception, _internal_error)


def _database_unavailable(exception):
    log.exception("database unavailable (request %s)", g.get("request_id"))
    # Drop the broken connection so the next request on this thread reconnects.
    if not database.is_closed() and not database.in_transaction():
        database.close()
    return error_response(ApiError.from_status(503))


def _internal_error(exception):
    log.exception("unhandled error (request %s)", g.get("request_id"))
    return error_response(ApiError.from_status(500))
