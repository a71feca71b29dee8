"""The Flask test client with an API key, and checks of the one error shape."""

import re

import requests


class Api:
    """The Flask test client with a key's Authorization header on every request."""

    def __init__(self, client, key):
        self.client = client
        self.key = key

    def request(self, method, path, **kwargs):
        headers = {"Authorization": f"Bearer {self.key}", **kwargs.pop("headers", {})}
        return self.client.open(path, method=method, headers=headers, **kwargs)

    def get(self, path, **kwargs):
        return self.request("GET", path, **kwargs)

    def post(self, path, **kwargs):
        return self.request("POST", path, **kwargs)

    def patch(self, path, **kwargs):
        return self.request("PATCH", path, **kwargs)

    def delete(self, path, **kwargs):
        return self.request("DELETE", path, **kwargs)

    def as_key(self, key):
        return Api(self.client, key)


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
    """(method, path with placeholder ids, declared AuthRule) for every /v1 route."""
    rules = app.extensions["postline.auth_rules"]
    for url_rule in app.url_map.iter_rules():
        if not url_rule.rule.startswith("/v1/"):
            continue
        path = re.sub(r"<(?:[^:>]+:)?([^>]+)>", r"missing_\1", url_rule.rule)
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
