"""What happens around every request: request id, connection, authentication,
rate limit (and usage), permission and body type, in that order, before the view
runs; afterwards, the access line. The request id and rate-limit headers go with the
answer, whatever it is, as it leaves the app (postline/web/headers.py). The request
id, and then the key (or console user) that asks, are bound to every log event the
request makes (postline/logs.py).
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
from postline.web import clients, headers, legacy, limits
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
    # Read at start, so a malformed [server] trusted_proxies stops the app, not a request.
    app.extensions["postline.trusted_proxies"] = clients.trusted_networks(
        app.config["POSTLINE"]["server"]["trusted_proxies"]
    )
    # Health answers from a heartbeat read at most a second ago (postline/jobs/heartbeat.py).
    app.extensions["postline.last_seen"] = heartbeat.LastSeen()
    app.before_request(before_request)
    app.after_request(after_request)
    app.teardown_request(_end_log_context)
    headers.init_app(app)


def before_request():
    # Each use of `request`, `g` or `current_app` costs a context lookup: on the hooks
    # every request runs, they are looked up once (about 7% of GET /v1/health).
    req, state, app = (
        request._get_current_object(),
        g._get_current_object(),
        current_app._get_current_object(),
    )
    state.started = time.perf_counter()
    incoming = req.headers.get("X-Request-Id", "")
    state.request_id = incoming if SANE_REQUEST_ID.fullmatch(incoming) else f"req_{secrets.token_hex(12)}"
    # Added to the answer, whatever it is, as it leaves the app (postline/web/headers.py).
    answer_headers = req.environ[headers.ANSWER_HEADERS] = [("X-Request-Id", state.request_id)]
    logs.begin(request_id=state.request_id)
    method = "GET" if req.method == "HEAD" else req.method
    known = app.extensions["postline.auth_rules"].get((req.endpoint, method))
    if known is None:
        return  # unknown paths, 405s and the service's own pages answer without a key
    db.check_out()
    rule, state.endpoint = known
    if rule.keyless:
        return
    if legacy.serves(state.endpoint):
        state.api_key = legacy.authenticate(rule)  # a console session in place of a key
    else:
        state.api_key = keys.authenticate(req.headers.get("Authorization"))
    key = state.api_key
    logs.bind(**logs.actor(key))
    if req.view_args and not all(storable_text(value) for value in req.view_args.values()):
        raise ApiError.from_status(404)  # no id holds such characters
    if not state.get("legacy"):
        standing = limits.admit(key, state.endpoint)  # None when limits are off
        if standing is not None:
            # (A 429's come with its error, made in errors.py: admit() raised it.)
            answer_headers += limiter.headers(standing).items()
    usage.count(key.account_id, key.mode, endpoint=state.endpoint, requests=1)
    if rule.permission and rule.permission not in key.permissions:
        needed = f"requires {rule.permission}"
        raise Forbidden(f"This API key lacks a permission: {needed}.", detail=needed)
    _check_body_type(req, rule)


def _check_body_type(req, rule):
    if req.method not in BODY_METHODS:
        return
    has_body = bool(req.content_length) or "chunked" in req.headers.get("Transfer-Encoding", "")
    if has_body and req.mimetype not in rule.content_types:
        raise ApiError.from_status(
            415, f"Send the body as {' or '.join(rule.content_types)} (got '{req.mimetype or 'none'}')."
        )


def after_request(response):
    req, state = request._get_current_object(), g._get_current_object()
    _log_access(req, state, response)
    if metrics.enabled():
        route = req.url_rule.rule if req.url_rule else "unmatched"
        metrics.request_answered(req.method, route, response.status_code, time.perf_counter() - state.started)
    return response


def _log_access(req, state, response):
    path = req.path
    level = logging.DEBUG if path in QUIET_PATHS else logging.INFO
    if not access_log.isEnabledFor(level):
        return  # spare building the fields (server.log_level above INFO)
    started = state.get("started")
    duration_ms = 0.0 if started is None else round((time.perf_counter() - started) * 1000, 1)
    # Who asked (`key_id`, or the console's `user_id`) is bound to the log context.
    logs.access(
        access_log, level, req.method, path, response.status_code, duration_ms, state.get("request_id")
    )


def _end_log_context(_error):
    logs.end()  # what this thread logs next is no part of this request
