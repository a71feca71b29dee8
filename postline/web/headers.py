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


def for_server(server):
    """The (name, value) security headers of every answer, for the `[server]` settings;
    Content-Security-Policy apart (an answer may have a policy of its own)."""
    headers = [("X-Content-Type-Options", "nosniff"), ("X-Frame-Options", "DENY")]
    if server["public_url"].startswith("https://"):
        headers.append(("Strict-Transport-Security", HSTS))
    return tuple(headers)


def init_app(app):
    app.after_request(protector(for_server(app.config["POSTLINE"]["server"])))


def protector(security_headers):
    """The after-request hook that adds `security_headers` and the frame policy to an
    answer lacking them. A plain function, not a partial: Flask asks of every hook
    whether it is a coroutine, and answers a partial only through `inspect`."""
    wanted = (*security_headers, ("Content-Security-Policy", NO_FRAMES))

    def protect(response):
        headers = response.headers
        # One look through the answer's headers (each setdefault() was one).
        present = {name.lower() for name in headers.keys()}
        headers.extend([(name, value) for name, value in wanted if name.lower() not in present])
        return response

    return protect
