"""FakeTikTok: the fake's state, the API's routes with what each call needs (a Bearer
access token, its scopes, a JSON body, the per-token rate limits), the profile and
the creator's limits (the package's docstring says what it is faithful to; oauth.py
and posting.py answer the rest)."""

import itertools
import time
from collections import deque

from devtools.fakes.base import JSON, FakeServer, fetch_over_http
from devtools.fakes.tiktok.errors import envelope, invalid, refusal
from devtools.fakes.tiktok.oauth import OAuth
from devtools.fakes.tiktok.posting import MB, Posting

CLIENT_KEY = "fake-tiktok-client-key"
CLIENT_SECRET = "fake-tiktok-secret"


def tiktok_user(number=0):
    """A TikTok user's profile and username; number 0 is USER, the one who approves
    unless told otherwise."""
    suffix = f"_{number}" if number else ""
    return {
        "open_id": f"-000OqYf2yH6aDAMtHuYbbjVPIX5gRXuDZ-a{suffix}",
        "avatar_url": f"https://p16-sign.tiktokcdn-us.com/tos-useast5-avt-0068-tx/fake{suffix}.jpeg",
        "display_name": f"Postline Fake{suffix.replace('_', ' ')}",
        "username": f"postline_fake{suffix}",
    }


USER = tiktok_user()
PRIVACY_LEVELS = ["PUBLIC_TO_EVERYONE", "MUTUAL_FOLLOW_FRIENDS", "FOLLOWER_OF_CREATOR", "SELF_ONLY"]
# Per token and minute (TikTok's documented limits).
RATE_LIMITS = {"/v2/post/publish/video/init/": 6, "/v2/post/publish/status/fetch/": 30}
# The profile's fields by the scope they need; any other is not a field.
PROFILE_FIELDS = {
    "open_id": "user.info.basic",
    "union_id": "user.info.basic",
    "avatar_url": "user.info.basic",
    "display_name": "user.info.basic",
    "username": "user.info.profile",
    "bio_description": "user.info.profile",
}
# What each publishing call needs of the token's scopes (any one of them).
NEEDS = {
    "/v2/post/publish/creator_info/query/": ("video.publish",),
    "/v2/post/publish/video/init/": ("video.publish",),
    "/v2/post/publish/content/init/": ("video.publish",),
    "/v2/post/publish/status/fetch/": ("video.publish", "video.upload"),
}
# Where the app serves the media TikTok pulls, verified as the app's (TikTok's URL
# ownership verification): the loopback origins of a local Postline.
VERIFIED_URL_PREFIXES = ("http://127.0.0.1:", "http://localhost:")


