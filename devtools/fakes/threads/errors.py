"""Threads' error answers as the fake gives them: Graph's shape (`{"error": {"message",
"type", "code", "error_subcode", "is_transient", "fbtrace_id"}}`, usually with HTTP
400), and the ones a test injects by name (ERRORS)."""

import json
import secrets

from werkzeug.wrappers import Response

# Threads' answers to the kinds of failure a test injects:
# (HTTP status, code, subcode, message, is_transient).
ERRORS = {
    "token": (400, 190, 460, "Error validating access token: The session has been invalidated", False),
    "rate_limit": (400, 4, None, "(#4) Application request limit reached", False),
    "restricted": (400, 10, 2207051, "We restrict certain activity to protect our community.", False),
    "media_not_found": (400, 24, 4279009, "Media Not Found", False),
    "transient": (400, 2, None, "An unexpected error has occurred. Please retry your request later.", True),
    "invalid": (400, 100, None, "(#100) Invalid parameter", False),
    "500": (500, 1, None, "An unknown error occurred", True),
}
TOKEN_EXPIRED = (190, 463, "Error validating access token: Session has expired")


def error(status, code, message, subcode=None, transient=False, headers=None):
    body = {
        "message": message,
        "type": "OAuthException" if code in (1, 4, 10, 100, 190) else "THApiException",
        "code": code,
        "is_transient": transient,
        "fbtrace_id": secrets.token_hex(8),
    }
    if subcode is not None:
        body["error_subcode"] = subcode
    return Response(json.dumps({"error": body}), status, headers=headers, content_type="application/json")


def injected(name, regain_minutes=15):
    """The answer of ERRORS[name]; a throttled one names when access comes back, as
    Meta's usage headers do."""
    status, code, subcode, message, transient = ERRORS[name]
    headers = None
    if code == 4:
        usage = {"call_count": 100, "total_cputime": 10, "total_time": 25}
        headers = {"X-App-Usage": json.dumps({**usage, "estimated_time_to_regain_access": regain_minutes})}
    return error(status, code, message, subcode, transient, headers)


def unsupported(node):
    message = (
        f"Unsupported request - method type: get. Object with ID '{node}' does not exist, cannot be "
        "loaded due to missing permissions, or does not support this operation."
    )
    return error(400, 100, message, 33)
