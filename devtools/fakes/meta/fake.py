"""FakeMeta: the fake's state, the Graph API's routes by token kind, and what the
Pages and Instagram sides share (the package's docstring says what it is faithful to;
oauth.py, pages.py and instagram.py answer the calls, graph.py reads and shapes them)."""

import itertools
import json
import time
from collections import Counter

from devtools.fakes.base import FakeServer, answer, fetch_over_http
from devtools.fakes.meta.comments import Comments
from devtools.fakes.meta.errors import ERRORS, error
from devtools.fakes.meta.graph import lacking
from devtools.fakes.meta.instagram import Instagram
from devtools.fakes.meta.oauth import CLIENT_ID, CLIENT_SECRET, OAuth
from devtools.fakes.meta.pages import Pages

VERSION = "v21.0"


def meta_user(number=0):
    """A Facebook user with the Pages they manage, the first linked to an Instagram
    professional account (`instagram`: its profile); number 0 is USER, the one who
    approves unless told otherwise."""
    suffix = f" {number}" if number else ""
    handle = f"postline.cafe{f'_{number}' if number else ''}"
    instagram_id = str(17_841_400_000_000_001 + number)
    first_page = 101_000_000_000_001 + 10 * number
    return {
        "id": str(10_160_000_000_000_001 + number),
        "name": f"Pat Postline{suffix}",
        "pages": (
            {"id": str(first_page), "name": f"Postline Cafe{suffix}", "instagram": instagram_id},
            {"id": str(first_page + 1), "name": f"Postline Shop{suffix}", "instagram": None},
        ),
        "instagram": {
            "id": instagram_id,
            "username": handle,
            "name": f"Postline Cafe{suffix}",
            "profile_picture_url": f"https://scontent.cdninstagram.com/v/{handle.replace('.', '_')}.jpg",
        },
    }


USER = meta_user()
PAGES = USER["pages"]
IG_ID = USER["instagram"]["id"]


