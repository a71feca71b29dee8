"""FakeYouTube: the fake's state and controls, its settings, the channels that sign in,
and the routes (the package's docstring says what it is faithful to; oauth.py, uploads.py
and api.py answer the calls)."""

import hashlib
import itertools

from werkzeug.wrappers import Response

from devtools.fakes.base import FakeServer
from devtools.fakes.youtube.api import Api
from devtools.fakes.youtube.errors import scripted
from devtools.fakes.youtube.oauth import OAuth
from devtools.fakes.youtube.uploads import DROPPED, SESSION_PATH, Uploads

CLIENT_ID = "123456789012-fakeyoutube.apps.googleusercontent.com"
CLIENT_SECRET = "GOCSPX-fake-youtube-secret"


def youtube_channel(number=0):
    """The channel of Google account `number`; number 0 is CHANNEL, the one who consents
    unless told otherwise."""
    digest = hashlib.sha256(f"channel {number}".encode()).hexdigest()
    suffix = str(number) if number else ""
    return {
        "id": "UC" + "".join(c for c in digest if c.isalnum())[:22],
        "title": f"Postline Fake{suffix and ' ' + suffix}",
        "handle": f"postlinefake{suffix}",
        "avatar": f"https://yt3.ggpht.com/fake-avatar-{number}=s88-c-k-c0x00ffffff-no-rj",
        "verified": True,
    }


CHANNEL = youtube_channel()


class FakeYouTube(OAuth, Uploads, Api, FakeServer):
    """YouTube's API and Google's OAuth on a free loopback port. Controls (plain
    attributes; lists are consumed one entry per matching request):

    - `session_replies`: next answers of opening an upload session, by errors.ERRORS
      name: "401", "quota", "rate", "upload_limit", "signup", "forbidden", "500", "503";
    - `chunk_replies`: next answers of a chunk PUT: those names, "drop" (take half the
      chunk, then drop the connection unanswered) or "hang" (the last chunk: make the
      video, then answer after `hang_seconds`); `keep_short`: the next chunks each held
      one 256 KiB block short of what was sent;
    - `comment_replies`, `thumbnail_replies`: next answers of those calls;
    - `token_replies`: next answers of the token endpoint: "500", "invalid_grant";
    - `deny`: the user declines; `no_channel`: the account has no channel;
    - `processing_checks`: videos.list answers that still say processing;
      `processing_fails`; `reject_duplicates`: a second upload of the same bytes to a
      channel is rejected as a duplicate; `unaudited`: uploads are locked private;
    - the quota: `quota_model` ("uploads": videos.insert has `daily_uploads` a day of
      its own; "units": it costs `upload_units` of the shared `daily_units`);
    - `sign_in(n)`: channel `youtube_channel(n)` consents next; `account_delays`.

    `videos` holds each video made (its `resource`, `data` and `channel`), `sessions`
    each upload session, `comments` each comment, `thumbnails` each thumbnail set;
    `received` counts the videos made by their description and the comments asked
    for by their text; `received_bytes` every byte it kept of an upload, and
    `chunk_ranges` the (first, last) byte of every chunk PUT, in order.
    """

    PROVIDER = "youtube"
    ACCOUNT_ID = "id"

    def __init__(self, delay=0.0, port=0):
        self.client_id = CLIENT_ID
        self.client_secret = CLIENT_SECRET
        self.access_ttl = 3599
        self.deny = False
        self.no_channel = False
        self.session_replies = []
        self.chunk_replies = []
        self.comment_replies = []
        self.thumbnail_replies = []
        self.token_replies = []
        self.keep_short = 0
        self.hang_seconds = 2.0
        self.processing_checks = 1
        self.processing_fails = False
        self.reject_duplicates = False
        self.unaudited = False
        self.quota_model = "uploads"
        self.daily_uploads = 100
        self.daily_units = 10_000
        self.upload_units = 1600
        self.quota_spent = {}
        self.codes = {}
        self.consents = set()
        self.refresh_tokens = {}
        self.revoked = []
        self.sessions = {}
        self.videos = {}
        self.comments = []
        self.thumbnails = {}
        self.received_bytes = 0
        self.chunk_ranges = []
        self._ids = itertools.count(1)
        super().__init__(delay, port)

    def settings(self, **overrides):
        """The `[youtube]` settings that point Postline here (256 KiB chunks: a video of
        more than that goes up in several)."""
        return {
            "client_id": self.client_id,
            "client_secret": self.client_secret,
            "auth_url": f"{self.url}/o/oauth2/v2/auth",
            "token_url": f"{self.url}/token",
            "revoke_url": f"{self.url}/revoke",
            "api_base": self.url,
            "chunk_bytes": 256 * 1024,
            "status_interval": 10,
            "quota_model": "uploads",
            "daily_units": 10_000,
            "daily_uploads": 100,
            "upload_units": 1600,
            **overrides,
        }

    def account(self, number):
        """Channel `youtube_channel(number)`."""
        return youtube_channel(number)

    def next_reply(self, replies):
        with self._lock:
            return replies.pop(0) if replies else None

    @property
    def posts(self):
        """Every video made, oldest first, each with its `id` and `description` (registry.py)."""
        return [
            {"id": video["id"], "description": video["resource"]["snippet"].get("description"), **video}
            for video in self.videos.values()
        ]

    def keep_receipt(self, request, response):
        if not request.environ.get(DROPPED):  # a dropped connection's body cannot be read for one
            super().keep_receipt(request, response)

    def expire_sessions(self):
        """Every upload session so far is gone (YouTube keeps one about a week)."""
        with self._lock:
            for session in self.sessions.values():
                session["gone"] = True

    # The HTTP side ---------------------------------------------------------------

    def route(self, request):
        path, method = request.path, request.method
        if path == "/o/oauth2/v2/auth" and method == "GET":
            return self.authorize(request.args)
        if path == "/token" and method == "POST":
            return self.token(request)
        if path == "/revoke" and method == "POST":
            return self.revoke(request)
        if path == SESSION_PATH and method == "PUT":
            return self.upload_chunk(request)  # the session's URI authenticates the upload
        token = self.access_token(request)
        if token is None:
            return scripted("401")
        self.hold(token["user"])
        if path == SESSION_PATH and method == "POST" and request.args.get("uploadType") == "resumable":
            return self.open_session(request, token)
        if path == "/youtube/v3/channels" and method == "GET":
            return self.channels(request, token)
        if path == "/youtube/v3/videos" and method == "GET":
            return self.list_videos(request, token)
        if path == "/upload/youtube/v3/thumbnails/set" and method == "POST":
            return self.set_thumbnail(request, token)
        if path == "/youtube/v3/commentThreads" and method == "POST":
            return self.comment(request, token)
        return Response("Not Found", 404)
