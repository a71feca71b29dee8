"""What happens around every request: request id, connection, authentication,
rate limit (and usage), permission and body type, in that order, before the view
runs; afterwards, the request id and rate-limit headers.
"""

import logging
import re
import secrets
import time

from flask import current_app, g, request

from postline import db, logs, metrics
from postline.accounts import keys
from postline.errors import Forbidden
from postline.jobs import heartbeat
from postline.limits import limiter, usage
from postline.web import legacy, limits
from postline.web.api import auth_rules
from postline.web.body import storable_text
from postline.web.errors import ApiError

SANE_REQUEST_ID = re.compile(r"[A-Za-z0-9._:-]{1,128}")
BODY_METHODS = {"POST", "PUT", "PATCH", "DELETE"}
# Asked for every few seconds by monitors: logged at DEBUG, not INFO.
QUIET_PATHS = {"/healthz", "/metrics"}

access_log = logging.getLogger("postline.access")


def init_app(app):
    app.extensions["postline.auth_rules"] = auth_rules(app)
    # Health answers from a heartbeat read at most a second ago (postline/jobs/heartbeat.py).
    app.extensions["postline.last_seen"] = heartbeat.LastSeen()
    app.before_request(before_request)
    app.after_request(after_request)


def before_request():
    g.started = time.perf_counter()
    incoming = request.headers.get("X-Request-Id", "")
    g.request_id = incoming if SANE_REQUEST_ID.fullmatch(incoming) else f"req_{secrets.token_hex(12)}"
    method = "GET" if request.method == "HEAD" else request.method
    known = current_app.extensions["postline.auth_rules"].get((request.endpoint, method))
    if known is None:
        return  # unknown paths, 405s and the service's own pages answer without a key
    db.check_out()
    rule, g.endpoint = known
    if rule.keyless:
        return
    if legacy.serves(g.endpoint):
        g.api_key = legacy.authenticate(rule)  # a console session in place of a key
    else:
        g.api_key = keys.authenticate(request.headers.get("Authorization"))
    if request.view_args and not all(storable_text(value) for value in request.view_args.values()):
        raise ApiError.from_status(404)  # no id holds such characters
    if not g.get("legacy"):
        g.rate_limit = limits.admit(g.api_key, g.endpoint)  # None when limits are off
    usage.count(g.api_key.account_id, g.api_key.mode, endpoint=g.endpoint, requests=1)
    if rule.permission and rule.permission not in g.api_key.permissions:
        needed = f"requires {rule.permission}"
        raise Forbidden(f"This API key lacks a permission: {needed}.", detail=needed)
    _check_body_type(rule)


def _check_body_type(rule):
    has_body = bool(request.content_length) or "chunked" in request.headers.get("Transfer-Encoding", "")
    if request.method in BODY_METHODS and has_body and request.mimetype not in rule.content_types:
        raise ApiError.from_status(
            415, f"Send the body as {' or '.join(rule.content_types)} (got '{request.mimetype or 'none'}')."
        )


def after_request(response):
    response.headers["X-Request-Id"] = g.get("request_id", "")
    if g.get("rate_limit") is not None:
        response.headers.update(limiter.headers(g.rate_limit))
    _log_access(response)
    if metrics.enabled():
        route = request.url_rule.rule if request.url_rule else "unmatched"
        metrics.request_answered(request.method, route, response.status_code, time.perf_counter() - g.started)
    return response


def _log_access(response):
    key = g.get("api_key")
    logs.event(
        access_log,
        f"{request.method} {request.path} {response.status_code}",
        logging.DEBUG if request.path in QUIET_PATHS else logging.INFO,
        method=request.method,
        path=request.path,
        status=response.status_code,
        duration_ms=round((time.perf_counter() - g.get("started", time.perf_counter())) * 1000, 1),
        request_id=g.get("request_id"),
        key_id=key.id if key is not None else None,
    )