class FakeTikTok(OAuth, Posting, FakeServer):
    """TikTok's API on a free loopback port. Controls (plain attributes; lists are
    consumed one entry per matching request):

    - `creator_replies`, `init_replies` (video/init and content/init), `upload_replies`
      (chunk PUTs), `status_replies`: next answers, each a key of errors.INJECTED, or "hang"
      (for init and upload: TikTok takes the request, then answers after `hang_seconds`);
    - `token_replies`: next answers of the token endpoint: "500", "invalid_grant";
    - `deny`: the user declines at the authorize page;
    - `delay`: seconds every answer waits; `access_ttl`, `refresh_ttl`: lifetimes granted;
    - `privacy_options`, `max_duration`: what creator_info answers;
    - `processing_checks`: status answers that still say PROCESSING_*;
      `processing_seconds`, when set instead: every publish processes that long after
      its init; `fail_reason`: the next publishes end FAILED with it (HTTP 200, as
      TikTok does);
    - `rate_limits`: calls a token may make a minute, by path (TikTok's RATE_LIMITS);
    - `min_chunk`: FILE_UPLOAD's smallest chunk (TikTok's 5 MB; the other rules hold);
    - `verified_url_prefixes`: where PULL_FROM_URL may pull from (VERIFIED_URL_PREFIXES);
      `fetch(url) -> (status, content type, bytes)`: how TikTok downloads (over HTTP; a
      test hands it the app's test client, tests/support/client.py fetch_through);
    - `sign_in(n)`: user `tiktok_user(n)` approves the next authorizations;
      `account_delays`: {open_id: seconds} each of that user's API calls waits.

    It counts what it received: `requests` per method and path, `posts` published (each
    with the account's `open_id`), `pulls` (URLs TikTok was asked to fetch; what each
    download got is in its publish's `pulled`), and
    `received`: the inits that start a publish (video/init, content/init), by their
    title or description.
    """

    PROVIDER = "tiktok"
    ACCOUNT_ID = "open_id"

    def __init__(self, delay=0.0, port=0):
        self.client_key = CLIENT_KEY
        self.client_secret = CLIENT_SECRET
        self.access_ttl = 86400
        self.refresh_ttl = 31536000
        self.deny = False
        self.creator_replies = []
        self.init_replies = []
        self.upload_replies = []
        self.status_replies = []
        self.token_replies = []
        self.hang_seconds = 2.0
        self.privacy_options = list(PRIVACY_LEVELS)
        self.max_duration = 600
        self.processing_checks = 1
        self.processing_seconds = None
        self.rate_limits = dict(RATE_LIMITS)
        self.fail_reason = None
        self.min_chunk = 5 * MB
        self.verified_url_prefixes = list(VERIFIED_URL_PREFIXES)
        self.fetch = fetch_over_http
        self.posts = []
        self.pulls = []
        self.publishes = {}
        self.codes = {}
        self.refresh_tokens = {}
        self.spent_refresh_tokens = set()
        self.revoked = []
        self.calls = {}
        self._ids = itertools.count(7_300_000_000_000_000_001)
        super().__init__(delay, port)

    def settings(self, **overrides):
        """The `[tiktok]` settings that point Postline here."""
        return {
            "client_id": self.client_key,
            "client_secret": self.client_secret,
            "auth_url": f"{self.url}/v2/auth/authorize/",
            "token_url": f"{self.url}/v2/oauth/token/",
            "api_base": self.url,
            "video_source": "FILE_UPLOAD",
            "chunk_bytes": 10 * MB,
            "privacy_levels": list(PRIVACY_LEVELS),
            "status_interval": 10,
            **overrides,
        }

    def account(self, number):
        """User `tiktok_user(number)`."""
        return tiktok_user(number)

    def posts_of(self, open_id=USER["open_id"]):
        return [post for post in self.posts if post["open_id"] == open_id]

    # The HTTP side ---------------------------------------------------------------

    def route(self, request):
        path, method = request.path, request.method
        if path == "/v2/auth/authorize/" and method == "GET":
            return self.authorize(request)
        if path == "/v2/oauth/token/" and method == "POST":
            return self.token(request)
        if path == "/v2/oauth/revoke/" and method == "POST":
            return self.revoke(request)
        if path == "/upload/" and method == "PUT":
            return self.upload(request)
        bearer = self.access_token(request)
        if bearer is None:
            return refusal("401")
        token, grant = bearer
        self.hold(grant["user"])
        if path == "/v2/user/info/" and method == "GET":
            return self.user_info(request, grant)
        if method != "POST" or path not in NEEDS:
            return invalid(f"{method} {path} is not an endpoint", 404)
        if not any(scope in grant["scopes"] for scope in NEEDS[path]):
            return refusal("scope")
        if path in self.rate_limits and not self.admit(token, path):
            return refusal("rate_limit")
        if request.mimetype != JSON:
            return invalid("Content-Type must be application/json; charset=UTF-8.")
        body = request.get_json(silent=True)
        if not isinstance(body, dict):
            return invalid("The request body is not a JSON object.")
        handlers = {
            "/v2/post/publish/creator_info/query/": self.creator_info,
            "/v2/post/publish/video/init/": self.video_init,
            "/v2/post/publish/content/init/": self.content_init,
            "/v2/post/publish/status/fetch/": self.status_fetch,
        }
        return handlers[path](body, grant["user"])

    def user_info(self, request, grant):
        """The profile's fields asked for (`fields`), each needing its scope."""
        fields = [name for name in request.args.get("fields", "").split(",") if name]
        unknown = [name for name in fields if name not in PROFILE_FIELDS]
        if not fields or unknown:
            return invalid(f"fields: {', '.join(unknown) or 'none'} asked")
        if any(PROFILE_FIELDS[name] not in grant["scopes"] for name in fields):
            return refusal("scope")
        user = grant["user"]
        return envelope({"user": {name: user.get(name, "") for name in fields}})

    def admit(self, token, path):
        """Whether `token` may call `path` again within its limit per minute."""
        now = time.monotonic()
        with self._lock:
            calls = self.calls.setdefault((token, path), deque())
            while calls and calls[0] <= now - 60:
                calls.popleft()
            if len(calls) >= self.rate_limits[path]:
                return False
            calls.append(now)
            return True

    def next_reply(self, replies):
        with self._lock:
            return replies.pop(0) if replies else None

    def creator_info(self, body, user):
        reply = self.next_reply(self.creator_replies)
        if reply:
            return refusal(reply)
        return envelope(
            {
                "creator_avatar_url": user["avatar_url"],
                "creator_username": user["username"],
                "creator_nickname": user["display_name"],
                "privacy_level_options": self.privacy_options,
                "comment_disabled": False,
                "duet_disabled": False,
                "stitch_disabled": True,
                "max_video_post_duration_sec": self.max_duration,
            }
        )


def status_limit(calls):
    """`--status-limit N`: status/fetch calls a token may make a minute."""
    return {**RATE_LIMITS, "/v2/post/publish/status/fetch/": int(calls)}
