"""Meta's error answers: `{"error": {"message", "type", "code", "error_subcode",
"fbtrace_id"}}`, usually with HTTP 400, and the ones a test injects by name (ERRORS)."""

import json
import secrets

from werkzeug.wrappers import Response

# Meta's answers to the kinds of failure a test injects: (HTTP status, code, subcode, message).
ERRORS = {
    "token": (400, 190, 460, "Error validating access token: The session has been invalidated"),
    "rate_limit": (400, 4, None, "(#4) Application request limit reached"),
    "page_rate_limit": (400, 32, None, "(#32) Page request limit reached"),
    "policy": (400, 368, 1390008, "The action attempted has been deemed abusive or is otherwise disallowed"),
    "duplicate": (400, 506, None, "Duplicate status message"),
    "invalid": (400, 100, None, "(#100) Invalid parameter"),
    "caption": (400, 100, 2207010, "The caption is too long"),
    "unknown": (500, 1, None, "An unknown error occurred"),
    "500": (500, 2, None, "An unexpected error has occurred. Please retry your request later."),
}


def error(status, code, message, subcode=None, headers=None):
    body = {"message": message, "type": "OAuthException", "code": code, "fbtrace_id": secrets.token_hex(8)}
    if subcode is not None:
        body["error_subcode"] = subcode
    return Response(json.dumps({"error": body}), status, headers=headers, content_type="application/json")


def unsupported(detail="(#100) Unsupported request"):
    return error(400, 100, detail)
