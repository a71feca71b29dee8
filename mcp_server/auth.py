"""Every HTTP request to the MCP server carries a valid API key, checked as the API
checks one (postline/accounts/keys.py); a request without one is refused with the
API's own 401 before the MCP layer reads it."""

import json
import secrets

from postline import db
from postline.accounts import keys
from postline.errors import Unauthenticated


def check_key(authorization):
    """None for a valid `Authorization: Bearer <key>` header, else the Unauthenticated error."""
    db.check_out()
    try:
        keys.authenticate(authorization)
    except Unauthenticated as error:
        return error
    return None


class RequireApiKey:
    """ASGI middleware: refuse an HTTP request whose key is missing or invalid."""

    def __init__(self, app, threads):
        self.app = app
        self.threads = threads

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            await self.app(scope, receive, send)  # lifespan: start and stop the SDK's sessions
            return
        headers = dict(scope["headers"])
        authorization = headers.get(b"authorization", b"").decode("latin-1")
        refused = await self.threads.run(check_key, authorization)
        if refused is None:
            await self.app(scope, receive, send)
            return
        await _send_unauthorized(send, refused)


async def _send_unauthorized(send, error):
    """The API's 401: its error shape, and `WWW-Authenticate: Bearer` (RFC 6750), with
    `error="invalid_token"` when a key was sent but is not valid."""
    challenge = "Bearer" if error.code == "MISSING_API_KEY" else 'Bearer error="invalid_token"'
    body = {
        "error": {
            "type": "authentication_error",
            "code": error.code,
            "message": error.message,
            "request_id": f"req_{secrets.token_hex(12)}",
        }
    }
    payload = json.dumps(body).encode()
    await send(
        {
            "type": "http.response.start",
            "status": 401,
            "headers": [
                (b"content-type", b"application/json"),
                (b"content-length", str(len(payload)).encode()),
                (b"www-authenticate", challenge.encode()),
            ],
        }
    )
    await send({"type": "http.response.body", "body": payload})