class FakeMeta(OAuth, Pages, Instagram, Comments, FakeServer):
    """Meta's dialog and Graph API on a free loopback port. Controls (plain attributes;
    lists are consumed one entry per matching request):

    - `publish_replies`: next answers of the calls that make a post (Page `feed` and
      `videos`, Instagram `media_publish`): a key of ERRORS, or "hang" (makes the post,
      answers after `hang_seconds`);
    - `container_replies`: next answers of Instagram `POST /{ig}/media`;
    - `comment_replies`: next answers of `POST /{object}/comments`: a key of ERRORS;
    - `regain_minutes`: `estimated_time_to_regain_access` on throttling answers;
    - `deny`: the user declines the dialog; `delay`: seconds every answer waits;
    - `processing_checks`: status answers that say IN_PROGRESS for a video container
      (images are FINISHED at once); `processing_seconds`, when set instead: every
      container is IN_PROGRESS that long; `processing_result`: FINISHED, ERROR or EXPIRED;
    - `quota_total`: the 24-hour publishing limit; `quota_used`: posts made elsewhere;
    - `fetch(url) -> (status, content type, bytes)`: how Meta fetches media (over HTTP;
      a test hands it the app's test client, tests/support/client.py fetch_through);
    - `sign_in(n)`: user `meta_user(n)` approves the next dialogs; `account_delays`:
      {user id: seconds} each Graph call with that user's tokens (their Pages' too) waits.

    `posts` holds what readers see (an Instagram post with its container's
    `media_type`, `children` and reel settings), `comments` each comment made;
    `received` counts, by their text, the calls that make a post readers see: Page
    `feed`, published `photos` and `videos`, Instagram `media_publish` (its container's
    caption), and comments.
    """

    PROVIDER = "meta"

    def __init__(self, delay=0.0, port=0, version=VERSION):
        self.version = version
        self.deny = False
        self.publish_replies = []
        self.container_replies = []
        self.comment_replies = []
        self.regain_minutes = 15
        self.hang_seconds = 2.0
        self.processing_checks = 1
        self.processing_seconds = None
        self.processing_result = "FINISHED"
        self.quota_total = 25
        self.quota_used = 0
        self.fetch = fetch_over_http
        self.posts = []  # what readers see: {"id", "account", "platform", ...}
        self.photos = {}
        self.containers = {}
        self.fetched = []
        self.comments = []
        self.codes = {}
        self.tokens = {}  # token -> {"kind": "short" | "user" | "page", "page", "user", "scopes"}
        self._ids = itertools.count(180_000_000_000_001)
        super().__init__(delay, port)

    def settings(self):
        """The `[meta]` settings that point Postline here."""
        return {
            "client_id": CLIENT_ID,
            "client_secret": CLIENT_SECRET,
            "auth_url": f"{self.url}/{self.version}/dialog/oauth",
            "token_url": f"{self.url}/{self.version}/oauth/access_token",
            "api_base": self.url,
            "graph_version": self.version,
            "status_interval": 5,
        }

    def account(self, number):
        """User `meta_user(number)`."""
        return meta_user(number)

    def posts_of(self, account):
        return [post for post in self.posts if post["account"] == account]

    def invalidate_page_tokens(self):
        """Every Page token stops working (the user changed their password)."""
        with self._lock:
            for token in self.tokens.values():
                if token["kind"] == "page":
                    token["dead"] = True

    def endpoints(self):
        """The requests counted by endpoint (`POST /{id}/feed`), not by account."""
        counted = Counter()
        for key, count in self.requests.items():
            method, _, path = key.partition(" ")
            parts = path.split("/")[2:]  # past the version
            counted[f"{method} /" + "/".join("{id}" if part.isdigit() else part for part in parts)] += count
        return counted

    def route(self, request):
        prefix, _, rest = request.path.lstrip("/").partition("/")
        if prefix != self.version:
            return error(400, 2635, f"Version {prefix} does not exist or is no longer available")
        path, method = rest.split("/"), request.method
        if path == ["dialog", "oauth"] and method == "GET":
            return self.dialog(request)
        if path == ["oauth", "access_token"] and method == "GET":
            return self.access_token(request)
        token = self.bearer(request)
        if token is None:
            return error(400, 190, "Invalid OAuth access token - Cannot parse access token")
        if token.get("dead"):
            return self.injected("token")
        self.hold(token["user"])
        node, edge = path[0], path[1] if len(path) > 1 else None
        if node == "me":
            return self.me(request, token, edge)
        if token["kind"] != "page":
            return error(400, 200, "(#200) This endpoint requires a Page access token")
        return self.page_token_call(request, token, node, edge)

    def page_token_call(self, request, token, node, edge):
        """A call on a node a Page token reaches: its Page, the Page's Instagram account,
        that account's containers and published media."""
        page = self.page_of(token)
        if node == page["id"]:
            return self.page_call(request, token, page, edge)
        if node == page["instagram"]:
            return self.instagram_call(request, token, token["user"]["instagram"], edge)
        if request.method == "POST" and edge == "comments":
            return self.create_comment(request, token, node, page)
        reads = request.method == "GET" and edge is None
        if reads and node in self.containers and self.containers[node]["account"] == page["instagram"]:
            return self.lacking_read(token) or self.container_status(request, node)
        published = next((post for post in self.posts if post["id"] == node), None)
        if reads and published is not None and published["account"] == page["instagram"]:
            return self.lacking_read(token) or self.published_media(request, published)
        return error(
            400, 100, f"Unsupported request: object {node} does not exist or this token cannot see it"
        )

    def lacking_read(self, token):
        return lacking(token, "instagram read")

    def injected(self, name):
        status, code, subcode, message = ERRORS[name]
        headers = None
        if code in (4, 32):
            usage = {"call_count": 100, "total_cputime": 12, "total_time": 40}
            business = {
                PAGES[0]["id"]: [
                    {**usage, "type": "pages", "estimated_time_to_regain_access": self.regain_minutes}
                ]
            }
            headers = {"X-App-Usage": json.dumps(usage), "X-Business-Use-Case-Usage": json.dumps(business)}
        return error(status, code, message, subcode, headers)

    def made(self, account, platform, reply, **fields):
        """Record a post readers see; answer its id (after `hang_seconds` for "hang")."""
        with self._lock:
            number = str(next(self._ids))
            post_id = f"{account}_{number}" if fields.get("kind") != "video" else number
            post = {"id": post_id, "account": account, "platform": platform, **fields}
            self.posts.append(post)
        if reply == "hang":
            time.sleep(self.hang_seconds)
        return answer({"id": post_id})

    def next_reply(self, replies):
        with self._lock:
            return replies.pop(0) if replies else None
