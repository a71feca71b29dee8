"""LinkedIn's error answers: `{status, code, serviceErrorCode, message}`, and the ones a
test injects by name (ERRORS)."""

from devtools.fakes.base import answer

# Answers a test injects: name -> (HTTP status, serviceErrorCode, code, message).
ERRORS = {
    "401": (401, 65600, "INVALID_ACCESS_TOKEN", "Invalid access token"),
    "revoked": (
        401,
        65601,
        "REVOKED_ACCESS_TOKEN",
        "The token used in the request has been revoked by the user",
    ),
    "403": (
        403,
        100,
        "ACCESS_DENIED",
        "Not enough permissions to access: partnerApiPostsExternal.CREATE.20251001",
    ),
    "429": (
        429,
        101,
        "TOO_MANY_REQUESTS",
        "Resource level throttle APPLICATION DAY limit for calls to this resource is reached.",
    ),
    "500": (500, None, "INTERNAL_SERVER_ERROR", "Internal Server Error"),
    "503": (503, None, "SERVICE_UNAVAILABLE", "Service Unavailable"),
}


def error(status, code, message, service_code=None):
    body = {"status": status, "code": code, "message": message}
    if service_code is not None:
        body["serviceErrorCode"] = service_code
    return answer(body, status)


def scripted(reply):
    """The answer ERRORS names `reply`."""
    status, service_code, code, message = ERRORS[reply]
    return error(status, code, message, service_code)


def token_error(error_code, description, status=400):
    """The OAuth endpoints' errors, in OAuth's shape rather than the API's."""
    return answer({"error": error_code, "error_description": description}, status)
