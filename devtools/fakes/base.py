"""The server every fake platform is built on (FakeServer), and how one runs as a
process of its own (`serve`).

A fake stands for a platform's servers on 127.0.0.1: a real HTTP server, answering
the platform's paths in the platform's shapes, errors included.
"""

import argparse
import json
import threading
import time
from collections import Counter, deque

import requests
from werkzeug.serving import WSGIRequestHandler, make_server
from werkzeug.wrappers import Request, Response

from devtools.fakes import pages

FORM = "application/x-www-form-urlencoded"
JSON = "application/json"
MULTIPART = "multipart/form-data"


class QuietHandler(WSGIRequestHandler):
    def log_request(self, *args, **kwargs):
        pass  # a line per request would drown a benchmark's output


# Not the platform's paths: how a benchmark reads a fake that runs in a process of its
# own. GET answers its request counts (`requests`), or its `settings()`, as JSON.
COUNTS_PATH = "/_fake/requests"
SETTINGS_PATH = "/_fake/settings"
# `received` as JSON ({post text: times received}): a fake in a process of its own
# (bench/scaleout.py) says what it was sent, to check that nothing came twice.
TEXTS_PATH = "/_fake/texts"
# The receipts a fake keeps for its received page (pages.py), the newest.
KEPT_RECEIPTS = 200


def _toml(value):
    """`value` as a TOML value in an environment variable (postline/config.py reads
    them so): a switch as true or false, as Python's str() would not write it."""
    return str(value).lower() if isinstance(value, bool) else str(value)


def answer(payload, status=200):
    return Response(json.dumps(payload), status, content_type="application/json")


def bearer(request):
    """The token of an `Authorization: Bearer <token>` header, or None (no header,
    another scheme, or an empty token)."""
    scheme, _, token = request.headers.get("Authorization", "").partition(" ")
    if scheme != "Bearer":
        return None
    return token.strip() or None


def json_object(request):
    """The request's body as a JSON object, or None: a platform that takes JSON reads
    nothing from a body sent as anything else (the Content-Type says which)."""
    if request.mimetype != JSON:
        return None
    body = request.get_json(silent=True)
    return body if isinstance(body, dict) else None


def scopes_of(text, separators=" ,"):
    """The scopes of an OAuth `scope` value, in order, whichever of `separators` joins them."""
    for separator in separators[1:]:
        text = text.replace(separator, separators[0])
    return [scope for scope in text.split(separators[0]) if scope]


def fetch_over_http(url):
    """How a platform fetches media from a public URL: (status, content type, bytes)."""
    response = requests.get(url, timeout=10)
    return response.status_code, response.headers.get("Content-Type", ""), response.content


def fetched(fetch, url):
    """`fetch(url)` as a platform sees it: (status, content type, bytes), a fetch that
    failed outright being status 0 with the failure as its body."""
    try:
        return fetch(url)
    except Exception as failure:  # noqa: BLE001 - the platform sees any failure alike
        return 0, "", str(failure).encode()


