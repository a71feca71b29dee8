"""The deprecated internal API under /api (docs/console.md, The deprecated /api).

`/api/posts`, `/api/channels`, `/api/connections`, `/api/webhooks` and `/api/usage`
(with everything under them) are the /v1 routes of the same paths, served by the same
views: the console's session cookie stands in for the API key (a CSRF header for
writes), and answers are the bare resource or array, with `Deprecation`, `Sunset` and
a `Link` to the /v1 successor. Not rate limited (the internal API never was); counted
in usage. `[legacy] enabled = false` leaves the routes out, so every /api path is a 404.

A keyless /v1 route (the OAuth callback, authenticated by its signed state) has no
/api twin: the platform sends the browser back to the one redirect URI registered
with it, under /v1, and a second callback would be one a cookie seemed to guard.
"""

import datetime

from flask import current_app, g, request

from postline.accounts import sessions as console_sessions
from postline.errors import Unauthenticated
from postline.web import sessions
from postline.web.api import auth_rule
from postline.web.errors import ApiError

SUCCEEDED = {
    "/v1/posts": "/api/posts",
    "/v1/channels": "/api/channels",
    "/v1/connections": "/api/connections",
    "/v1/webhooks": "/api/webhooks",
    "/v1/usage": "/api/usage",
}
PREFIX = "/api/"
SCOPE = "legacy"  # the first part of each /api endpoint's name
SAFE_METHODS = {"GET", "HEAD", "OPTIONS"}


def register(app):
    """Serve the /v1 views of SUCCEEDED's paths under /api too (call after the /v1 routes)."""
    settings = app.config["POSTLINE"]
    if not settings["legacy"]["enabled"]:
        return
    # Worked out at start, so a malformed date in the settings stops the app, not a request.
    app.extensions["postline.legacy_headers"] = {
        "Deprecation": f"@{int(_day(settings['legacy']['deprecated_since']).timestamp())}",
        "Sunset": _day(settings["legacy"]["sunset"]).strftime("%a, %d %b %Y %H:%M:%S GMT"),
    }
    for rule in list(app.url_map.iter_rules()):
        view = app.view_functions[rule.endpoint]
        for successor, legacy in SUCCEEDED.items():
            if _under(rule.rule, successor) and not _keyless(view, rule.methods):
                app.add_url_rule(
                    legacy + rule.rule[len(successor) :],
                    f"{SCOPE}.{rule.endpoint}",
                    app.view_functions[rule.endpoint],
                    # Without OPTIONS, so Flask answers it as for the /v1 route (the
                    # views have no `options`: naming it sent OPTIONS to them, a 500).
                    methods=rule.methods - {"OPTIONS"},
                )
    # Scoped to the endpoints named "legacy.*" (Flask reads the part before an
    # endpoint's last dot as its blueprint), so other answers do not call it.
    app.after_request_funcs.setdefault(SCOPE, []).append(_deprecated)


def _under(path, prefix):
    return path == prefix or path.startswith(prefix + "/")


def _keyless(view, methods):
    return any(auth_rule(view, method).keyless for method in methods - {"HEAD", "OPTIONS"})


def serves(endpoint):
    """Whether an endpoint name ("GET /api/posts") is one of /api's."""
    return endpoint.split(" ", 1)[1].startswith(PREFIX)


def authenticate(rule):
    """Who the request's session cookie signs in, in place of a key. The CSRF header is
    checked for writes: every method but a safe one, and any operation needing a
    `:write` permission (starting an OAuth run is a GET that writes)."""
    session = sessions.current()
    if session is None:
        raise Unauthenticated(
            "Sign in to the console first: /api is authenticated by the console's session cookie.",
            code="MISSING_SESSION",
        )
    writes = request.method not in SAFE_METHODS or (rule.permission or "").endswith(":write")
    if writes and not sessions.csrf_matches(session.csrf_token, request.headers.get(sessions.CSRF_HEADER)):
        message = f"Send the session's CSRF token in {sessions.CSRF_HEADER} (the console shows it)."
        raise ApiError(
            403,
            "authorization_error",
            "CSRF_TOKEN_INVALID",
            message,
            [{"field": sessions.CSRF_HEADER, "message": "missing or wrong"}],
        )
    g.legacy = True
    return console_sessions.principal(session)


def _deprecated(response):
    """An /api answer: unwrapped from `{data}` / `{data, meta}`, with the deprecation headers."""
    if response.is_json and 200 <= response.status_code < 300:
        body = response.get_json()
        if isinstance(body, dict) and "data" in body:
            response.set_data(current_app.json.dumps(body["data"]))
    response.headers.update(current_app.extensions["postline.legacy_headers"])
    public_url = current_app.config["POSTLINE"]["server"]["public_url"].rstrip("/")
    successor = "/v1/" + request.path.removeprefix(PREFIX)
    response.headers["Link"] = f'<{public_url}{successor}>; rel="successor-version"'
    return response


def _day(text):
    """Midnight UTC of a YYYY-MM-DD date: `Deprecation` sends it as `@<Unix seconds>`
    (RFC 9745), `Sunset` as an HTTP date (RFC 8594)."""
    return datetime.datetime.combine(datetime.date.fromisoformat(text), datetime.time(), datetime.UTC)
