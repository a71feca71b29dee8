"""Calls to the Threads API, `<api_base>/<[threads] api_version>/...`, and its error
answers sorted into the kinds of postline/platforms/base.py (docs/platforms/threads.md).

Threads answers errors in the Graph shape Meta uses elsewhere (`{"error": {"message",
"type", "code", "error_subcode", "is_transient", "fbtrace_id"}}`, usually with HTTP
400): the code and subcode say what happened, not the status.
"""

from urllib.parse import urlencode

from postline import clock
from postline.platforms import calls
from postline.platforms.base import BLOCKED, PERMANENT, RETRYABLE, TOKEN, PublishError
from postline.platforms.meta.graph import THROTTLE_FALLBACK_MS, as_int, error_of, regain_at

PLATFORM = "threads"
VERSION = "v1.0"
TOKEN_CODES = {190, 102}
THROTTLE_CODES = {4, 17, 32, 613}
# "We restrict certain activity to protect our community", and a restricted user.
RESTRICTED_SUBCODES = {2207051, 4279013}
RETRY_CODES = {1, 2}
# threads_publish right after the container was made: "Media Not Found" passes.
MEDIA_NOT_FOUND = (24, 4279009)


def url(settings, path, query=None):
    """The Threads URL of `path` (no leading slash) at the configured version."""
    version = settings.get("api_version") or VERSION
    address = f"{settings['api_base'].rstrip('/')}/{version}/{path}"
    return f"{address}?{urlencode(query)}" if query else address


class Graph:
    """One connection's Threads calls, its token in the Authorization header."""

    def __init__(self, call):
        self.settings = call.settings
        self.timeout = call.timeout
        self.token = call.access_token

    def get(self, path, **query):
        return self._send("GET", url(self.settings, path, query), None)

    def post(self, path, fields, creates=False):
        """POST `fields` form-encoded; `creates`: the call makes what readers see, so a
        time-out after it left is an unknown outcome."""
        return self._send("POST", url(self.settings, path), urlencode(fields).encode(), creates)

    def _send(self, method, address, body, creates=False):
        headers = {"Authorization": f"Bearer {self.token}"}
        if body is not None:
            headers["Content-Type"] = "application/x-www-form-urlencoded"
        response = calls.send(PLATFORM, method, address, self.timeout, body, headers, creates)
        if 200 <= response.status < 300:
            return calls.json_answer(PLATFORM, response)
        raise classify(response.status, response.headers, response.body)


def classify(status, headers, body):
    """A Threads error answer as a PublishError."""
    error = error_of(body)
    code, subcode = as_int(error.get("code")), as_int(error.get("error_subcode"))
    said = error.get("error_user_msg") or error.get("message") or f"HTTP {status}"
    message = f"threads: {said}"
    if code in TOKEN_CODES or status == 401:
        return PublishError(TOKEN, "PLATFORM_UNAUTHORIZED", message)
    if subcode in RESTRICTED_SUBCODES:
        return PublishError(BLOCKED, "POLICY_BLOCKED", message)
    if code in THROTTLE_CODES or status == 429:
        resume_at = regain_at(headers) or clock.now_ms() + THROTTLE_FALLBACK_MS
        return PublishError(BLOCKED, "RATE_LIMITED", message, resume_at)
    if (code, subcode) == MEDIA_NOT_FOUND:
        return PublishError(RETRYABLE, "MEDIA_NOT_READY", message)
    if error.get("is_transient") is True or code in RETRY_CODES or status >= 500:
        return PublishError(RETRYABLE, "PLATFORM_ERROR", message)
    if "characters" in said and code == 100:
        return PublishError(PERMANENT, "CONTENT_REFUSED", message)
    return PublishError(PERMANENT, "PLATFORM_REFUSED", message)
