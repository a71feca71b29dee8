"""FakeX: the fake's state, the API's routes, the profile and posts (the package's
docstring says what it is faithful to; oauth.py and media.py answer the rest)."""

import itertools
import json
import time

from werkzeug.wrappers import Response

from devtools.fakes.base import FakeServer, answer, json_object
from devtools.fakes.x.media import SUCCEEDED, Media
from devtools.fakes.x.oauth import OAuth

CLIENT_ID = "fake-x-client"
CLIENT_SECRET = "fake-x-secret"


def x_user(number=0):
    """An X user's profile; number 0 is USER, the one who approves unless told otherwise."""
    user_id = str(1460349186937327617 + number)
    suffix = f"_{number}" if number else ""
    return {
        "id": user_id,
        "name": f"Postline Fake{suffix}",
        "username": f"postline_fake{suffix}",
        "profile_image_url": f"https://pbs.twimg.com/profile_images/{user_id}/fake_normal.png",
    }


USER = x_user()
DUPLICATE = "You are not allowed to create a Tweet with duplicate content."
# Who may reply to a post (`reply_settings`); everyone when it is left out.
REPLY_SETTINGS = ("following", "mentionedUsers", "subscribers", "verified")
POLL_OPTIONS = (2, 4)
POLL_OPTION_CHARACTERS = 25
POLL_MINUTES = (5, 10080)


# What each API call needs of the token's scopes (X answers 403 without one).
NEEDS = {
    "GET /2/users/me": ("tweet.read", "users.read"),
    "POST /2/tweets": ("tweet.read", "tweet.write", "users.read"),
    "media": ("media.write",),
}


def problem(status, title, detail, type_="about:blank", headers=None):
    body = {"title": title, "detail": detail, "type": type_, "status": status}
    return Response(json.dumps(body), status, headers=headers, content_type="application/problem+json")


