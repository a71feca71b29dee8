"""FakeTikTok: the fake's state and the API calls it answers (the package's docstring
says what it is faithful to)."""

import itertools
import secrets
import time
from collections import deque
from urllib.parse import urlencode

from werkzeug.wrappers import Response

from devtools.fakes.base import FakeServer, answer

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
PROFILE_FIELDS = ("open_id", "avatar_url", "display_name")
MB = 1024 * 1024
PRIVACY_LEVELS = ["PUBLIC_TO_EVERYONE", "MUTUAL_FOLLOW_FRIENDS", "FOLLOWER_OF_CREATOR", "SELF_ONLY"]
# Per token and minute (TikTok's documented limits).
RATE_LIMITS = {"/v2/post/publish/video/init/": 6, "/v2/post/publish/status/fetch/": 30}
INJECTED = {
    "401": (401, "access_token_invalid", "The access token is invalid or not found in the request."),
    "scope": (401, "scope_not_authorized", "The user did not authorize the scope required."),
    "rate_limit": (429, "rate_limit_exceeded", "API rate limit was exceeded."),
    "spam_risk": (403, "spam_risk_too_many_posts", "The daily post cap from the API is reached."),
    "unaudited": (
        403,
        "unaudited_client_can_only_post_to_private_accounts",
        "Unaudited clients can only post to a private account.",
    ),
    "invalid_params": (400, "invalid_params", "The request parameters are invalid."),
    "500": (500, "internal_error", "Something went wrong. Please try again later."),
}


def envelope(data, code="ok", message="", status=200):
    return answer(
        {"data": data, "error": {"code": code, "message": message, "log_id": secrets.token_hex(8)}}, status
    )


def refusal(name):
    status, code, message = INJECTED[name]
    return envelope({}, code, message, status)


