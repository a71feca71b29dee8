"""FakeMastodon: the fake's state, its accounts, and where each request goes, with what
each API call needs (a user's Bearer token, its scopes, the rate limits); oauth.py
answers apps and OAuth, statuses.py the rest (the package's docstring says what it is
faithful to)."""

import re
import threading
import time
from collections import defaultdict

from devtools.fakes.base import FakeServer, answer
from devtools.fakes.mastodon.oauth import OAuth
from devtools.fakes.mastodon.statuses import Statuses

MB = 1024 * 1024
# Mastodon's defaults (an admin changes them; forks raise max_characters).
LIMITS = {
    "max_characters": 500,
    "max_media_attachments": 4,
    "image_size_limit": 16 * MB,
    "video_size_limit": 99 * MB,
    "supported_mime_types": [
        "image/jpeg",
        "image/png",
        "image/gif",
        "image/webp",
        "video/mp4",
        "video/quicktime",
        "video/webm",
        "audio/mpeg",
    ],
}
# (requests, seconds) a token may make, and uploads an account may make (Mastodon's
# defaults: 300 every 5 minutes; 30 media every 30 minutes).
RATE_LIMIT = (300, 300)
MEDIA_RATE_LIMIT = (30, 1800)
# What each API call needs of the token's scopes: any one of them.
NEEDS = {
    "verify_credentials": ("profile", "read:accounts", "read"),
    "media": ("write:media", "write"),
    "statuses": ("write:statuses", "write"),
    "read_status": ("read:statuses", "read", "write:statuses"),
}
MEDIA_PATH = re.compile(r"/api/v1/media/(\d+)")
STATUS_PATH = re.compile(r"/api/v1/statuses/(\d+)")


def mastodon_account(number=0):
    """Account `number` on the fake instance; number 0 approves unless told otherwise."""
    suffix = f"_{number}" if number else ""
    return {
        "id": str(109_000_000_000_000_001 + number),
        "username": f"postline_fake{suffix}",
        "display_name": f"Postline Fake{suffix.replace('_', ' ')}",
        "avatar": f"https://files.mastodon.test/accounts/avatars/fake{suffix}.png",
    }


ACCOUNT = mastodon_account()


