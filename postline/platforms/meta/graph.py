"""Calls to Meta's Graph API, `<api_base>/<[meta] graph_version>/...`, and Meta's error
answers sorted into the kinds of postline/platforms/base.py (docs/platforms/meta.md).

Meta answers errors as `{"error": {"message", "type", "code", "error_subcode",
"fbtrace_id"}}`, usually with HTTP 400; the code says what happened, not the status.
"""

import json
from urllib.parse import urlencode

from postline import clock
from postline.platforms import calls
from postline.platforms.base import BLOCKED, PERMANENT, RETRYABLE, TOKEN, Published, PublishError

TOKEN_CODES = {190, 102}
# Application, user, page and business rate limits, and a temporary block (368).
THROTTLE_CODES = {4, 17, 32, 613, 80001, 80002, 368}
RETRY_CODES = {1, 2}
DUPLICATE_CODE = 506
CAPTION_TOO_LONG = 2207010
# When a throttled call's headers do not say how long: Meta's windows are one rolling hour.
THROTTLE_FALLBACK_MS = 60 * 60 * 1000
USAGE_HEADERS = ("X-Business-Use-Case-Usage", "X-App-Usage", "X-Page-Usage")


def url(settings, path, query=None):
    """The Graph URL of `path` (no leading slash) at the configured version."""
    version = settings.get("graph_version") or "v21.0"
    address = f"{settings['api_base'].rstrip('/')}/{version}/{path}"
    return f"{address}?{urlencode(query)}" if query else address


class Graph:
    """One connection's Graph calls, with its token in the Authorization header (never
    in a URL a log could keep)."""

    def __init__(self, call):
        self.settings = call.settings
        self.timeout = call.timeout
        self.token = call.access_token

    def get(self, path, **query):
        return self._send("GET", url(self.settings, path, query), None)

    def comment(self, parent, text):
        """Comment `text` under `parent` (a published PostPart), as the account or Page."""
        answer = self.post(f"{parent.platform_post_id}/comments", {"message": text}, creates=True)
        return Published(str(answer["id"]), parent.url)

    def post(self, path, fields, creates=False):
        """POST `fields` form-encoded; `creates`: the call makes what readers see, so a
        time-out after it left is an unknown outcome."""
        return self._send("POST", url(self.settings, path), urlencode(fields).encode(), creates)

    def _send(self, method, address, body, creates=False):
        headers = {"Authorization": f"Bearer {self.token}"}
        if body is not None:
            headers["Content-Type"] = "application/x-www-form-urlencoded"
        response = calls.send("meta", method, address, self.timeout, body, headers, creates)
        if 200 <= response.status < 300:
            return calls.json_answer("meta", response)
        raise classify(response.status, response.headers, response.body)


def error_of(body):
    """The `error` object of a Graph answer ({} when there is none)."""
    error = calls.error_body(body).get("error")
    return error if isinstance(error, dict) else {}


def classify(status, headers, body):
    """A Graph error answer as a PublishError."""
    error = error_of(body)
    code, subcode = as_int(error.get("code")), as_int(error.get("error_subcode"))
    message = f"meta: {error.get('message') or f'HTTP {status}'}"
    if code in TOKEN_CODES:
        return PublishError(TOKEN, "PLATFORM_UNAUTHORIZED", message)
    if code in THROTTLE_CODES:
        resume_at = regain_at(headers)
        if resume_at is None and code != 368:
            resume_at = clock.now_ms() + THROTTLE_FALLBACK_MS
        return PublishError(BLOCKED, "POLICY_BLOCKED" if code == 368 else "RATE_LIMITED", message, resume_at)
    if code == DUPLICATE_CODE:
        return PublishError(PERMANENT, "DUPLICATE_CONTENT", message)
    if subcode == CAPTION_TOO_LONG or code == CAPTION_TOO_LONG:
        return PublishError(PERMANENT, "CONTENT_REFUSED", message)
    if code in RETRY_CODES or status >= 500:
        return PublishError(RETRYABLE, "PLATFORM_ERROR", message)
    return PublishError(PERMANENT, "PLATFORM_REFUSED", message)


def regain_at(headers):
    """When Meta says access comes back: the largest `estimated_time_to_regain_access`
    (minutes) of the usage headers, as Unix ms; None if none says."""
    minutes = []
    for name in USAGE_HEADERS:
        try:
            _collect(json.loads(headers.get(name) or "null"), minutes)
        except ValueError:
            continue
    return clock.now_ms() + max(minutes) * 60_000 if minutes else None


def _collect(value, found):
    if isinstance(value, dict):
        for key, item in value.items():
            if key == "estimated_time_to_regain_access" and as_int(item) is not None:
                found.append(as_int(item))
            else:
                _collect(item, found)
    elif isinstance(value, list):
        for item in value:
            _collect(item, found)


def as_int(value):
    try:
        return int(value)
    except (TypeError, ValueError):
        return None
