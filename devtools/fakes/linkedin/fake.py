"""FakeLinkedIn: the fake's state and the API calls it answers (the package's docstring
says what it is faithful to)."""

import itertools
import json
import secrets
import time
from collections import Counter
from urllib.parse import unquote, urlencode

from werkzeug.wrappers import Response

from devtools.fakes.base import FakeServer, answer

CLIENT_ID = "fake-linkedin-client"
CLIENT_SECRET = "fake-linkedin-secret"
API_VERSION = "202510"
PICTURES = "https://media.licdn.com/dms/image/fake"


def linkedin_member(number=0):
    """A member's /v2/userinfo; number 0 is MEMBER, the one who approves unless told otherwise."""
    suffix = str(number) if number else ""
    return {
        "sub": f"782bbtaQ{suffix}",
        "name": f"Postline Fake{suffix and ' ' + suffix}",
        "given_name": "Postline",
        "family_name": f"Fake{suffix}",
        "picture": f"{PICTURES}/profile-displayphoto-shrink_100_100/0/{number + 1}",
        "locale": {"country": "US", "language": "en"},
    }


def author_of(member):
    """The URN a member's posts and uploads name as their author or owner."""
    return f"urn:li:person:{member['sub']}"


MEMBER = linkedin_member()
AUTHOR = author_of(MEMBER)
SCOPE = "openid,profile,w_member_social"
RESERVED = "\\|{}@[]()<>#*_~"
PROCESSING, AVAILABLE, FAILED = "PROCESSING", "AVAILABLE", "PROCESSING_FAILED"
ERRORS = {
    "401": (401, 65600, "INVALID_ACCESS_TOKEN", "Invalid access token"),
    "revoked": (
        401,
        65601,
        "REVOKED_ACCESS_TOKEN",
        "The token used in the request has been revoked by the user",
    ),
    "403": (
        403,
        100,
        "ACCESS_DENIED",
        "Not enough permissions to access: partnerApiPostsExternal.CREATE.20251001",
    ),
    "429": (
        429,
        101,
        "TOO_MANY_REQUESTS",
        "Resource level throttle APPLICATION DAY limit for calls to this resource is reached.",
    ),
    "500": (500, None, "INTERNAL_SERVER_ERROR", "Internal Server Error"),
    "503": (503, None, "SERVICE_UNAVAILABLE", "Service Unavailable"),
}


def error(status, code, message, service_code=None):
    body = {"status": status, "code": code, "message": message}
    if service_code is not None:
        body["serviceErrorCode"] = service_code
    return answer(body, status)


def decoded(commentary):
    """What LinkedIn shows for `commentary` (little text): escapes undone, and the text
    cut at the first reserved character left unescaped (LinkedIn reads it as markup)."""
    shown, escaped = [], False
    for character in commentary:
        if escaped:
            shown.append(character)
            escaped = False
        elif character == "\\":
            escaped = True
        elif character in RESERVED:
            break
        else:
            shown.append(character)
    return "".join(shown)