class FakeTikTok(FakeServer):
    """TikTok's API on a free loopback port. Controls (plain attributes; lists are
    consumed one entry per matching request):

    - `creator_replies`, `init_replies` (video/init and content/init), `upload_replies`
      (chunk PUTs), `status_replies`: next answers, each a key of INJECTED, or "hang"
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
    - `sign_in(n)`: user `tiktok_user(n)` approves the next authorizations;
      `account_delays`: {open_id: seconds} each of that user's API calls waits.

    It counts what it received: `requests` per method and path, `posts` published (each
    with the account's `open_id`), `pulls` (URLs TikTok was asked to fetch), and
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
            "client_key": self.client_key,
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
        token = self.bearer(request)
        if token is None:
            return refusal("401")
        user = self.access_tokens[token]["user"]
        self.hold(user)
        if path == "/v2/user/info/" and method == "GET":
            fields = request.args.get("fields", "").split(",")
            return envelope({"user": {name: user[name] for name in fields if name in PROFILE_FIELDS}})
        if method != "POST" or not path.startswith("/v2/post/publish/"):
            return envelope({}, "invalid_params", f"{method} {path} is not an endpoint", 404)
        if path in self.rate_limits and not self.admit(token, path):
            return refusal("rate_limit")
        body = request.get_json(silent=True)
        if not isinstance(body, dict):
            return envelope({}, "invalid_params", "The request body is not a JSON object.", 400)
        handlers = {
            "/v2/post/publish/creator_info/query/": self.creator_info,
            "/v2/post/publish/video/init/": self.video_init,
            "/v2/post/publish/content/init/": self.content_init,
            "/v2/post/publish/status/fetch/": self.status_fetch,
        }
        if path not in handlers:
            return envelope({}, "invalid_params", f"{path} is not an endpoint", 404)
        return handlers[path](body, user)

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

    # OAuth -----------------------------------------------------------------------

    def authorize(self, request):
        args = request.args
        required = ("client_key", "scope", "response_type", "redirect_uri", "state")
        if any(not args.get(name) for name in required) or "client_id" in args:
            return Response("Something went wrong: missing or wrong parameters", 400)
        if args["client_key"] != self.client_key or args["response_type"] != "code":
            return Response("Something went wrong: client_key", 400)
        if self.deny:
            query = {"error": "access_denied", "error_description": "The user denied", "state": args["state"]}
        else:
            code = secrets.token_urlsafe(24)
            self.codes[code] = {
                "redirect_uri": args["redirect_uri"],
                "scope": args["scope"],
                "user": self.signed_in,
            }
            query = {"code": code, "scopes": args["scope"], "state": args["state"]}
        return Response(status=302, headers={"Location": f"{args['redirect_uri']}?{urlencode(query)}"})

    def token(self, request):
        form = request.form
        if form.get("client_key") != self.client_key or form.get("client_secret") != self.client_secret:
            return answer(
                {"error": "invalid_client", "error_description": "Client key or secret is invalid."}, 401
            )
        reply = self.next_reply(self.token_replies)
        if reply == "500":
            return answer({"error": "internal_error", "error_description": "Internal error."}, 500)
        if reply == "invalid_grant":
            return answer(
                {"error": "invalid_grant", "error_description": "Refresh token is invalid or expired."}, 400
            )
        if form.get("grant_type") == "authorization_code":
            grant = self.codes.pop(form.get("code", ""), None)
            if grant is None or grant["redirect_uri"] != form.get("redirect_uri"):
                return answer(
                    {"error": "invalid_grant", "error_description": "Authorization code is expired."}, 400
                )
            return answer(self.issue(grant["scope"], grant["user"]))
        if form.get("grant_type") == "refresh_token":
            presented = form.get("refresh_token", "")
            with self._lock:
                grant = self.refresh_tokens.pop(presented, None)
                if grant is not None:
                    self.spent_refresh_tokens.add(presented)
            if grant is None or grant["expires_at"] <= time.time():
                return answer(
                    {"error": "invalid_grant", "error_description": "Refresh token is invalid or expired."},
                    400,
                )
            return answer(self.issue(grant["scope"], grant["user"]))
        return answer(
            {"error": "unsupported_grant_type", "error_description": "Unsupported grant type."}, 400
        )

    def issue(self, scope, user):
        access, refresh = secrets.token_urlsafe(32), secrets.token_urlsafe(32)
        with self._lock:
            self.access_tokens[access] = {"expires_at": time.time() + self.access_ttl, "user": user}
            self.refresh_tokens[refresh] = {
                "expires_at": time.time() + self.refresh_ttl,
                "scope": scope,
                "user": user,
            }
        return {
            "open_id": user["open_id"],
            "scope": scope,
            "access_token": access,
            "expires_in": self.access_ttl,
            "refresh_token": refresh,
            "refresh_expires_in": self.refresh_ttl,
            "token_type": "Bearer",
        }

    def revoke(self, request):
        if request.form.get("client_key") != self.client_key:
            return answer({"error": "invalid_client"}, 401)
        token = request.form.get("token", "")
        with self._lock:
            if self.access_tokens.pop(token, None) is None:
                return answer({"error": "invalid_request", "error_description": "Token is invalid."}, 400)
            self.revoked.append(token)
        return answer({})

    def bearer(self, request):
        header = request.headers.get("Authorization", "")
        token = header.removeprefix("Bearer ")
        grant = self.access_tokens.get(token)
        if not header.startswith("Bearer ") or grant is None or grant["expires_at"] <= time.time():
            return None
        return token

    # Posting ---------------------------------------------------------------------

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

    def video_init(self, body, user):
        post_info, source = body.get("post_info") or {}, body.get("source_info") or {}
        self.count_received(str(post_info.get("title") or ""))
        reply = self.next_reply(self.init_replies)
        if reply and reply != "hang":
            return refusal(reply)
        problem = self.post_info_problem(post_info, "title", 2200)
        if source.get("source") == "FILE_UPLOAD":
            problem = problem or self.chunk_problem(source)
            if problem:
                return envelope({}, "invalid_params", problem, 400)
            publish_id = self.new_publish("video", post_info, "PROCESSING_UPLOAD", source, user)
            token = secrets.token_urlsafe(16)
            self.publishes[publish_id]["upload_token"] = token
            upload_url = f"{self.url}/upload/?{urlencode({'upload_id': publish_id, 'upload_token': token})}"
            return envelope({"publish_id": publish_id, "upload_url": upload_url})
        if source.get("source") == "PULL_FROM_URL" and source.get("video_url"):
            if problem:
                return envelope({}, "invalid_params", problem, 400)
            publish_id = self.new_publish("video", post_info, "PROCESSING_DOWNLOAD", source, user)
            self.pulls.append(source["video_url"])
            if reply == "hang":
                time.sleep(self.hang_seconds)
            return envelope({"publish_id": publish_id})
        return envelope({}, "invalid_params", "source_info.source must be FILE_UPLOAD or PULL_FROM_URL", 400)

    def content_init(self, body, user):
        post_info, source = body.get("post_info") or {}, body.get("source_info") or {}
        self.count_received(str(post_info.get("description") or ""))
        reply = self.next_reply(self.init_replies)
        if reply and reply != "hang":
            return refusal(reply)
        images = source.get("photo_images") or []
        problem = (
            self.post_info_problem(post_info, "description", 4000)
            or (len(post_info.get("title") or "") > 90 and "post_info.title is longer than 90 characters")
            or (body.get("media_type") != "PHOTO" and "media_type must be PHOTO")
            or (body.get("post_mode") not in ("DIRECT_POST", "MEDIA_UPLOAD") and "post_mode is invalid")
            or (source.get("source") != "PULL_FROM_URL" and "photos are PULL_FROM_URL only")
            or (not 1 <= len(images) <= 35 and "photo_images holds 1 to 35 URLs")
        )
        if problem:
            return envelope({}, "invalid_params", problem, 400)
        publish_id = self.new_publish("photo", post_info, "PROCESSING_DOWNLOAD", source, user)
        self.pulls.extend(images)
        if reply == "hang":
            time.sleep(self.hang_seconds)
        return envelope({"publish_id": publish_id})

    def post_info_problem(self, post_info, text_field, limit):
        if post_info.get("privacy_level") not in self.privacy_options:
            return "privacy_level_option_mismatch: the creator cannot post with this privacy level"
        if len((post_info.get(text_field) or "").encode("utf-16-le")) // 2 > limit:
            return f"post_info.{text_field} is longer than {limit} characters"
        return None

    def chunk_problem(self, source):
        """What of FILE_UPLOAD's source_info breaks TikTok's chunk rules, or None."""
        try:
            size, chunk, count = (
                int(source[name]) for name in ("video_size", "chunk_size", "total_chunk_count")
            )
        except (KeyError, TypeError, ValueError):
            return "video_size, chunk_size and total_chunk_count are required"
        if size < self.min_chunk:
            return None if chunk == size and count == 1 else "a video under 5 MB is one chunk of its size"
        if not self.min_chunk <= chunk <= 64 * MB:
            return "chunk_size must be 5 to 64 MB"
        if count != size // chunk or count > 1000:
            return "total_chunk_count must be video_size // chunk_size, at most 1000"
        if size - (count - 1) * chunk > 128 * MB:
            return "the last chunk may hold at most 128 MB"
        return None

    def new_publish(self, kind, post_info, status, source, user):
        publish_id = (
            f"v_pub_{'file' if source.get('source') == 'FILE_UPLOAD' else 'url'}~v2-1.{next(self._ids)}"
        )
        with self._lock:
            self.publishes[publish_id] = {
                "kind": kind,
                "post_info": post_info,
                "status": status,
                "source": source,
                "data": bytearray(),
                "chunks": 0,
                "checks": 0,
                "started": time.monotonic(),
                "open_id": user["open_id"],
            }
        return publish_id

    def upload(self, request):
        item = self.publishes.get(request.args.get("upload_id", ""))
        if item is None or request.args.get("upload_token") != item.get("upload_token"):
            return envelope({}, "invalid_params", "Unknown upload.", 404)
        reply = self.next_reply(self.upload_replies)
        if reply and reply != "hang":
            return refusal(reply)
        source = item["source"]
        size, chunk, count = source["video_size"], source["chunk_size"], source["total_chunk_count"]
        expected_first = item["chunks"] * chunk
        last_chunk = item["chunks"] == count - 1
        expected_last = size - 1 if last_chunk else expected_first + chunk - 1
        data = request.get_data()
        if (
            item["chunks"] >= count
            or request.headers.get("Content-Range") != f"bytes {expected_first}-{expected_last}/{size}"
            or len(data) != expected_last - expected_first + 1
            or not request.headers.get("Content-Type", "").startswith("video/")
        ):
            return envelope(
                {}, "invalid_file_upload", "Chunks must come in order with a matching Content-Range.", 416
            )
        item["data"] += data
        item["chunks"] += 1
        if not last_chunk:
            return Response(status=206)
        if reply == "hang":
            time.sleep(self.hang_seconds)
        return Response(status=201)

    def status_fetch(self, body, user):
        reply = self.next_reply(self.status_replies)
        if reply:
            return refusal(reply)
        item = self.publishes.get(body.get("publish_id", ""))
        if item is None or item["open_id"] != user["open_id"]:
            return envelope({}, "invalid_params", "publish_id is invalid.", 400)
        with self._lock:
            data = self.advance(body["publish_id"], item)
        return envelope(data)

    def advance(self, publish_id, item):
        """One status check: still processing, or the publish's end (made once)."""
        uploading = item["source"].get("source") == "FILE_UPLOAD"
        if uploading and item["chunks"] < item["source"]["total_chunk_count"]:
            return {"status": "PROCESSING_UPLOAD", "uploaded_bytes": len(item["data"])}
        if item["status"] in ("PROCESSING_UPLOAD", "PROCESSING_DOWNLOAD"):
            item["checks"] += 1
            if self.processing_seconds is not None:
                processing = time.monotonic() < item["started"] + self.processing_seconds
            else:
                processing = item["checks"] <= self.processing_checks
            if processing:
                return {"status": item["status"], "uploaded_bytes": len(item["data"])}
            if self.fail_reason:
                item["status"], item["fail_reason"] = "FAILED", self.fail_reason
            else:
                item["status"] = "PUBLISH_COMPLETE"
                public = item["post_info"].get("privacy_level") != "SELF_ONLY"
                item["post_id"] = str(next(self._ids)) if public else None
                self.posts.append({"publish_id": publish_id, **item})
        if item["status"] == "FAILED":
            return {"status": "FAILED", "fail_reason": item["fail_reason"]}
        return {
            "status": "PUBLISH_COMPLETE",
            "publicaly_available_post_id": [int(item["post_id"])] if item["post_id"] else [],
            "uploaded_bytes": len(item["data"]),
        }


def status_limit(calls):
    """`--status-limit N`: status/fetch calls a token may make a minute."""
    return {**RATE_LIMITS, "/v2/post/publish/status/fetch/": int(calls)}
