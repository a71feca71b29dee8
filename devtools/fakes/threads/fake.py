"""FakeThreads: the fake's state, the API's routes, and the profile (the package's
docstring says what it is faithful to; oauth.py and containers.py answer the rest)."""

import itertools

from devtools.fakes.base import FakeServer, answer, fetch_over_http
from devtools.fakes.meta.graph import node_answer
from devtools.fakes.pages import fetched_receipt
from devtools.fakes.threads.containers import Containers
from devtools.fakes.threads.errors import error, injected, unsupported
from devtools.fakes.threads.oauth import OAuth

CLIENT_ID = "fake-threads-app"
CLIENT_SECRET = "fake-threads-secret"
VERSION = "v1.0"
DAY = 86_400
# What each kind of call needs of the permissions the user granted.
NEEDS = {"read": ("threads_basic",), "publish": ("threads_basic", "threads_content_publish")}


def threads_user(number=0):
    """A Threads profile; number 0 is USER, the one who approves unless told otherwise."""
    user_id = str(25_061_000_000_000_001 + number)
    suffix = f"_{number}" if number else ""
    return {
        "id": user_id,
        "username": f"postline.fake{suffix}",
        "name": f"Postline Fake{suffix}",
        "threads_profile_picture_url": f"https://scontent.cdninstagram.com/v/t51.2885-19/{user_id}.jpg",
        "threads_biography": "Scheduling, in the open.",
    }


USER = threads_user()


class FakeThreads(OAuth, Containers, FakeServer):
    """Threads' authorize page and API on a free loopback port. Controls (plain
    attributes; lists are consumed one entry per matching request):

    - `container_replies`: next answers of `POST /{user-id}/threads`: a key of
      errors.ERRORS; `publish_replies`: of `threads_publish`, or "hang" (publishes,
      answers after `hang_seconds`); `token_replies`: of the token renewal;
    - `deny`: the user declines at the authorize page; `delay`: seconds every answer waits;
    - `processing_checks`: status answers that say IN_PROGRESS for a video container
      (text and images are FINISHED at once); `processing_seconds`, when set instead:
      a video is IN_PROGRESS that long; `processing_result`: FINISHED or ERROR (with
      `processing_error` as its message);
    - `quota_total`, `quota_used`: the 24-hour limit of posts and posts made elsewhere;
      `reply_quota_total`, `reply_quota_used`: the same of replies;
    - `min_refresh_age`: seconds a long-lived token must have before it renews;
      `age_tokens(s)`, `invalidate_tokens()`, `expire_access_tokens()`;
    - `fetch(url) -> (status, content type, bytes)`: how Threads fetches media (over
      HTTP; a test hands it the app's test client);
    - `sign_in(n)`: user `threads_user(n)` approves the next authorizations;
      `account_delays`: {user id: seconds} each API call of that user waits.

    `posts` holds what readers see (`reply_to`: the media id it answers); `received`
    counts, by their text, the `threads_publish` calls that reached it.
    """

    PROVIDER = "threads"

    def __init__(self, delay=0.0, port=0, client_id=CLIENT_ID, client_secret=CLIENT_SECRET):
        self.client_id = client_id
        self.client_secret = client_secret
        self.version = VERSION
        self.deny = False
        self.container_replies = []
        self.publish_replies = []
        self.token_replies = []
        self.hang_seconds = 2.0
        self.regain_minutes = 15
        self.processing_checks = 1
        self.processing_seconds = None
        self.processing_result = "FINISHED"
        self.processing_error = "FAILED_PROCESSING_VIDEO"
        self.quota_total, self.quota_used = 250, 0
        self.reply_quota_total, self.reply_quota_used = 1000, 0
        self.min_refresh_age = DAY
        self.fetch = fetch_over_http
        self.codes = {}
        self.containers = {}
        self.posts = []
        self._ids = itertools.count(18_060_000_000_000_001)
        super().__init__(delay, port)

    def settings(self):
        """The `[threads]` settings that point Postline here."""
        return {
            "client_id": self.client_id,
            "client_secret": self.client_secret,
            "auth_url": f"{self.url}/oauth/authorize",
            "token_url": f"{self.url}/oauth/access_token",
            "api_base": self.url,
            "api_version": self.version,
            "status_interval": 1,
        }

    def account(self, number):
        """Threads user `threads_user(number)`."""
        return threads_user(number)

    def posts_of(self, user_id):
        return [post for post in self.posts if post["user"] == user_id]

    def injected(self, name):
        return injected(name, self.regain_minutes)

    def next_reply(self, replies):
        with self._lock:
            return replies.pop(0) if replies else None

    def keep_fetch_receipt(self, url, status, content_type, body):
        """Show a person the media Threads fetched, on the received page (pages.py)."""
        with self._lock:
            self.receipts.append(fetched_receipt("Threads", url, status, content_type, body))

    # The HTTP side ---------------------------------------------------------------

    def route(self, request):
        path, method = request.path, request.method
        if path == "/oauth/authorize" and method == "GET":
            return self.authorize(request)
        if path == "/oauth/access_token" and method == "POST":
            return self.exchange_code(request)
        if path == "/access_token" and method == "GET":
            return self.long_lived(request)
        if path == "/refresh_access_token" and method == "GET":
            return self.renew(request)
        prefix, _, rest = path.lstrip("/").partition("/")
        if prefix != self.version:
            return error(400, 100, f"Unknown version {prefix}: the Threads API is at {self.version}")
        grant = self.token_of(request)
        if not isinstance(grant, dict):
            return grant
        self.hold(grant["user"])
        node, _, edge = rest.partition("/")
        return self.api_call(request, grant, node, edge or None)

    def api_call(self, request, grant, node, edge):
        user, method = grant["user"], request.method
        if node in ("me", user["id"]) and edge is None and method == "GET":
            return self.lacking(grant, "read") or node_answer(request, "ThreadsUser", user, ("id",))
        if node in ("me", user["id"]) and edge is not None:
            refused = self.lacking(grant, "publish" if edge != "threads" or method == "POST" else "read")
            if refused:
                return refused
            if edge == "threads" and method == "POST":
                return self.create_container(request, grant)
            if edge == "threads_publish" and method == "POST":
                return self.publish(request, user)
            if edge == "threads_publishing_limit" and method == "GET":
                return self.publishing_limit(request, user)
            if edge == "threads" and method == "GET":
                listed = [
                    {"id": post["id"], "permalink": post["permalink"]} for post in self.posts_of(user["id"])
                ]
                return answer({"data": list(reversed(listed)), "paging": {}})
            return unsupported(f"{node}/{edge}")
        if method == "GET" and edge is None:
            container = self.containers.get(node)
            if container is not None and container["user"]["id"] == user["id"]:
                return self.lacking(grant, "read") or self.container_answer(request, node)
            post = next((post for post in self.posts if post["id"] == node), None)
            if post is not None:
                return self.lacking(grant, "read") or self.media_answer(request, post)
        return unsupported(node)

    def lacking(self, grant, call):
        """Threads' refusal when the user did not grant what `call` needs, or None."""
        missing = [name for name in NEEDS[call] if name not in grant["scopes"]]
        if missing:
            return error(400, 10, f"(#10) This call requires the {', '.join(missing)} permission(s)")
        return None
