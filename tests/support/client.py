"""Checks of the one error shape, the /v1 routes, a requests session with a key, a
request written byte by byte to a real server, and a platform's media fetch through
the test client (the test client with a key is devtools/client.py Api)."""

import re
import socket
from urllib.parse import urlsplit

import requests

from postline import db


def raw_request(url, request):
    """Send the bytes `request` to the server at `url` and read its answer to the end:
    (status, {header: value}, body). For requests no client library would send."""
    parts = urlsplit(url)
    with socket.create_connection((parts.hostname, parts.port), timeout=10) as sock:
        sock.sendall(request)
        answer = b""
        while chunk := sock.recv(65536):
            answer += chunk
    head, _, body = answer.partition(b"\r\n\r\n")
    status = int(head.split(b" ", 2)[1])
    headers = dict(line.split(": ", 1) for line in head.decode("latin1").split("\r\n")[1:])
    return status, headers, body


def assert_error(response, status, code, type_=None):
    """The answer is the structured error with this status and code; returns its body."""
    assert response.status_code == status, response.get_data(as_text=True)
    error = response.get_json()["error"]
    assert error["code"] == code
    if type_:
        assert error["type"] == type_
    assert error["message"]
    assert error["request_id"] == response.headers["X-Request-Id"]
    return error


def v1_routes(app):
    """(method, path with placeholder ids, declared AuthRule) for every /v1 route. A
    placeholder id has its kind's prefix (`post_missing_post_id`), as ids in paths must."""
    rules = app.extensions["postline.auth_rules"]
    for url_rule in app.url_map.iter_rules():
        if not url_rule.rule.startswith("/v1/"):
            continue
        path = url_rule.rule
        for name, converter in url_rule._converters.items():
            prefix = getattr(converter, "prefix", "")
            path = re.sub(rf"<(?:[^:>]+:)?{name}>", f"{prefix}missing_{name}", path)
        for method in sorted(url_rule.methods - {"HEAD", "OPTIONS"}):
            rule, _ = rules[(url_rule.endpoint, method)]
            yield method, path, rule


def allow_local_webhooks(settings):
    """Webhooks may call a receiver on 127.0.0.1 over http, as in local development."""
    settings["webhooks"] = {"allow_http": True, "allow_private_targets": True, "timeout": 2}
    return settings


def http_session(key):
    """A requests session for real server processes, with a key's Authorization header."""
    session = requests.Session()
    session.headers["Authorization"] = f"Bearer {key}"
    return session


def fetch_through(api):
    """What a fake that fetches media from Postline's signed public URLs (Meta's
    `fetch`) calls in a test without a server: the app itself."""

    def fetch(url):
        try:
            answer = api.client.get(urlsplit(url).path)
            return answer.status_code, answer.headers.get("Content-Type", ""), answer.get_data()
        finally:
            db.close()  # the fake's request thread ends here

    return fetch
