"""TikTok's answers: the envelope `{"data", "error": {"code", "message", "log_id"}}`
every API answer has, failures included (some with HTTP 200), and the refusals a
test injects by name (INJECTED)."""

import secrets

from devtools.fakes.base import answer

INJECTED = {
    "401": (401, "access_token_invalid", "The access token is invalid or not found in the request."),
    "scope": (401, "scope_not_authorized", "The user did not authorize the scope required."),
    "rate_limit": (429, "rate_limit_exceeded", "API rate limit was exceeded."),
    "spam_risk": (403, "spam_risk_too_many_posts", "The daily post cap from the API is reached."),
    "unaudited": (
        403,
        "unaudited_client_can_only_post_to_private_accounts",
        "Unaudited clients can only post to a private account.",
    ),
    "invalid_params": (400, "invalid_params", "The request parameters are invalid."),
    "500": (500, "internal_error", "Something went wrong. Please try again later."),
}


def envelope(data, code="ok", message="", status=200):
    return answer(
        {"data": data, "error": {"code": code, "message": message, "log_id": secrets.token_hex(8)}}, status
    )


def refusal(name):
    status, code, message = INJECTED[name]
    return envelope({}, code, message, status)


def invalid(message, status=400):
    return envelope({}, "invalid_params", message, status)


def token_error(error, description, status=400):
    """The OAuth endpoints' errors, in OAuth's shape rather than the envelope."""
    return answer({"error": error, "error_description": description}, status)
