"""gunicorn's own error answers (a request line or header it cannot parse, too long or
too large) in the API's one error shape, instead of its HTML page.

gunicorn writes these before the app ever sees the request, through
`gunicorn.util.write_error`; this module replaces that one function, from
gunicorn.conf.py. They carry the app's security headers, HSTS included when `[server]
public_url` is https (postline/web/headers.py decides, for both).
tests/web/test_gunicorn_errors.py checks the hook on a real server.
"""

import functools
import json
import secrets

from gunicorn import util

from postline.web import headers

CODES = {
    400: ("invalid_request_error", "BAD_REQUEST"),
    403: ("invalid_request_error", "FORBIDDEN"),
    414: ("invalid_request_error", "REQUEST_LINE_TOO_LONG"),
    417: ("invalid_request_error", "EXPECTATION_FAILED"),
    431: ("invalid_request_error", "HEADERS_TOO_LARGE"),
    501: ("invalid_request_error", "NOT_IMPLEMENTED"),
}
INTERNAL = ("api_error", "INTERNAL_ERROR")


def write_json_error(sock, status_int, reason, mesg, security_headers=""):
    """gunicorn's `write_error`, in the one error shape; `security_headers` are header
    lines, each ending in CRLF."""
    type_, code = CODES.get(status_int, INTERNAL)
    error = {
        "type": type_,
        "code": code,
        "message": mesg or reason,
        "request_id": f"req_{secrets.token_hex(12)}",
    }
    body = json.dumps({"error": error}).encode()
    head = (
        f"HTTP/1.1 {status_int} {reason}\r\nConnection: close\r\nContent-Type: application/json\r\n"
        f"Content-Length: {len(body)}\r\n{security_headers}\r\n"
    )
    util.write_nonblock(sock, head.encode("latin1") + body)


def install(server):
    """Answer gunicorn's refusals with write_json_error, with the security headers of
    the `[server]` settings."""
    pairs = (*headers.for_server(server), ("Content-Security-Policy", headers.NO_FRAMES))
    lines = "".join(f"{name}: {value}\r\n" for name, value in pairs)
    util.write_error = functools.partial(write_json_error, security_headers=lines)