class FakeServer:
    """What every faithful fake platform (devtools/fakes/x, linkedin, meta,
    tiktok) shares: a real HTTP server on a loopback port that counts each
    request (`requests["POST /path"]`, also answered at COUNTS_PATH; `settings()` at
    SETTINGS_PATH), waits `delay` seconds before each answer, and hands it to the
    subclass's `route(request)`; issued access tokens with their expiry (`access_tokens`).
    A subclass names its `PROVIDER` and has `settings()` (its `[provider]` section), sets
    its own state, then calls this __init__, which starts serving.

    Several accounts, and what the fault drills read (devtools/fakes/registry.py):
    a subclass's `account(number)` is the platform's account number `number` (a dict
    whose id at the platform is under ACCOUNT_ID; number 0 unless a test signs in
    another); `signed_in` approves at the authorize page (`sign_in`); `hold(account)`,
    called once a request's token names its account, waits that account's
    `account_delays`; `count_received(text)`, called by each request that creates a
    post, counts it in `received` by the post's text, whatever the fake answers.

    For a person (pages.py): with `approval_page` on, the authorize URL shows a page
    whose Approve and Deny buttons decide, where `denies(args)` reads the choice; the
    posts, comments and media it was sent are listed at pages.RECEIVED_PATH.
    """

    ACCOUNT_ID = "id"
    approval_page = False

    def __init__(self, delay=0.0, port=0):
        self.delay = delay
        self.requests = Counter()
        self.access_tokens = {}
        self.signed_in = self.account(0)
        self.account_delays = {}
        self.received = Counter()
        self.receipts = deque(maxlen=KEPT_RECEIPTS)
        self._lock = threading.Lock()
        self.server = make_server("127.0.0.1", port, self.wsgi, threaded=True, request_handler=QuietHandler)
        self.server.daemon_threads = True
        self.url = f"http://127.0.0.1:{self.server.server_port}"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def env(self, **overrides):
        """Its `settings()`, with `overrides` on top, as the environment of a server or
        worker process (`POSTLINE_<PROVIDER>_<KEY>`, each a TOML value)."""
        return {
            f"POSTLINE_{self.PROVIDER.upper()}_{name.upper()}": _toml(value)
            for name, value in {**self.settings(), **overrides}.items()
        }

    def sign_in(self, number):
        """The next approvals at the authorize page are account `number`'s; its id at the platform."""
        self.signed_in = self.account(number)
        return self.signed_in[self.ACCOUNT_ID]

    def denies(self, args):
        """Whether the user declines at the authorize page: `deny`, or Deny on the approval page."""
        return self.deny or args.get(pages.APPROVAL) == "deny"

    def hold(self, account):
        """Make an API call of `account` wait its `account_delays` seconds (a slow or hung account)."""
        seconds = self.account_delays.get(account[self.ACCOUNT_ID])
        if seconds:
            time.sleep(seconds)

    def count_received(self, text):
        """Count a request that creates a post: a text received twice was sent twice."""
        with self._lock:
            self.received[text] += 1

    def expire_access_tokens(self):
        """Every access token issued so far stops working (as after `expires_in`)."""
        with self._lock:
            for token in self.access_tokens.values():
                token["expires_at"] = 0

    def close(self):
        self.server.shutdown()
        self.server.server_close()

    def wsgi(self, environ, start_response):
        request = Request(environ)
        own = self.own_page(request)
        if own is not None:
            return own(environ, start_response)
        with self._lock:
            self.requests[f"{request.method} {request.path}"] += 1
        if self.delay:
            time.sleep(self.delay)
        try:
            response = self.route(request)
            self.keep_receipt(request, response)
        finally:
            request.close()  # uploaded parts spool to temporary files
        return response(environ, start_response)

    def own_page(self, request):
        """The fake's own answer to `request` (its counts, settings, pages), or None for the platform's."""
        if request.path in (COUNTS_PATH, SETTINGS_PATH, TEXTS_PATH):
            with self._lock:
                if request.path == SETTINGS_PATH:
                    known = self.settings()
                else:
                    known = dict(self.requests if request.path == COUNTS_PATH else self.received)
            return answer(known)
        if request.path in (pages.RECEIVED_PATH, pages.RECEIPTS_PATH):
            with self._lock:
                newest_first = list(reversed(self.receipts))
            if request.path == pages.RECEIPTS_PATH:
                return pages.receipts_answer(newest_first)
            return pages.received_page(self, newest_first)
        if pages.wants_approval_page(self, request):
            return pages.approval_page(self, request)
        return None

    def keep_receipt(self, request, response):
        kept = pages.receipt(self.PROVIDER, request, response)
        if kept is not None:
            with self._lock:
                self.receipts.append(kept)


def serve(fake_class, description, options=()):
    """Run `fake_class` as a process of its own (`--port N --delay S`), printing its URL.

    `options`: further (flag, attribute, type, help) of the fake: `--flag V`, when
    given, sets the fake's `attribute` to V (e.g. a processing time, a quota)."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("--port", type=int, default=0)
    parser.add_argument("--delay", type=float, default=0.0, help="seconds every answer waits")
    parser.add_argument(
        "--approval-page",
        action="store_true",
        help="show a browser an Approve/Deny page at the authorize URL (devtools/fakes/pages.py)",
    )
    for flag, attribute, kind, text in options:
        parser.add_argument(flag, dest=attribute, type=kind, default=None, help=text)
    arguments = parser.parse_args()
    fake = fake_class(delay=arguments.delay, port=arguments.port)
    fake.approval_page = arguments.approval_page
    for _, attribute, _, _ in options:
        if getattr(arguments, attribute) is not None:
            setattr(fake, attribute, getattr(arguments, attribute))
    print(fake.url, flush=True)
    try:
        while True:
            time.sleep(3600)
    except KeyboardInterrupt:
        fake.close()


class SelfCheck:
    """The steps of a fake's self-check, run in order by `run()`, each an assertion
    about the fake's answer named for what it shows; `steps` holds those that held."""

    steps: list

    def step(self, name, check):
        check()
        self.steps.append(name)


def run_self_check(fake_class, walk_class):
    """Run `walk_class`'s self-check on a new `fake_class`; 0 when every step held, 1
    otherwise (each fake's `--self-check`)."""
    fake = fake_class()
    walk = walk_class(fake)
    try:
        walk.run()
    except AssertionError as failure:
        print(f"FAILED after {len(walk.steps)} steps: {failure}")
        return 1
    finally:
        fake.close()
    for name in walk.steps:
        print(f"ok  {name}")
    return 0
