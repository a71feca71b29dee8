"""FakeBluesky: the fake's state, its accounts, and where each request goes (the
package's docstring says what it is faithful to; server.py answers identity and
sessions, repo.py records and blobs, video.py the video service)."""

import base64
import hashlib
import re
import threading
import time
from collections import Counter, defaultdict, deque

from werkzeug.wrappers import Response

from devtools.fakes.base import FakeServer
from devtools.fakes.bluesky.repo import Repo
from devtools.fakes.bluesky.server import Server
from devtools.fakes.bluesky.video import Video
from devtools.fakes.bluesky.xrpc import xrpc_error

HANDLE = re.compile(r"postline-fake(?:-(\d+))?\.bsky\.test")
# Accounts the fake knows by DID (a handle names its number itself).
KNOWN_ACCOUNTS = 100
# XRPC procedures (POST); every other method is a query (GET).
PROCEDURES = {
    "com.atproto.server.createSession",
    "com.atproto.server.refreshSession",
    "com.atproto.server.deleteSession",
    "com.atproto.repo.uploadBlob",
    "com.atproto.repo.createRecord",
    "com.atproto.repo.deleteRecord",
    "app.bsky.video.uploadVideo",
}


def bluesky_account(number=0):
    """Account `number`: its DID, handle and app password (what Postline signs in with),
    the account's own password, and its profile. Number 0 is ACCOUNT."""
    suffix = f"-{number}" if number else ""
    letters = base64.b32encode(hashlib.sha256(f"postline-fake-{number}".encode()).digest()).decode().lower()
    did = f"did:plc:{letters[:24]}"
    return {
        "did": did,
        "handle": f"postline-fake{suffix}.bsky.test",
        "app_password": "-".join(letters[start : start + 4] for start in (24, 28, 32, 36)),
        "password": f"correct horse battery staple{suffix}",
        "displayName": f"Postline Fake{suffix.replace('-', ' ')}",
        "avatar": f"https://cdn.bsky.app/img/avatar/plain/{did}/bafkreifakeavatar@jpeg",
    }


ACCOUNT = bluesky_account()
DIDS = {bluesky_account(number)["did"]: number for number in range(KNOWN_ACCOUNTS)}


