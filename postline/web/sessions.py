"""The console's session cookie, read by the console and by the deprecated /api alike.

The cookie is HttpOnly and SameSite=Lax (Lax, not Strict: a browser coming back from
a platform's OAuth page must arrive signed in), and Secure when `[server] public_url`
is https. It never authenticates /v1, which reads only `Authorization`. Every write
carries the session's CSRF token: a form field in the console, a header in /api.
"""

import hmac

from flask import current_app, g, request

from postline.accounts import sessions

COOKIE = "postline_session"
CSRF_FIELD = "csrf_token"
CSRF_HEADER = "X-CSRF-Token"


def current():
    """The signed-in session of this request's cookie, or None (looked up once a request)."""
    if "console_session" not in g:
        g.console_session = sessions.find(request.cookies.get(COOKIE))
    return g.console_session


def csrf_matches(expected, sent):
    """Whether `sent` is the `expected` CSRF token (compared in constant time)."""
    return bool(expected) and bool(sent) and hmac.compare_digest(expected.encode(), sent.encode())


def set_cookie(response, token):
    settings = current_app.config["POSTLINE"]
    response.set_cookie(
        COOKIE,
        token,
        max_age=settings["console"]["session_hours"] * 3600,
        path="/",
        httponly=True,
        samesite="Lax",
        secure=settings["server"]["public_url"].startswith("https://"),
    )


def clear_cookie(response):
    response.delete_cookie(COOKIE, path="/", httponly=True, samesite="Lax")