class FakeMastodon(OAuth, Statuses, FakeServer):
    """A Mastodon instance on a free loopback port. Controls (plain attributes; lists are
    consumed one entry per matching request):

    - `version`: what the instance runs ("4.3.0"; "4.2.0" has no PKCE, no `profile`
      scope and no /.well-known/oauth-authorization-server; "3.5.0" no /api/v2/instance);
    - `limits`: its LIMITS (characters, media count, sizes, types);
    - `status_replies`: next answers of POST /api/v1/statuses: "500", "502", "503",
      "504", "429", "401", "scope" (403 outside the scopes), "disabled" (403 login
      disabled), "not_processed", "422", "hang" (makes the status, answers after
      `hang_seconds`); `media_replies` ("500", "503"); `token_replies` ("500",
      "invalid_grant"); `app_replies` ("500", "503");
    - `deny`: the user declines at the authorize page; `vacuum()`: the instance forgets
      every app (as instances before 4.3 did with unused ones);
    - `processing_checks`: GET /api/v1/media/:id answers of 206 before a video, audio
      or GIF is processed; `processing_fails`: it then fails (422);
    - `rate_limit`, `media_rate_limit`: (requests, seconds) per token and uploads per
      account (Mastodon's defaults: 300 a 5 minutes, 30 a 30 minutes), each 429 with
      X-RateLimit-Reset as an ISO 8601 time (`rate_limit_reset`, epoch seconds, for
      the injected "429"); `delay`; `sign_in(n)`: account
      `mastodon_account(n)` approves; `account_delays`: {account id: seconds}.

    `statuses` holds each status made (its text, `in_reply_to_id`, `visibility`,
    `spoiler_text`, `media_ids`, `idempotency_key`), `media` each upload, `apps` each
    registered app, `revoked` each revoked token; `received` counts the POST
    /api/v1/statuses requests that reached it, by text.
    """

    PROVIDER = "mastodon"
    AUTHORIZE_PATH = "/oauth/authorize"

    def __init__(self, delay=0.0, port=0):
        self.version = "4.3.0"
        self.limits = {**LIMITS, "supported_mime_types": list(LIMITS["supported_mime_types"])}
        self.deny = False
        self.status_replies = []
        self.media_replies = []
        self.token_replies = []
        self.app_replies = []
        self.hang_seconds = 2.0
        self.processing_checks = 1
        self.processing_fails = False
        self.rate_limit = RATE_LIMIT
        self.rate_limit_reset = None
        self.media_rate_limit = MEDIA_RATE_LIMIT
        self.apps = {}
        self.codes = {}
        self.media = {}
        self.statuses = []
        self.idempotency = {}
        self.revoked = []
        self._windows = defaultdict(list)
        self._windows_lock = threading.Lock()
        super().__init__(delay, port)
        # Mastodon writes the URLs of statuses with https:// and its own domain, however
        # its API was reached.
        self.web_url = self.url.replace("http://", "https://", 1)

    def settings(self):
        """The `[mastodon]` settings that point Postline here: this instance as the one
        to connect when a request names none, reachable although it is on 127.0.0.1."""
        return {"instance": self.url, "allow_private_instances": True, "status_interval": 1}

    def account(self, number):
        """Account `mastodon_account(number)`."""
        return mastodon_account(number)

    def next_reply(self, replies):
        with self._lock:
            return replies.pop(0) if replies else None

    # The HTTP side ---------------------------------------------------------------

    def route(self, request):
        path, method = request.path, request.method
        public = {
            ("GET", "/.well-known/oauth-authorization-server"): self.metadata,
            ("POST", "/api/v1/apps"): self.register_app,
            ("GET", "/oauth/authorize"): self.authorize,
            ("POST", "/oauth/token"): self.token,
            ("POST", "/oauth/revoke"): self.revoke,
            ("GET", "/api/v2/instance"): lambda request: self.instance_answer(request, 2),
            ("GET", "/api/v1/instance"): lambda request: self.instance_answer(request, 1),
        }
        if (method, path) in public:
            return public[(method, path)](request)
        endpoint = self.endpoint(method, path)
        if endpoint is None:
            return answer({"error": "Record not found"}, 404)
        need, handler = endpoint
        token, refusal = self.token_of(request)
        if refusal is not None:
            return refusal
        if not any(scope in token["scopes"] for scope in NEEDS[need]):
            return answer({"error": "This action is outside the authorized scopes"}, 403)
        if token["user"] is None:
            return answer({"error": "This method requires an authenticated user"}, 422)
        self.hold(token["user"])
        limited = self.limited(request, token, need)
        if limited is not None:
            return limited
        response = handler(request, token)
        for name, value in self.rate_headers(request).items():
            response.headers.setdefault(name, value)  # an injected 429 says its own
        return response

    def endpoint(self, method, path):
        """(the scopes' NEEDS key, handler(request, token)) of an API call, or None."""
        if (method, path) == ("GET", "/api/v1/accounts/verify_credentials"):
            return "verify_credentials", self.verify_credentials
        if (method, path) == ("POST", "/api/v2/media"):
            return "media", self.upload
        if (method, path) == ("POST", "/api/v1/statuses"):
            return "statuses", self.create_status
        if method == "GET" and (found := MEDIA_PATH.fullmatch(path)):
            return "media", lambda request, token: self.media_status(request, token, found.group(1))
        if method == "GET" and (found := STATUS_PATH.fullmatch(path)):
            return "read_status", lambda request, token: self.get_status(request, token, found.group(1))
        return None

    # Rate limits ----------------------------------------------------------------

    def limited(self, request, token, need):
        """The 429 of a request over a rate limit (per token; uploads per account), or None."""
        now = time.time()
        keys = [("token", request.headers["Authorization"], self.rate_limit)]
        if need == "media" and request.method == "POST":
            keys.append(("media", token["user"]["id"], self.media_rate_limit))
        with self._windows_lock:
            for name, owner, (allowed, seconds) in keys:
                window = [at for at in self._windows[(name, owner)] if at > now - seconds]
                self._windows[(name, owner)] = window
                if len(window) >= allowed:
                    return self.too_many(window[0] + seconds, allowed)
            for name, owner, _ in keys:
                self._windows[(name, owner)].append(now)
        return None

    def rate_headers(self, request):
        allowed, seconds = self.rate_limit
        with self._windows_lock:
            window = self._windows.get(("token", request.headers.get("Authorization")), [])
            reset = (window[0] if window else time.time()) + seconds
        return {
            "X-RateLimit-Limit": str(allowed),
            "X-RateLimit-Remaining": str(max(0, allowed - len(window))),
            "X-RateLimit-Reset": iso(reset),
        }

    def too_many(self, reset_at=None, allowed=None):
        response = answer({"error": "Too many requests"}, 429)
        response.headers.update(
            {
                "X-RateLimit-Limit": str(allowed or self.rate_limit[0]),
                "X-RateLimit-Remaining": "0",
                "X-RateLimit-Reset": iso(reset_at or self.rate_limit_reset or time.time() + 300),
            }
        )
        return response


def iso(seconds):
    """An ISO 8601 time, as Mastodon writes X-RateLimit-Reset."""
    return time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(seconds)) + f".{int(seconds % 1 * 1000):03d}Z"