class FakeBluesky(Server, Repo, Video, FakeServer):
    """A PDS, the entryway that resolves handles, the PLC directory and the video
    service, all on one free loopback port. Controls (plain attributes; lists are
    consumed one entry per matching request):

    - `record_replies`: next answers of createRecord: "500", "502", "503", "429",
      "invalid" (400 InvalidRequest), "expired" (400 ExpiredToken), "401", "takedown",
      "hang" (creates the record, answers after `hang_seconds`), "lost" (creates the
      record, answers 502 as a proxy that lost the answer);
    - `blob_replies`: next answers of uploadBlob: "500", "413";
    - `session_replies`, `refresh_replies`: next answers of createSession and
      refreshSession: "500", "429", "expired" (refreshSession: 400 ExpiredToken);
    - `account_states`: {did: "takendown" or "deactivated"};
    - `documents`: {did: fields to change in its DID document} (another
      `alsoKnownAs`, another PDS); `handles`: {handle: did} resolved besides the accounts';
    - `write_limit`: the points of writes an account may spend an hour (a post costs 3);
    - `access_ttl`, `refresh_grace` (seconds a rotated refresh token keeps working),
      `rate_limit_reset` (the `ratelimit-reset` of a scripted 429, Unix s);
    - `processing_checks`: getJobStatus answers that still say JOB_STATE_ENCODING;
      `video_fails`; `upload_limits`: fields of getUploadLimits' answer to change;
    - `sign_in(n)`, `account_delays`, `delay`, as every fake (devtools/fakes/base.py).

    `records` holds each record by (did, collection, rkey); `posts` the posts made, in
    order, each with its `id` (its at:// URI); `sessions_created` counts createSession
    per DID; `received` counts the createRecord requests of posts by text.
    """

    PROVIDER = "bluesky"
    ACCOUNT_ID = "did"

    def __init__(self, delay=0.0, port=0):
        self.record_replies = []
        self.blob_replies = []
        self.session_replies = []
        self.refresh_replies = []
        self.account_states = {}
        self.documents = {}
        self.handles = {}
        self.access_ttl = 7200
        self.refresh_ttl = 90 * 86400
        self.refresh_grace = 7200
        self.hang_seconds = 2.0
        self.rate_limit_reset = None
        self.write_limit = 5000
        self.processing_checks = 1
        self.video_fails = False
        self.upload_limits = {}
        self.refresh_tokens = {}  # refresh JWT -> {"did", "expires_at", "spent_at", "revoked"}
        self.service_tokens = {}  # service JWT -> {"iss", "aud", "lxm", "exp"}
        self.sessions_created = Counter()
        self.session_times = defaultdict(deque)  # did -> times of its createSession calls
        self.write_points = defaultdict(deque)  # did -> (time, points) of its writes this hour
        self.records = {}
        self.posts = []
        self.blobs = {}
        self.jobs = {}
        self.deleted_sessions = []
        self._rkeys = threading.Lock()
        super().__init__(delay, port)

    def settings(self, **overrides):
        """The `[bluesky]` settings that point Postline here: the entryway, the PLC
        directory and the video service are all this fake."""
        return {
            "service_url": self.url,
            "plc_url": self.url,
            "video_url": self.url,
            "status_interval": 5,
            "link_cards_allow_http": False,
            "link_cards_allow_private_targets": False,
            **overrides,
        }

    @staticmethod
    def account(number):
        """Account `bluesky_account(number)`."""
        return bluesky_account(number)

    def account_of(self, identifier):
        """The account a handle or DID names, or None."""
        identifier = (identifier or "").lower()
        if identifier in DIDS:
            return bluesky_account(DIDS[identifier])
        matched = HANDLE.fullmatch(identifier)
        if matched:
            return bluesky_account(int(matched.group(1) or 0))
        return None

    @property
    def approval_page(self):
        """Bluesky signs in with an app password: no page approves anything (the
        playground turns every fake's approval page on; this one has none to show)."""
        return False

    @approval_page.setter
    def approval_page(self, value):
        pass

    def own_page(self, request):
        """Its own answers, and at / a page naming the accounts to sign in with."""
        if request.path == "/" and request.method == "GET":
            return self.sign_in_page()
        return super().own_page(request)

    def sign_in_page(self):
        rows = "".join(
            f"<li><code>{account['handle']}</code> with the app password "
            f"<code>{account['app_password']}</code></li>"
            for account in (bluesky_account(number) for number in range(3))
        )
        body = (
            "<!doctype html><html lang='en'><head><meta charset='utf-8'><title>Fake Bluesky</title></head>"
            "<body><h1>Fake Bluesky</h1><p>A local fake of Bluesky (the Postline playground): nothing "
            f"leaves this machine. Connect one of its accounts in Postline's console:</p><ul>{rows}</ul>"
            "<p><a href='/_fake/'>What this fake received</a></p></body></html>"
        )
        return Response(body, 200, content_type="text/html; charset=utf-8")

    # The HTTP side ---------------------------------------------------------------

    def route(self, request):
        if request.path.startswith("/did:"):
            return self.did_document(request.path[1:])
        if not request.path.startswith("/xrpc/"):
            return xrpc_error(404, "NotFound", "Not Found")
        nsid = request.path.removeprefix("/xrpc/")
        handler = self.handlers().get(nsid)
        if handler is None:
            return xrpc_error(501, "MethodNotImplemented", "Method Not Implemented")
        if request.method != ("POST" if nsid in PROCEDURES else "GET"):
            return xrpc_error(400, "InvalidRequest", "Incorrect HTTP method")
        return handler(request)

    def handlers(self):
        return {
            "com.atproto.identity.resolveHandle": self.resolve_handle,
            "com.atproto.server.createSession": self.create_session,
            "com.atproto.server.refreshSession": self.refresh_session,
            "com.atproto.server.deleteSession": self.delete_session,
            "com.atproto.server.getSession": self.authenticated(self.get_session),
            "com.atproto.server.getServiceAuth": self.authenticated(self.service_auth),
            "app.bsky.actor.getProfile": self.authenticated(self.get_profile),
            "com.atproto.repo.uploadBlob": self.authenticated(self.upload_blob),
            "com.atproto.repo.createRecord": self.authenticated(self.create_record),
            "com.atproto.repo.getRecord": self.get_record,
            "com.atproto.repo.deleteRecord": self.authenticated(self.delete_record),
            "app.bsky.video.getUploadLimits": self.upload_limits_answer,
            "app.bsky.video.uploadVideo": self.upload_video,
            "app.bsky.video.getJobStatus": self.job_status,
        }

    def authenticated(self, handler):
        """`handler(request, account)` behind the access token the request bears."""

        def checked(request):
            account, refusal = self.access_account(request)
            if refusal is not None:
                return refusal
            self.hold(account)
            return handler(request, account)

        return checked

    def spend_points(self, did, points):
        """Count a write of `points` against the account's `write_limit` points an hour
        (Bluesky's 5,000); a 429 answer when they are spent, else None."""
        now = time.time()
        with self._lock:
            spent = self.write_points[did]
            while spent and spent[0][0] <= now - 3600:
                spent.popleft()
            if sum(points for _, points in spent) + points > self.write_limit:
                reset = int(spent[0][0] + 3600) + 1
                return self.rate_limited(self.write_limit, 3600, reset)
            spent.append((now, points))
        return None

    def rate_limited(self, limit, window, reset):
        headers = {
            "ratelimit-limit": str(limit),
            "ratelimit-remaining": "0",
            "ratelimit-reset": str(reset),
            "ratelimit-policy": f"{limit};w={window}",
        }
        return xrpc_error(429, "RateLimitExceeded", "Rate Limit Exceeded", headers)

    def next_reply(self, replies):
        with self._lock:
            return replies.pop(0) if replies else None