class FakeLinkedIn(FakeServer):
    """LinkedIn's API on a free loopback port. Controls (plain attributes; lists are
    consumed one entry per matching request):

    - `post_replies`: next answers of POST /rest/posts: "401", "revoked", "403", "429",
      "500", "503", "hang" (creates the post, answers after `hang_seconds`);
    - `upload_replies`: next answers of an upload PUT: "500";
    - `token_replies`: next answers of the token endpoint: "500", "invalid_grant";
    - `deny`: the member declines; `partner`: grants carry a refresh token (365 days
      from the first grant, not restarted by a refresh);
    - `delay`: seconds every answer waits; `access_ttl`: `expires_in` of access tokens;
    - `retired_versions`: LinkedIn-Version values answered 426;
    - `part_bytes`: size of a video upload part; `processing_checks`: GET /rest/videos
      answers that still say PROCESSING; `processing_fails`;
    - `sign_in(n)`: member `linkedin_member(n)` approves the next authorizations;
      `account_delays`: {sub: seconds} each of that member's API calls waits.

    `received` counts the POST /rest/posts requests that reached it, by the text
    LinkedIn shows (`decoded` commentary).
    """

    PROVIDER = "linkedin"
    ACCOUNT_ID = "sub"

    def __init__(self, delay=0.0, port=0):
        self.client_id = CLIENT_ID
        self.client_secret = CLIENT_SECRET
        self.access_ttl = 5_184_000  # 60 days
        self.refresh_ttl = 31_536_000  # 365 days
        self.deny = False
        self.partner = False
        self.post_replies = []
        self.upload_replies = []
        self.token_replies = []
        self.hang_seconds = 2.0
        self.retired_versions = set()
        self.part_bytes = 4 * 1024 * 1024
        self.processing_checks = 1
        self.processing_fails = False
        self.versions = Counter()
        self.posts = []
        self.images = {}
        self.videos = {}
        self.codes = {}
        self.refresh_tokens = {}
        self.revoked = []
        self._ids = itertools.count(7_100_000_000_000_000_001)
        super().__init__(delay, port)

    def settings(self):
        """The `[linkedin]` settings that point Postline here."""
        return {
            "client_id": self.client_id,
            "client_secret": self.client_secret,
            "auth_url": f"{self.url}/oauth/v2/authorization",
            "token_url": f"{self.url}/oauth/v2/accessToken",
            "revoke_url": f"{self.url}/oauth/v2/revoke",
            "api_base": self.url,
            "api_version": API_VERSION,
        }

    def account(self, number):
        """Member `linkedin_member(number)`."""
        return linkedin_member(number)

    def posts_by(self, author=AUTHOR):
        return [post for post in self.posts if post["author"] == author]

    # The HTTP side ---------------------------------------------------------------

    def route(self, request):
        path, method = request.path, request.method
        if path == "/oauth/v2/authorization" and method == "GET":
            return self.authorize(request.args)
        if path == "/oauth/v2/accessToken" and method == "POST":
            return self.token(request.form)
        if path == "/oauth/v2/revoke" and method == "POST":
            return self.revoke(request.form)
        token = self.bearer(request)
        if isinstance(token, Response):
            return token
        member = token["member"]
        self.hold(member)
        if path == "/v2/userinfo" and method == "GET":
            return answer(member)
        if path.startswith("/dms-uploads/") and method == "PUT":
            return self.upload(path.split("/")[2:], request.get_data())
        if not path.startswith("/rest/"):
            return error(404, "NOT_FOUND", f"No resource found for {path}")
        version = request.headers.get("LinkedIn-Version", "")
        self.versions[version] += 1
        if request.headers.get("X-Restli-Protocol-Version") != "2.0.0":
            return error(400, "ILLEGAL_ARGUMENT", "X-Restli-Protocol-Version 2.0.0 is required")
        if len(version) != 6 or not version.isdigit():
            return error(
                400,
                "VERSION_MISSING",
                "A version must be present. Please specify a version by adding the LinkedIn-Version header.",
            )
        if version in self.retired_versions:
            return error(426, "NONEXISTENT_VERSION", f"Requested version {version} is not active")
        action = request.args.get("action")
        if path == "/rest/posts" and method == "POST":
            return self.create_post(request, author_of(member))
        if path == "/rest/images" and method == "POST" and action == "initializeUpload":
            return self.initialize_image(request, author_of(member))
        if path == "/rest/videos" and method == "POST" and action == "initializeUpload":
            return self.initialize_video(request, author_of(member))
        if path == "/rest/videos" and method == "POST" and action == "finalizeUpload":
            return self.finalize_video(request)
        if path.startswith("/rest/videos/") and method == "GET":
            return self.video_status(unquote(path.removeprefix("/rest/videos/")))
        return error(404, "NOT_FOUND", f"No resource found for {method} {path}")

    def authorize(self, args):
        required = ("response_type", "client_id", "redirect_uri", "state", "scope")
        if any(not args.get(name) for name in required) or args["response_type"] != "code":
            return Response("Bummer, something went wrong: missing or wrong parameters", 400)
        if args["client_id"] != self.client_id:
            return Response("Bummer, something went wrong: the client id is unknown", 400)
        if self.deny:
            query = {
                "error": "user_cancelled_authorize",
                "error_description": "The user cancelled",
                "state": args["state"],
            }
        else:
            code = secrets.token_urlsafe(24)
            self.codes[code] = {
                "redirect_uri": args["redirect_uri"],
                "scope": args["scope"],
                "member": self.signed_in,
            }
            query = {"code": code, "state": args["state"]}
        return Response(status=302, headers={"Location": f"{args['redirect_uri']}?{urlencode(query)}"})

    def token(self, form):
        if form.get("client_id") != self.client_id or form.get("client_secret") != self.client_secret:
            return answer(
                {"error": "invalid_client", "error_description": "Client authentication failed"}, 401
            )
        with self._lock:
            reply = self.token_replies.pop(0) if self.token_replies else None
        if reply == "500":
            return error(500, "INTERNAL_SERVER_ERROR", "Internal Server Error")
        if reply == "invalid_grant":
            return answer(
                {
                    "error": "invalid_grant",
                    "error_description": "The provided authorization grant is invalid",
                },
                400,
            )
        if form.get("grant_type") == "authorization_code":
            grant = self.codes.pop(form.get("code", ""), None)
            if grant is None or grant["redirect_uri"] != form.get("redirect_uri"):
                return answer(
                    {
                        "error": "invalid_request",
                        "error_description": "Unable to retrieve access token: appid/redirect uri/code "
                        "verifier does not match authorization code",
                    },
                    400,
                )
            return answer(self.issue(grant["member"], time.time() + self.refresh_ttl))
        if form.get("grant_type") == "refresh_token":
            refresh = self.refresh_tokens.get(form.get("refresh_token", ""))
            if refresh is None or refresh["expires_at"] <= time.time():
                return answer(
                    {"error": "invalid_grant", "error_description": "The provided refresh token is invalid"},
                    400,
                )
            return answer(self.issue(refresh["member"], refresh["expires_at"], form["refresh_token"]))
        return answer({"error": "unsupported_grant_type", "error_description": "Unsupported grant type"}, 400)

    def issue(self, member, refresh_expires_at, refresh_token=None):
        access = secrets.token_urlsafe(32)
        body = {"access_token": access, "expires_in": self.access_ttl, "scope": SCOPE}
        with self._lock:
            self.access_tokens[access] = {"expires_at": time.time() + self.access_ttl, "member": member}
            if self.partner:
                refresh_token = refresh_token or secrets.token_urlsafe(32)
                self.refresh_tokens[refresh_token] = {"expires_at": refresh_expires_at, "member": member}
                body["refresh_token"] = refresh_token
                body["refresh_token_expires_in"] = int(refresh_expires_at - time.time())
        return body

    def revoke(self, form):
        if form.get("client_id") != self.client_id or form.get("client_secret") != self.client_secret:
            return answer({"error": "invalid_client"}, 401)
        with self._lock:
            self.revoked.append(form.get("token", ""))
            self.access_tokens.pop(form.get("token", ""), None)
        return Response(status=200)

    def bearer(self, request):
        header = request.headers.get("Authorization", "")
        token = self.access_tokens.get(header.removeprefix("Bearer "))
        if not header.startswith("Bearer ") or token is None or token["expires_at"] <= time.time():
            return self.scripted("401")
        return token

    def scripted(self, reply):
        status, service_code, code, message = ERRORS[reply]
        return error(status, code, message, service_code)

    def json_body(self, request):
        try:
            return json.loads(request.get_data())
        except ValueError:
            return None

    def initialize_image(self, request, author):
        body = self.json_body(request) or {}
        if (body.get("initializeUploadRequest") or {}).get("owner") != author:
            return error(400, "ILLEGAL_ARGUMENT", "initializeUploadRequest.owner must be the member")
        image_id = f"D4D10AQ{next(self._ids)}"
        with self._lock:
            self.images[f"urn:li:image:{image_id}"] = {"data": None}
        value = {
            "uploadUrlExpiresAt": int(time.time() * 1000) + 86_400_000,
            "uploadUrl": f"{self.url}/dms-uploads/image/{image_id}",
            "image": f"urn:li:image:{image_id}",
        }
        return answer({"value": value})

    def initialize_video(self, request, author):
        body = (self.json_body(request) or {}).get("initializeUploadRequest") or {}
        size = body.get("fileSizeBytes")
        if body.get("owner") != author or not isinstance(size, int) or size <= 0:
            return error(400, "ILLEGAL_ARGUMENT", "initializeUploadRequest needs the owner and fileSizeBytes")
        video_id = f"D5610AQ{next(self._ids)}"
        starts = range(0, size, self.part_bytes)
        instructions = [
            {
                "uploadUrl": f"{self.url}/dms-uploads/video/{video_id}/part/{index}",
                "firstByte": start,
                "lastByte": min(start + self.part_bytes, size) - 1,
            }
            for index, start in enumerate(starts)
        ]
        with self._lock:
            self.videos[f"urn:li:video:{video_id}"] = {
                "owner": author,
                "size": size,
                "parts": {},
                "etags": {},
                "status": "WAITING_UPLOAD",
                "checks": 0,
                "data": b"",
            }
        value = {
            "uploadUrlsExpireAt": int(time.time() * 1000) + 86_400_000,
            "video": f"urn:li:video:{video_id}",
            "uploadInstructions": instructions,
            "uploadToken": "",
        }
        return answer({"value": value})

    def upload(self, parts, data):
        with self._lock:
            reply = self.upload_replies.pop(0) if self.upload_replies else None
        if reply == "500":
            return self.scripted("500")
        if parts[:1] == ["image"] and len(parts) == 2 and f"urn:li:image:{parts[1]}" in self.images:
            self.images[f"urn:li:image:{parts[1]}"]["data"] = data
            return Response(status=201)
        video = self.videos.get(f"urn:li:video:{parts[1]}") if len(parts) == 4 else None
        if video is None or parts[2] != "part" or not parts[3].isdigit():
            return error(404, "NOT_FOUND", "No such upload")
        etag = f"/ambry-video/signedId/{secrets.token_hex(8)}"
        video["parts"][int(parts[3])] = data
        video["etags"][int(parts[3])] = etag
        return Response(status=200, headers={"ETag": etag})

    def finalize_video(self, request):
        body = (self.json_body(request) or {}).get("finalizeUploadRequest") or {}
        video = self.videos.get(body.get("video", ""))
        if video is None:
            return error(400, "ILLEGAL_ARGUMENT", "finalizeUploadRequest.video is unknown")
        etags = [video["etags"][index] for index in sorted(video["etags"])]
        data = b"".join(video["parts"][index] for index in sorted(video["parts"]))
        if body.get("uploadedPartIds") != etags or len(data) != video["size"]:
            return error(400, "ILLEGAL_ARGUMENT", "uploadedPartIds do not match the parts uploaded")
        video["data"], video["status"] = data, PROCESSING
        return Response(status=200)

    def video_status(self, urn):
        video = self.videos.get(urn)
        if video is None:
            return error(404, "NOT_FOUND", f"No video {urn}")
        if video["status"] == PROCESSING:
            video["checks"] += 1
            if video["checks"] > self.processing_checks:
                video["status"] = FAILED if self.processing_fails else AVAILABLE
        body = {"id": urn, "owner": video["owner"], "status": video["status"]}
        if video["status"] == FAILED:
            body["processingFailureReason"] = "The video's codec is not supported"
        return answer(body)

    def create_post(self, request, author):
        body = self.json_body(request)
        if isinstance(body, dict) and isinstance(body.get("commentary"), str):
            self.count_received(decoded(body["commentary"]))
        with self._lock:
            reply = self.post_replies.pop(0) if self.post_replies else None
        if reply in ERRORS:
            return self.scripted(reply)
        required = ("author", "commentary", "visibility", "distribution", "lifecycleState")
        if not isinstance(body, dict) or any(name not in body for name in required):
            return error(422, "UNPROCESSABLE_ENTITY", f"A post needs {', '.join(required)}")
        if body["author"] != author:
            return error(403, "ACCESS_DENIED", f"Not enough permissions to post as {body['author']}")
        media, problem = self.media_of(body.get("content") or {})
        if problem:
            return error(422, "UNPROCESSABLE_ENTITY", problem)
        text = decoded(body["commentary"])
        with self._lock:
            earlier = next(
                (p for p in self.posts if p["author"] == author and p["text"] == text and text), None
            )
            if earlier is not None:
                return error(422, "DUPLICATE_POST", f"Content is a duplicate of {earlier['id']}")
            post = {
                "id": f"urn:li:share:{next(self._ids)}",
                "author": author,
                "text": text,
                "media": media,
                "content": body.get("content"),
            }
            self.posts.append(post)
        if reply == "hang":
            time.sleep(self.hang_seconds)
        return Response(status=201, headers={"x-restli-id": post["id"], "x-linkedin-id": post["id"]})

    def media_of(self, content):
        """The media ids a post's `content` names, or a problem."""
        if "multiImage" in content:
            items = content["multiImage"].get("images") or []
            if not 2 <= len(items) <= 20:
                return [], "multiImage takes 2 to 20 images"
        elif "media" in content:
            items = [content["media"]]
        else:
            return [], None
        ids = [item.get("id", "") for item in items]
        for urn in ids:
            if urn.startswith("urn:li:image:"):
                ready = (self.images.get(urn) or {}).get("data") is not None
            else:
                ready = (self.videos.get(urn) or {}).get("status") == AVAILABLE
            if not ready:
                return [], f"{urn} is not uploaded or not AVAILABLE"
        if len(ids) > 1 and any(not urn.startswith("urn:li:image:") for urn in ids):
            return [], "multiImage takes images only"
        return ids, None
