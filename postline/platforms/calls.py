"""One call of an adapter to its platform, with the outcome of a call that got no
answer classified (postline/platforms/base.py)."""

from postline.net import client
from postline.net.client import TRUSTED
from postline.platforms.base import RETRYABLE, UNCONFIRMED, PublishError


def send(platform, method, url, timeout, body, headers, creates=False):
    """Send one request to the platform and return its client.Response (any status).
    No answer: PublishError, UNCONFIRMED when the call `creates` what readers see and
    may have reached the platform (never to be re-sent), else RETRYABLE."""
    try:
        return client.request(method, url, TRUSTED, timeout, body, headers)
    except client.RequestFailed as failure:
        if failure.sent and creates:
            raise PublishError(
                UNCONFIRMED, "DELIVERY_UNCONFIRMED", f"{platform}: {failure.message}; the post may exist"
            ) from None
        raise PublishError(RETRYABLE, "PLATFORM_UNREACHABLE", f"{platform}: {failure.message}") from None