class FakeX(OAuth, Media, FakeServer):
    """X's API on a free loopback port. Controls (plain attributes; lists are consumed
    one entry per matching request):

    - `tweet_replies`: next answers of POST /2/tweets: "429", "usage_capped", "500",
      "503", "401", "forbidden", "hang" (creates the post, answers after `hang_seconds`);
    - `token_replies`: next answers of the token endpoint: "500", "invalid_grant";
    - `deny`: the user declines at the authorize page; `send_refresh_tokens`: False
      answers grants without a refresh token;
    - `delay`: seconds every answer waits; `access_ttl`: `expires_in` of access tokens;
    - `sign_in(n)`: user `x_user(n)` approves at the authorize page, so that one fake
      serves several connected accounts; `account_delays`: {user id: seconds} each of
      that user's API calls waits before its answer (a slow or hung account);
    - `processing_checks`: STATUS answers that still say in_progress; `processing_fails`.

    `tweets` holds each post made, with what it answers (`in_reply_to`), who may reply
    (`reply_settings`) and its `poll`; `received` counts the POST /2/tweets requests
    that reached it, by text.
    """

    PROVIDER = "x"

    def __init__(self, delay=0.0, port=0, client_id=CLIENT_ID, client_secret=CLIENT_SECRET):
        self.client_id = client_id
        self.client_secret = client_secret
        self.access_ttl = 7200
        self.deny = False
        self.send_refresh_tokens = True
        self.tweet_replies = []
        self.token_replies = []
        self.hang_seconds = 2.0
        self.rate_limit_reset = None
        self.processing_checks = 1
        self.processing_fails = False
        self.tweets = []
        self.media = {}
        self.codes = {}
        self.refresh_tokens = {}  # refresh token -> {"user", "scopes"}
        self.spent_refresh_tokens = set()
        self.revoked = []
        self._ids = itertools.count(1_800_000_000_000_000_001)
        super().__init__(delay, port)

    def settings(self):
        """The `[x]` settings that point Postline here."""
        return {
            "client_id": self.client_id,
            "client_secret": self.client_secret,
            "auth_url": f"{self.url}/i/oauth2/authorize",
            "token_url": f"{self.url}/2/oauth2/token",
            "api_base": self.url,
        }

    def account(self, number):
        """X user `x_user(number)`."""
        return x_user(number)

    def problem(self, status, title, detail, type_="about:blank", headers=None):
        """X's error answer (an RFC 7807 body), as oauth.py and media.py give it."""
        return problem(status, title, detail, type_, headers)

    # The HTTP side ---------------------------------------------------------------

    def route(self, request):
        path, method = request.path, request.method
        if path == "/i/oauth2/authorize" and method == "GET":
            return self.authorize(request)
        if path == "/2/oauth2/token" and method == "POST":
            return self.token(request)
        if path == "/2/oauth2/revoke" and method == "POST":
            return self.revoke(request)
        token = self.access_token(request)
        if token is None:
            return problem(401, "Unauthorized", "Unauthorized")
        self.hold(token["user"])
        endpoint = self.endpoint(method, path)
        if endpoint is None:
            return problem(404, "Not Found Error", f"{method} {path} is not an endpoint")
        name, handler = endpoint
        missing = [scope for scope in NEEDS[name] if scope not in token["scopes"]]
        if missing:
            detail = f"The token lacks the scope {', '.join(missing)} this call needs."
            return problem(403, "Forbidden", detail)
        return handler(request, token["user"])

    def endpoint(self, method, path):
        """(the scopes' NEEDS key, handler(request, user)) of an API call, or None."""
        if path == "/2/users/me" and method == "GET":
            return "GET /2/users/me", lambda request, user: answer({"data": user})
        if path == "/2/tweets" and method == "POST":
            return "POST /2/tweets", self.create_tweet
        if path == "/2/media/upload" and method == "POST":
            return "media", lambda request, user: self.upload_image(request)
        if path == "/2/media/upload" and method == "GET":
            return "media", lambda request, user: self.media_status(request)
        if path == "/2/media/upload/initialize" and method == "POST":
            return "media", lambda request, user: self.initialize(request)
        parts = path.split("/")
        if len(parts) == 6 and parts[:4] == ["", "2", "media", "upload"] and method == "POST":
            media_id = parts[4]
            if parts[5] == "append":
                return "media", lambda request, user: self.append(request, media_id)
            if parts[5] == "finalize":
                return "media", lambda request, user: self.finalize(request, media_id)
        return None

    def create_tweet(self, request, user):
        body = json_object(request)
        if body is None:
            return self.invalid("Requests with bodies must have content-type of application/json.")
        text = body.get("text", "")
        self.count_received(text)
        with self._lock:
            reply = self.tweet_replies.pop(0) if self.tweet_replies else None
        if reply == "429":
            reset = self.rate_limit_reset or int(time.time()) + 900
            headers = {
                "x-rate-limit-limit": "100",
                "x-rate-limit-remaining": "0",
                "x-rate-limit-reset": str(reset),
            }
            return problem(429, "Too Many Requests", "Too Many Requests", headers=headers)
        if reply == "usage_capped":
            return problem(
                429,
                "UsageCapExceeded",
                "Usage cap exceeded: Monthly product cap",
                "https://api.twitter.com/2/problems/usage-capped",
            )
        if reply in ("500", "503"):
            return problem(int(reply), "Service Unavailable", "Service Unavailable")
        if reply == "401":
            return problem(401, "Unauthorized", "Unauthorized")
        if reply == "forbidden":
            return problem(403, "Forbidden", "You are not permitted to perform this action.")
        in_reply_to = (body.get("reply") or {}).get("in_reply_to_tweet_id")
        if in_reply_to is not None and not any(tweet["id"] == in_reply_to for tweet in self.tweets):
            return problem(
                400, "Invalid Request", "The Tweet you are replying to does not exist or is not visible."
            )
        media_ids = (body.get("media") or {}).get("media_ids", [])
        refused = options_problem(body, media_ids)
        if refused:
            return problem(400, "Invalid Request", refused)
        for media_id in media_ids:
            item = self.media.get(media_id)
            if item is None or item["state"] != SUCCEEDED:
                return problem(400, "Invalid Request", f"Your media IDs are invalid: {media_id}")
        with self._lock:
            if any(
                tweet["text"] == text and tweet["author_id"] == user["id"] and text for tweet in self.tweets
            ):
                return problem(403, "Forbidden", DUPLICATE)
            tweet = {
                "id": str(next(self._ids)),
                "text": text,
                "media_ids": media_ids,
                "author_id": user["id"],
                "in_reply_to": in_reply_to,
                "reply_settings": body.get("reply_settings"),
                "poll": body.get("poll"),
            }
            self.tweets.append(tweet)
        if reply == "hang":
            time.sleep(self.hang_seconds)
        return answer({"data": {"id": tweet["id"], "text": text}}, 201)


def options_problem(body, media_ids):
    """What X refuses of a post's `reply_settings` and `poll` (a poll takes 2 to 4 options
    of 1 to 25 characters, lasts 5 to 10,080 minutes, and goes without media), or None."""
    settings = body.get("reply_settings")
    if settings is not None and settings not in REPLY_SETTINGS:
        return f"reply_settings must be one of {', '.join(REPLY_SETTINGS)}"
    poll = body.get("poll")
    if poll is None:
        return None
    options = poll.get("options") if isinstance(poll, dict) else None
    minutes = poll.get("duration_minutes") if isinstance(poll, dict) else None
    if not isinstance(options, list) or not POLL_OPTIONS[0] <= len(options) <= POLL_OPTIONS[1]:
        return "poll.options must hold 2 to 4 options"
    if any(not isinstance(text, str) or not 1 <= len(text) <= POLL_OPTION_CHARACTERS for text in options):
        return "Each poll option has 1 to 25 characters"
    if not isinstance(minutes, int) or not POLL_MINUTES[0] <= minutes <= POLL_MINUTES[1]:
        return "poll.duration_minutes must be from 5 to 10080"
    if media_ids:
        return "A Tweet with a poll cannot have media: poll and media are mutually exclusive"
    return None
