"""A requests transport adapter that sends through postline/net/client.py, so that
libraries built on requests (Authlib's OAuth client) and the platform adapters leave
the process the one way: SSRF policy, no redirects, a total deadline, bounded reads.
"""

import requests
from requests.adapters import BaseAdapter
from requests.structures import CaseInsensitiveDict

from postline.net import client


class SendFailed(requests.ConnectionError):
    """No usable answer; `sent` says whether the request may have reached the far side."""

    def __init__(self, message, sent):
        super().__init__(message)
        self.message = message
        self.sent = sent


class ClientAdapter(BaseAdapter):
    """Sends a requests.PreparedRequest with postline/net/client.py."""

    def __init__(self, policy, timeout, max_bytes=client.DEFAULT_MAX_BYTES):
        super().__init__()
        self.policy = policy
        self.timeout = timeout
        self.max_bytes = max_bytes

    def send(self, request, stream=False, timeout=None, verify=True, cert=None, proxies=None):
        seconds = timeout if isinstance(timeout, int | float) else self.timeout
        body = request.body.encode() if isinstance(request.body, str) else request.body
        try:
            answer = client.request(
                request.method, request.url, self.policy, seconds, body, dict(request.headers), self.max_bytes
            )
        except client.RequestFailed as failure:
            raise SendFailed(failure.message, failure.sent) from None
        response = requests.Response()
        response.status_code = answer.status
        response.headers = CaseInsensitiveDict(answer.headers.items())
        response._content = answer.body
        response.url = request.url
        response.request = request
        response.reason = ""
        response.encoding = requests.utils.get_encoding_from_headers(response.headers)
        return response

    def close(self):
        pass


def mount(session, policy, timeout):
    """Make every request of `session` go through the client; returns the session."""
    adapter = ClientAdapter(policy, timeout)
    session.mount("http://", adapter)
    session.mount("https://", adapter)
    return session


def session(policy, timeout):
    """A requests.Session whose requests all go through the client."""
    return mount(requests.Session(), policy, timeout)
