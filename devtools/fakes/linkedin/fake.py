"""FakeLinkedIn: the fake's state, the API's routes and what every /rest call must
carry, the member's profile and posts (the package's docstring says what it is
faithful to; oauth.py and media.py answer the rest)."""

import itertools
import time
from collections import Counter
from urllib.parse import unquote

from werkzeug.wrappers import Response

from devtools.fakes.base import JSON, FakeServer, answer, json_object
from devtools.fakes.linkedin.errors import ERRORS, error, scripted
from devtools.fakes.linkedin.media import AVAILABLE, Documents, Media
from devtools.fakes.linkedin.oauth import OAuth
from devtools.fakes.linkedin.organizations import ORGANIZATION, Organizations, default_roles
from devtools.fakes.linkedin.social import Social

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
RESERVED = "\\|{}@[]()<>#*_~"
# What each call needs of the member's grant (LinkedIn answers 403 ACCESS_DENIED without).
NEEDS = {"userinfo": ("openid", "profile"), "rest": ("w_member_social",)}
# Who may see a post (LinkedIn's `visibility`).
VISIBILITIES = ("PUBLIC", "CONNECTIONS", "LOGGED_IN", "CONTAINER")
VERSION_MISSING = "A version must be present. Please specify a version by adding the LinkedIn-Version header."


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


