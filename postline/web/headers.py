"""Security headers on every answer: the API's, the console's, /docs, /openapi.json,
the signed media URLs, errors included (docs/security.md, Security headers).

- `X-Content-Type-Options: nosniff`: a browser takes each answer as its Content-Type
  says, never guesses (a JSON error or a media file read as HTML);
- `X-Frame-Options: DENY` and `Content-Security-Policy: frame-ancestors 'none'`: no
  page of Postline's is shown in another site's frame (clickjacking). An answer with
  a policy of its own (the console's) keeps it; the console's forbids frames too;
- `Strict-Transport-Security` when `[server] public_url` is https: browsers come back
  over https only, for a year.

gunicorn's own refusals (postline/web/gunicorn_errors.py) carry the same, from
`for_server`. This module imports no Flask, so gunicorn's master can read it.
"""

HSTS = "max-age=31536000"
NO_FRAMES = "frame-ancestors 'none'"
# The WSGI environ's key of a request's own headers for its answer: [(name, value)].
ANSWER_HEADERS = "postline.answer_headers"


def for_server(server):
    """The (name, value) security headers of every answer, for the `[server]` settings;
    Content-Security-Policy apart (an answer may have a policy of its own)."""
    headers = [("X-Content-Type-Options", "nosniff"), ("X-Frame-Options", "DENY")]
    if server["public_url"].startswith("https://"):
        headers.append(("Strict-Transport-Security", HSTS))
    return tuple(headers)


def init_app(app):
    app.wsgi_app = Stamped(app.wsgi_app, for_server(app.config["POSTLINE"]["server"]))


class Stamped:
    """The app's WSGI callable, adding to each answer as it leaves the app the headers
    of its request (`ANSWER_HEADERS` in the WSGI environ: its id and where its key's
    limits stand, put there by postline/web/hooks.py; a 201's Location, by
    postline/web/envelopes.py) and the security headers it lacks. Added to the WSGI
    list of (name, value) rather than to the answer's werkzeug Headers, which check a
    value for line breaks when it is added, and again when they are copied for the
    server: these values are the app's own, made without any."""

    def __init__(self, wsgi_app, security_headers):
        self.wsgi_app = wsgi_app
        pairs = (*security_headers, ("Content-Security-Policy", NO_FRAMES))
        self.security = tuple((name.lower(), (name, value)) for name, value in pairs)

    def __call__(self, environ, start_response):
        def start(status, headers, exc_info=None):
            # An answer with a policy of its own (the console's pages) keeps it.
            present = {name.lower() for name, _ in headers}
            headers = headers + environ.get(ANSWER_HEADERS, [])
            headers += [pair for lowered, pair in self.security if lowered not in present]
            return start_response(status, headers, exc_info)

        return self.wsgi_app(environ, start)
