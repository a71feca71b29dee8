"""FakeX: the fake's state and the API calls it answers (the package's docstring
says what it is faithful to)."""

import base64
import hashlib
import itertools
import json
import secrets
import time
from urllib.parse import urlencode

from werkzeug.wrappers import Response

from devtools.fakes.base import FakeServer, answer

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
PENDING, IN_PROGRESS, SUCCEEDED, FAILED = "pending", "in_progress", "succeeded", "failed"


def problem(status, title, detail, type_="about:blank", headers=None):
    body = {"title": title, "detail": detail, "type": type_, "status": status}
    return Response(json.dumps(body), status, headers=headers, content_type="application/problem+json")


class FakeX(FakeServer):
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

    `received` counts the POST /2/tweets requests that reached it, by text.
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
        self.refresh_tokens = {}  # refresh token -> the user it acts for
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

    # The HTTP side ---------------------------------------------------------------

    def route(self, request):
        path, method = request.path, request.method
        if path == "/i/oauth2/authorize" and method == "GET":
            return self.authorize(request)
        if path == "/2/oauth2/token" and method == "POST":
            return self.token(request)
        if path == "/2/oauth2/revoke" and method == "POST":
            return self.revoke(request)
        user = self.bearer(request)
        if user is None:
            return problem(401, "Unauthorized", "Unauthorized")
        self.hold(user)
        if path == "/2/users/me" and method == "GET":
            return answer({"data": user})
        if path == "/2/tweets" and method == "POST":
            return self.create_tweet(request, user)
        if path == "/2/media/upload" and method == "POST":
            return self.upload_image(request)
        if path == "/2/media/upload" and method == "GET":
            return self.media_status(request)
        if path == "/2/media/upload/initialize" and method == "POST":
            return self.initialize(request)
        parts = path.split("/")
        if len(parts) == 6 and parts[:4] == ["", "2", "media", "upload"] and method == "POST":
            if parts[5] == "append":
                return self.append(request, parts[4])
            if parts[5] == "finalize":
                return self.finalize(parts[4])
        return problem(404, "Not Found Error", f"{method} {path} is not an endpoint")

    def authorize(self, request):
        args = request.args
        required = ("response_type", "client_id", "redirect_uri", "scope", "state", "code_challenge")
        if any(not args.get(name) for name in required) or args.get("code_challenge_method") != "S256":
            return Response("Something went wrong: missing or wrong parameters", 400)
        if args["client_id"] != self.client_id or args["response_type"] != "code":
            return Response("Something went wrong: unknown client", 400)
        if self.deny:
            query = {"error": "access_denied", "state": args["state"]}
        else:
            code = secrets.token_urlsafe(24)
            self.codes[code] = {
                "challenge": args["code_challenge"],
                "redirect_uri": args["redirect_uri"],
                "scope": args["scope"],
                "user": self.signed_in,
            }
            query = {"state": args["state"], "code": code}
        return Response(status=302, headers={"Location": f"{args['redirect_uri']}?{urlencode(query)}"})

    def token(self, request):
        if not self.client_authenticated(request):
            return answer(
                {"error": "unauthorized_client", "error_description": "Missing valid authorization header"},
                401,
            )
        form = request.form
        with self._lock:
            reply = self.token_replies.pop(0) if self.token_replies else None
        if reply == "500":
            return problem(500, "Internal Server Error", "Something went wrong")
        if reply == "invalid_grant":
            return answer({"error": "invalid_grant", "error_description": "The grant was revoked"}, 400)
        if form.get("grant_type") == "authorization_code":
            grant = self.codes.pop(form.get("code", ""), None)
            verifier = form.get("code_verifier", "")
            challenge = (
                base64.urlsafe_b64encode(hashlib.sha256(verifier.encode()).digest()).rstrip(b"=").decode()
            )
            if (
                grant is None
                or grant["redirect_uri"] != form.get("redirect_uri")
                or grant["challenge"] != challenge
            ):
                return answer(
                    {
                        "error": "invalid_request",
                        "error_description": "Value passed for the authorization code was invalid.",
                    },
                    400,
                )
            return answer(self.issue(grant["scope"], grant["user"]))
        if form.get("grant_type") == "refresh_token":
            presented = form.get("refresh_token", "")
            with self._lock:
                user = self.refresh_tokens.pop(presented, None)
                if user is not None:
                    self.spent_refresh_tokens.add(presented)
            if user is None:
                return answer(
                    {
                        "error": "invalid_request",
                        "error_description": "Value passed for the token was invalid.",
                    },
                    400,
                )
            return answer(self.issue("tweet.read tweet.write users.read offline.access media.write", user))
        return answer({"error": "unsupported_grant_type", "error_description": "Unsupported grant type"}, 400)

    def client_authenticated(self, request):
        if not self.client_secret:
            return request.form.get("client_id") == self.client_id
        expected = base64.b64encode(f"{self.client_id}:{self.client_secret}".encode()).decode()
        return request.headers.get("Authorization") == f"Basic {expected}"

    def issue(self, scope, user):
        access, refresh = secrets.token_urlsafe(32), secrets.token_urlsafe(32)
        with self._lock:
            self.access_tokens[access] = {"expires_at": time.time() + self.access_ttl, "user": user}
            if "offline.access" in scope.split() and self.send_refresh_tokens:
                self.refresh_tokens[refresh] = user
        body = {"token_type": "bearer", "expires_in": self.access_ttl, "access_token": access, "scope": scope}
        if "offline.access" in scope.split() and self.send_refresh_tokens:
            body["refresh_token"] = refresh
        return body

    def revoke(self, request):
        if not self.client_authenticated(request):
            return answer({"error": "unauthorized_client"}, 401)
        token = request.form.get("token", "")
        with self._lock:
            self.revoked.append(token)
            self.refresh_tokens.pop(token, None)
            self.access_tokens.pop(token, None)
        return answer({"revoked": True})

    def bearer(self, request):
        header = request.headers.get("Authorization", "")
        token = self.access_tokens.get(header.removeprefix("Bearer "))
        if not header.startswith("Bearer ") or token is None or token["expires_at"] <= time.time():
            return None
        return token["user"]

    def create_tweet(self, request, user):
        try:
            body = json.loads(request.get_data())
        except ValueError:
            return problem(400, "Invalid Request", "One or more parameters to your request was invalid.")
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
        media_ids = (body.get("media") or {}).get("media_ids", [])
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
            }
            self.tweets.append(tweet)
        if reply == "hang":
            time.sleep(self.hang_seconds)
        return answer({"data": {"id": tweet["id"], "text": text}}, 201)

    def upload_image(self, request):
        file = request.files.get("media")
        if file is None or request.form.get("media_category") != "tweet_image":
            return problem(400, "Invalid Request", "One or more parameters to your request was invalid.")
        data = file.read()
        media_id = self.new_media(len(data), SUCCEEDED, data)
        return answer(
            {
                "data": {
                    "id": media_id,
                    "media_key": f"3_{media_id}",
                    "size": len(data),
                    "expires_after_secs": 86400,
                }
            }
        )

    def new_media(self, size, state, data=b""):
        media_id = str(next(self._ids))
        with self._lock:
            self.media[media_id] = {
                "size": size,
                "state": state,
                "data": bytearray(data),
                "segments": 0,
                "checks": 0,
            }
        return media_id

    def initialize(self, request):
        try:
            body = json.loads(request.get_data())
            size = int(body["total_bytes"])
            category = body["media_category"]
            body["media_type"]  # noqa: B018 - X requires it
        except (ValueError, KeyError, TypeError):
            return problem(400, "Invalid Request", "One or more parameters to your request was invalid.")
        if category not in ("tweet_gif", "tweet_video"):
            return problem(400, "Invalid Request", f"Invalid media_category: {category}")
        media_id = self.new_media(size, "uploading")
        return answer({"data": {"id": media_id, "media_key": f"7_{media_id}", "expires_after_secs": 86400}})

    def append(self, request, media_id):
        item = self.media.get(media_id)
        file = request.files.get("media")
        if item is None or file is None or request.form.get("segment_index") != str(item["segments"]):
            return problem(400, "Invalid Request", "One or more parameters to your request was invalid.")
        item["data"] += file.read()
        item["segments"] += 1
        return answer({"data": {"expires_at": int(time.time()) + 86400}})

    def finalize(self, media_id):
        item = self.media.get(media_id)
        if item is None or len(item["data"]) != item["size"]:
            return problem(400, "Invalid Request", "File size does not match the total_bytes declared.")
        item["state"] = PENDING
        info = {"state": PENDING, "check_after_secs": 1}
        return answer(
            {
                "data": {
                    "id": media_id,
                    "media_key": f"7_{media_id}",
                    "size": item["size"],
                    "processing_info": info,
                }
            }
        )

    def media_status(self, request):
        item = self.media.get(request.args.get("media_id", ""))
        if request.args.get("command") != "STATUS" or item is None:
            return problem(400, "Invalid Request", "One or more parameters to your request was invalid.")
        item["checks"] += 1
        if item["checks"] <= self.processing_checks:
            item["state"] = IN_PROGRESS
            info = {"state": IN_PROGRESS, "check_after_secs": 1, "progress_percent": 50}
        elif self.processing_fails:
            item["state"] = FAILED
            info = {
                "state": FAILED,
                "progress_percent": 100,
                "error": {"code": 1, "name": "InvalidMedia", "message": "Unsupported video codec"},
            }
        else:
            item["state"] = SUCCEEDED
            info = {"state": SUCCEEDED, "progress_percent": 100}
        return answer({"data": {"id": request.args["media_id"], "processing_info": info}})
