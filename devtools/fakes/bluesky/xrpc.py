"""What the fake's parts share: XRPC's error answer, CID- and JWT-shaped ids, did:web names."""

import base64
import hashlib
import json
import secrets
from urllib.parse import urlsplit

from werkzeug.wrappers import Response

from devtools.fakes.base import answer


def xrpc_error(status, name, message, headers=None):
    """An XRPC error answer: `{"error": name, "message"}`."""
    body = json.dumps({"error": name, "message": message})
    return Response(body, status, headers=headers, content_type="application/json")


def content_id(data, codec="bafyrei"):
    """A CID-shaped id of `data` (a record's: bafyrei..., a raw blob's: bafkrei...)."""
    return codec + base64.b32encode(hashlib.sha256(data).digest()).decode().lower().rstrip("=")[:52]


def did_web(url):
    """The did:web naming the host of `url` (a port's colon percent-encoded)."""
    return "did:web:" + urlsplit(url).netloc.replace(":", "%3A")


def make_jwt(claims):
    """A JWT-shaped token holding `claims` (the fake knows its tokens by their text:
    there is no signature to check)."""

    def part(value):
        return base64.urlsafe_b64encode(json.dumps(value).encode()).decode().rstrip("=")

    signature = base64.urlsafe_b64encode(secrets.token_bytes(32)).decode().rstrip("=")
    return f"{part({'typ': 'at+jwt', 'alg': 'ES256K'})}.{part(claims)}.{signature}"


def ok(payload=None):
    """A 200 answer of `payload` ({} when None)."""
    return answer(payload if payload is not None else {})
