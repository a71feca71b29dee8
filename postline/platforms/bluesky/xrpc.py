"""Bluesky's HTTP API (XRPC: `GET /xrpc/<query>`, `POST /xrpc/<procedure>`, errors as
`{"error": Name, "message"}`) as Postline calls it, through postline/net.

The URLs of `[bluesky]` (service_url, plc_url, video_url) are trusted, as every
platform's configured base is. An account's PDS comes from its DID document, which
the account's owner writes: unless it is on one of those origins, it is called under
the SSRF rules of webhooks (https, a public address)."""

import json
from dataclasses import dataclass
from urllib.parse import urlencode, urlsplit

from postline.net import client
from postline.net.client import TRUSTED
from postline.platforms.base import PlatformUnavailable

PLATFORM = "bluesky"
PUBLIC = client.Policy()
CONFIGURED = ("service_url", "plc_url", "video_url")


def origin(url):
    parts = urlsplit(url)
    return parts.scheme, parts.netloc.lower()


def policy_for(settings, url):
    """TRUSTED for a URL on a configured origin, else the SSRF rules of webhooks."""
    trusted = {origin(settings[name]) for name in CONFIGURED if settings.get(name)}
    return TRUSTED if origin(url) in trusted else PUBLIC


def method_url(base, nsid, params=None):
    """`<base>/xrpc/<nsid>`, with `params` as its query."""
    query = f"?{urlencode(params)}" if params else ""
    return f"{base.rstrip('/')}/xrpc/{nsid}{query}"


def did_web(url):
    """The did:web DID of the host serving `url` (a service token's audience)."""
    return "did:web:" + urlsplit(url).netloc.replace(":", "%3A")


@dataclass(frozen=True)
class Answer:
    """A Bluesky answer: its status, headers and JSON body ({} when it had none or was not JSON)."""

    status: int
    headers: object
    body: dict

    @property
    def error(self):
        """The XRPC error's name (`ExpiredToken`...), or `HTTP <status>`."""
        return self.body.get("error") or f"HTTP {self.status}"

    @property
    def message(self):
        """What Bluesky said, prefixed as every platform message is."""
        return f"{PLATFORM}: {self.body.get('message') or self.error}"


def send(settings, method, url, timeout, payload=None, token=None):
    """One call made while connecting an account (no post at stake): its Answer, or
    PlatformUnavailable when none came."""
    headers = {"Accept": "application/json"}
    body = None
    if payload is not None:
        body, headers["Content-Type"] = json.dumps(payload).encode(), "application/json"
    if token is not None:
        headers["Authorization"] = f"Bearer {token}"
    try:
        response = client.request(method, url, policy_for(settings, url), timeout, body, headers)
    except client.RequestFailed as failure:
        raise PlatformUnavailable(f"{PLATFORM}: {urlsplit(url).netloc}: {failure.message}") from None
    return Answer(response.status, response.headers, parsed(response.body))


def parsed(body):
    """A JSON object body, or {}."""
    try:
        value = json.loads(body) if body else {}
    except ValueError:
        return {}
    return value if isinstance(value, dict) else {}
