"""Pinterest's error answers as the fake gives them: `{"code": int, "message": str}`
with the HTTP status saying the class, and the ones a test injects by name (ERRORS)."""

import json
import time

from werkzeug.wrappers import Response

# Pinterest's answers to the kinds of failure a test injects: (HTTP status, code, message).
ERRORS = {
    "401": (401, 2, "Authentication failed."),
    "429": (429, 8, "You have exceeded your rate limit. Try again later."),
    "board_not_found": (404, 40, "Board not found."),
    "forbidden": (403, 29, "You are not permitted to access that resource."),
    "spam_link": (400, 1, "Sorry! We blocked this link because it may lead to spam."),
    "unreachable": (400, 1, "Unable to reach the URL. Please check the URL and try again."),
    "500": (500, 0, "Something went wrong on our end. Sorry about that."),
    "503": (503, 0, "Service unavailable."),
}
INVALID_GRANT = (283, "The authorization grant is invalid")


def error(status, code, message, headers=None):
    return Response(
        json.dumps({"code": code, "message": message}),
        status,
        headers=headers,
        content_type="application/json",
    )


def injected(name, reset_seconds=60):
    """The answer of ERRORS[name]; a 429 says when the window resets, as Pinterest's headers do."""
    status, code, message = ERRORS[name]
    headers = None
    if status == 429:
        headers = {
            "X-RateLimit-Limit": "1000",
            "X-RateLimit-Remaining": "0",
            "X-RateLimit-Reset": str(reset_seconds),
            "Retry-After": str(reset_seconds),
        }
    return error(status, code, message, headers)


def invalid(message):
    """A validation failure, as Pinterest names the field at fault."""
    return error(400, 1, message)


def now():
    return int(time.time())
