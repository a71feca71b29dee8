"""Security headers on every answer: the API's, the console's, /docs, /openapi.json,
the signed media URLs, errors included (docs/security.md, Security headers).

- `X-Content-Type-Options: nosniff`: a browser takes each answer as its Content-Type
  says, never guesses (a JSON error or a media file read as HTML);
- `X-Frame-Options: DENY` and `Content-Security-Policy: frame-ancestors 'none'`: no
  page of Postline's is shown in another site's frame (clickjacking). An answer with
  a policy of its own (the console's) keeps it; the console's forbids frames too;
- `Strict-Transport-Security` when `[server] public_url` is https: browsers come back
  over https only, for a year.
"""

from flask import current_app

HSTS = "max-age=31536000"
NO_FRAMES = "frame-ancestors 'none'"


def init_app(app):
    secure = app.config["POSTLINE"]["server"]["public_url"].startswith("https://")
    headers = [("X-Content-Type-Options", "nosniff"), ("X-Frame-Options", "DENY")]
    if secure:
        headers.append(("Strict-Transport-Security", HSTS))
    app.extensions["postline.security_headers"] = tuple(headers)
    app.after_request(protect)


def protect(response):
    headers = response.headers
    for name, value in current_app.extensions["postline.security_headers"]:
        headers.setdefault(name, value)
    headers.setdefault("Content-Security-Policy", NO_FRAMES)
    return response
