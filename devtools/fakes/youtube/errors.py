"""YouTube's (Google APIs') error answers: `{"error": {code, message, errors: [{message,
domain, reason, location?, locationType?}], status}}`, and the ones a test injects by
name (ERRORS); the OAuth endpoints answer in OAuth's own shape (`token_error`)."""

from devtools.fakes.base import answer

QUOTA_MESSAGE = (
    "The request cannot be completed because you have exceeded your "
    '<a href="/youtube/v3/getting-started#quota">quota</a>.'
)
# Answers a test injects: name -> (HTTP status, reason, domain, message, status name).
ERRORS = {
    "401": (
        401,
        "authError",
        "global",
        "Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or "
        "other valid authentication credential.",
        "UNAUTHENTICATED",
    ),
    "quota": (403, "quotaExceeded", "youtube.quota", QUOTA_MESSAGE, "PERMISSION_DENIED"),
    "rate": (
        403,
        "rateLimitExceeded",
        "youtube.quota",
        "The request cannot be completed because you have exceeded your quota.",
        "PERMISSION_DENIED",
    ),
    "upload_limit": (
        400,
        "uploadLimitExceeded",
        "youtube.video",
        "The user has exceeded the number of videos they may upload.",
        "INVALID_ARGUMENT",
    ),
    "signup": (
        401,
        "youtubeSignupRequired",
        "youtube.header",
        "Unauthorized",
        "UNAUTHENTICATED",
    ),
    "forbidden": (403, "forbidden", "youtube.video", "Forbidden", "PERMISSION_DENIED"),
    "500": (500, "backendError", "global", "Backend Error", "INTERNAL"),
    "503": (503, "backendError", "global", "The service is currently unavailable.", "UNAVAILABLE"),
}


def error(status, reason, message, domain="youtube.video", status_name="INVALID_ARGUMENT", **where):
    """Google's error body; `where` may name the `location` and `locationType` at fault."""
    item = {"message": message, "domain": domain, "reason": reason, **where}
    return answer(
        {"error": {"code": status, "message": message, "errors": [item], "status": status_name}}, status
    )


def scripted(reply):
    """The answer ERRORS names `reply`."""
    status, reason, domain, message, status_name = ERRORS[reply]
    return error(status, reason, message, domain, status_name)


def invalid(reason, message, location=None):
    """A 400 for a field of the request (YouTube's `invalidTitle`, `invalidTags`...)."""
    where = {"location": location, "locationType": "other"} if location else {}
    return error(400, reason, message, **where)


def token_error(code, description, status=400):
    """The OAuth endpoints' errors, in OAuth's shape."""
    return answer({"error": code, "error_description": description}, status)
