"""One call from an adapter to its platform, and what every adapter does when no
answer came: a request that may have reached the platform and creates what readers
see (the post itself) is an unknown outcome, never re-sent; any other is retried."""

import json

from postline.net import client
from postline.net.client import TRUSTED
from postline.platforms.base import RETRYABLE, UNCONFIRMED, PublishError


def send(platform, method, url, timeout, body=None, headers=None, creates=False, policy=TRUSTED):
    """The platform's answer, whatever its status; PublishError when none came.
    `policy`: TRUSTED for the platform's configured URLs; an address the platform's
    users choose (a Bluesky account's own PDS) goes under the SSRF rules instead."""
    try:
        return client.request(method, url, policy, timeout, body, headers)
    except client.RequestFailed as failure:
        if failure.sent and creates:
            raise PublishError(
                UNCONFIRMED, "DELIVERY_UNCONFIRMED", f"{platform}: {failure.message}; the post may exist"
            ) from None
        raise PublishError(RETRYABLE, "PLATFORM_UNREACHABLE", f"{platform}: {failure.message}") from None


def json_answer(platform, response):
    """A successful answer's JSON body ({} when empty); an answer that is not JSON is retried."""
    try:
        return json.loads(response.body) if response.body else {}
    except ValueError:
        raise PublishError(RETRYABLE, "PLATFORM_ERROR", f"{platform}: an answer that is not JSON") from None


def error_body(body):
    """An error answer's JSON object, or {} when it is not one."""
    try:
        error = json.loads(body) if body else {}
    except ValueError:
        return {}
    return error if isinstance(error, dict) else {}