class FakeLinkedIn(OAuth, Media, Documents, Social, Organizations, FakeServer):
    """LinkedIn's API on a free loopback port. Controls (plain attributes; lists are
    consumed one entry per matching request):

    - `post_replies`: next answers of POST /rest/posts: "401", "revoked", "403", "429",
      "500", "503", "hang" (creates the post, answers after `hang_seconds`);
    - `comment_replies`: next answers of POST /rest/socialActions/{urn}/comments, as
      `post_replies` (without "hang");
    - `upload_replies`: next answers of an upload PUT: "500";
    - `token_replies`: next answers of the token endpoint: "500", "invalid_grant";
    - `deny`: the member declines; `partner`: grants carry a refresh token (365 days
      from the first grant, not restarted by a refresh);
    - `delay`: seconds every answer waits; `access_ttl`: `expires_in` of access tokens;
    - `retired_versions`: LinkedIn-Version values answered 426;
    - `part_bytes`: size of a video upload part; `processing_checks`: GET /rest/videos
      answers that still say PROCESSING (documents' too); `processing_fails`;
      `documents_fail`: every document ends PROCESSING_FAILED;
    - `sign_in(n)`: member `linkedin_member(n)` approves the next authorizations;
      `account_delays`: {sub: seconds} each of that member's API calls waits;
    - `roles`: {member sub: [(page number, role, state)]}, the pages each member holds
      a role on (organizations.py `linkedin_organization`; member 0's by default).

    `posts` holds each post made (its `visibility`, `content` and media URNs),
    `comments` each comment; `received` counts the POST /rest/posts requests that
    reached it, by the text LinkedIn shows (`decoded` commentary), and the comments
    requested, by their text.
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
        self.comment_replies = []
        self.token_replies = []
        self.hang_seconds = 2.0
        self.retired_versions = set()
        self.part_bytes = 4 * 1024 * 1024
        self.processing_checks = 1
        self.processing_fails = False
        self.documents_fail = False
        self.versions = Counter()
        self.roles = default_roles()
        self.posts = []
        self.images = {}
        self.videos = {}
        self.documents = {}
        self.comments = []
        self.codes = {}
        self.refresh_tokens = {}
        self.revoked = []
        self._ids = itertools.count(7_100_000_000_000_000_001)
        super().__init__(delay, port)

    def settings(self, **overrides):
        """The `[linkedin]` settings that point Postline here, with `overrides`."""
        return {
            "client_id": self.client_id,
            "client_secret": self.client_secret,
            "auth_url": f"{self.url}/oauth/v2/authorization",
            "token_url": f"{self.url}/oauth/v2/accessToken",
            "revoke_url": f"{self.url}/oauth/v2/revoke",
            "api_base": self.url,
            "api_version": API_VERSION,
            "organization_pages": False,
            **overrides,
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
            return self.token(request)
        if path == "/oauth/v2/revoke" and method == "POST":
            return self.revoke(request)
        token = self.access_token(request)
        if isinstance(token, Response):
            return token
        member = token["member"]
        self.hold(member)
        if path == "/v2/userinfo" and method == "GET":
            return self.permitted(token, "userinfo") or answer(member)
        if path.startswith("/dms-uploads/document/") and method == "PUT":
            return self.upload_document(path.split("/")[3], request.get_data())
        if path.startswith("/dms-uploads/") and method == "PUT":
            return self.upload(path.split("/")[2:], request.get_data())
        if not path.startswith("/rest/"):
            return error(404, "NOT_FOUND", f"No resource found for {path}")
        refused = self.rest_refusal(request) or self.permitted(token, "rest")
        if refused:
            return refused
        return self.rest(request, token)

    def permitted(self, token, call):
        """LinkedIn's 403 when the member did not grant what `call` needs (NEEDS), or None."""
        missing = [scope for scope in NEEDS[call] if scope not in token["scopes"]]
        if missing:
            return error(
                403, "ACCESS_DENIED", f"Not enough permissions: the grant lacks {', '.join(missing)}", 100
            )
        return None

    def rest_refusal(self, request):
        """What every /rest call must carry: the Rest.li protocol, an active version
        (YYYYMM), and a JSON body when it has one; LinkedIn's refusal, or None."""
        version = request.headers.get("LinkedIn-Version", "")
        self.versions[version] += 1
        if request.headers.get("X-Restli-Protocol-Version") != "2.0.0":
            return error(400, "ILLEGAL_ARGUMENT", "X-Restli-Protocol-Version 2.0.0 is required")
        if len(version) != 6 or not version.isdigit() or not 1 <= int(version[4:]) <= 12:
            return error(400, "VERSION_MISSING", VERSION_MISSING)
        if version in self.retired_versions:
            return error(426, "NONEXISTENT_VERSION", f"Requested version {version} is not active")
        if request.method == "POST" and request.mimetype != JSON:
            return error(
                415, "UNSUPPORTED_MEDIA_TYPE", f"Content-Type {request.mimetype!r} is not application/json"
            )
        return None

    def rest(self, request, token):
        path, method, action = request.path, request.method, request.args.get("action")
        body = json_object(request) if method == "POST" else {}
        if body is None:
            return error(400, "ILLEGAL_ARGUMENT", "The body is not a JSON object")
        author = self.acting_as(body, token)
        if path == "/rest/organizationAcls" and method == "GET":
            return self.acls(request, token)
        if path.startswith("/rest/organizations/") and method == "GET":
            return self.organization(path.removeprefix("/rest/organizations/"), token)
        if path == "/rest/posts" and method == "POST":
            return self.create_post(body, author)
        if path == "/rest/images" and method == "POST" and action == "initializeUpload":
            return self.initialize_image(body, author)
        if path == "/rest/videos" and method == "POST" and action == "initializeUpload":
            return self.initialize_video(body, author)
        if path == "/rest/videos" and method == "POST" and action == "finalizeUpload":
            return self.finalize_video(body)
        if path.startswith("/rest/videos/") and method == "GET":
            return self.video_status(unquote(path.removeprefix("/rest/videos/")))
        if path == "/rest/documents" and method == "POST" and action == "initializeUpload":
            return self.initialize_document(body, author)
        if path.startswith("/rest/documents/") and method == "GET":
            return self.document_status(unquote(path.removeprefix("/rest/documents/")))
        commented = self.comments_path(path)
        if commented is not None and method == "POST":
            return self.create_comment(commented, body, author)
        return error(404, "NOT_FOUND", f"No resource found for {method} {path}")

    def create_post(self, body, author):
        if isinstance(body.get("commentary"), str):
            self.count_received(decoded(body["commentary"]))
        with self._lock:
            reply = self.post_replies.pop(0) if self.post_replies else None
        if reply in ERRORS:
            return scripted(reply)
        required = ("author", "commentary", "visibility", "distribution", "lifecycleState")
        if any(name not in body for name in required):
            return error(422, "UNPROCESSABLE_ENTITY", f"A post needs {', '.join(required)}")
        if body["author"] != author:
            return error(403, "ACCESS_DENIED", f"Not enough permissions to post as {body['author']}")
        if body["visibility"] not in VISIBILITIES:
            return error(422, "UNPROCESSABLE_ENTITY", f"visibility must be one of {', '.join(VISIBILITIES)}")
        if author.startswith(ORGANIZATION) and body["visibility"] != "PUBLIC":
            return error(422, "UNPROCESSABLE_ENTITY", "An organization's post is PUBLIC")
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
                "visibility": body["visibility"],
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
        documents = [urn for urn in ids if urn.startswith("urn:li:document:")]
        if documents and not (content.get("media") or {}).get("title"):
            return [], "A document post needs content.media.title"
        for urn in ids:
            if urn.startswith("urn:li:image:"):
                ready = (self.images.get(urn) or {}).get("data") is not None
            elif urn in documents:
                ready = (self.documents.get(urn) or {}).get("status") == AVAILABLE
            else:
                ready = (self.videos.get(urn) or {}).get("status") == AVAILABLE
            if not ready:
                return [], f"{urn} is not uploaded or not AVAILABLE"
        if len(ids) > 1 and any(not urn.startswith("urn:li:image:") for urn in ids):
            return [], "multiImage takes images only"
        return ids, None
