"""FakeMeta: the fake's state and the API calls it answers (the package's docstring
says what it is faithful to)."""

import itertools
import json
import secrets
import time
from collections import Counter
from urllib.parse import urlencode

import requests
from werkzeug.wrappers import Response

from devtools.fakes.base import FakeServer, answer

CLIENT_ID = "fake-meta-app"
CLIENT_SECRET = "fake-meta-secret"
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
JPEG_MAGIC = b"\xff\xd8\xff"
JPEG_BYTES = 8 * 1024 * 1024
# Meta's answers to the kinds of failure a test injects: (HTTP status, code, subcode, message).
ERRORS = {
    "token": (400, 190, 460, "Error validating access token: The session has been invalidated"),
    "rate_limit": (400, 4, None, "(#4) Application request limit reached"),
    "page_rate_limit": (400, 32, None, "(#32) Page request limit reached"),
    "policy": (400, 368, 1390008, "The action attempted has been deemed abusive or is otherwise disallowed"),
    "duplicate": (400, 506, None, "Duplicate status message"),
    "invalid": (400, 100, None, "(#100) Invalid parameter"),
    "caption": (400, 100, 2207010, "The caption is too long"),
    "unknown": (500, 1, None, "An unknown error occurred"),
    "500": (500, 2, None, "An unexpected error has occurred. Please retry your request later."),
}


def error(status, code, message, subcode=None, headers=None):
    body = {"message": message, "type": "OAuthException", "code": code, "fbtrace_id": secrets.token_hex(8)}
    if subcode is not None:
        body["error_subcode"] = subcode
    return Response(json.dumps({"error": body}), status, headers=headers, content_type="application/json")


def fetch_over_http(url):
    answer = requests.get(url, timeout=5)
    return answer.status_code, answer.headers.get("Content-Type", ""), answer.content


class FakeMeta(FakeServer):
    """Meta's dialog and Graph API on a free loopback port. Controls (plain attributes;
    lists are consumed one entry per matching request):

    - `publish_replies`: next answers of the calls that make a post (Page `feed` and
      `videos`, Instagram `media_publish`): a key of ERRORS, or "hang" (makes the post,
      answers after `hang_seconds`);
    - `container_replies`: next answers of Instagram `POST /{ig}/media`;
    - `regain_minutes`: `estimated_time_to_regain_access` on throttling answers;
    - `deny`: the user declines the dialog; `delay`: seconds every answer waits;
    - `processing_checks`: status answers that say IN_PROGRESS for a video container
      (images are FINISHED at once); `processing_seconds`, when set instead: every
      container is IN_PROGRESS that long; `processing_result`: FINISHED, ERROR or EXPIRED;
    - `quota_total`: the 24-hour publishing limit; `quota_used`: posts made elsewhere;
    - `sign_in(n)`: user `meta_user(n)` approves the next dialogs; `account_delays`:
      {user id: seconds} each Graph call with that user's tokens (their Pages' too) waits.

    `received` counts, by their text, the calls that make a post readers see: Page
    `feed`, published `photos` and `videos`, Instagram `media_publish` (its container's
    caption).
    """

    PROVIDER = "meta"

    def __init__(self, delay=0.0, port=0, version=VERSION):
        self.version = version
        self.deny = False
        self.publish_replies = []
        self.container_replies = []
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
        self.codes = {}
        self.tokens = {}  # token -> {"kind": "short" | "user" | "page", "page": id}
        self._ids = itertools.count(180_000_000_000_001)
        super().__init__(delay, port)

    def settings(self):
        """The `[meta]` settings that point Postline here."""
        return {
            "client_id": CLIENT_ID,
            "client_secret": CLIENT_SECRET,
            "graph_version": self.version,
            "auth_base": self.url,
            "api_base": self.url,
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
            return self.me(token, edge)
        if token["kind"] != "page":
            return error(400, 200, "(#200) This endpoint requires a Page access token")
        page = self.page_of(token)
        if node == page["id"]:
            return self.page_call(request, page, edge)
        if node == page["instagram"]:
            return self.instagram_call(request, token["user"]["instagram"], edge)
        if node in self.containers and self.containers[node]["account"] == page["instagram"]:
            return self.container_status(node)
        published = next((post for post in self.posts if post["id"] == node), None)
        if published is not None and published["account"] == page["instagram"] and method == "GET":
            return answer({"id": node, "permalink": published["permalink"]})
        return error(
            400, 100, f"Unsupported request: object {node} does not exist or this token cannot see it"
        )

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

    def dialog(self, request):
        args = request.args
        if any(not args.get(name) for name in ("client_id", "redirect_uri", "state", "scope")):
            return Response("Sorry, something went wrong: missing parameters", 400)
        if args["client_id"] != CLIENT_ID or args.get("response_type") != "code":
            return Response("Invalid App ID", 400)
        if "code_challenge" in args:
            return Response("Meta takes no PKCE here", 400)
        if self.deny:
            query = {
                "error": "access_denied",
                "error_reason": "user_denied",
                "error_description": "Permissions error",
                "state": args["state"],
            }
        else:
            code = secrets.token_urlsafe(24)
            self.codes[code] = {
                "redirect_uri": args["redirect_uri"],
                "scope": args["scope"].split(","),
                "user": self.signed_in,
            }
            query = {"code": code, "state": args["state"]}
        return Response(status=302, headers={"Location": f"{args['redirect_uri']}?{urlencode(query)}"})

    def access_token(self, request):
        args = request.args
        if args.get("client_id") != CLIENT_ID or args.get("client_secret") != CLIENT_SECRET:
            return error(400, 1, "Error validating client secret.")
        if args.get("grant_type") == "fb_exchange_token":
            short = self.tokens.get(args.get("fb_exchange_token", ""))
            if short is None or short["kind"] != "short":
                return error(400, 190, "Invalid OAuth access token.")
            return answer(self.issue("user", 5_183_944, user=short["user"]))
        grant = self.codes.pop(args.get("code", ""), None)
        if grant is None or grant["redirect_uri"] != args.get("redirect_uri"):
            return error(400, 100, "This authorization code has been used.", 36009)
        return answer(self.issue("short", 5_400, user=grant["user"]))

    def issue(self, kind, expires_in=None, page=None, user=USER):
        token = secrets.token_urlsafe(32)
        with self._lock:
            self.tokens[token] = {"kind": kind, "page": page, "user": user}
        body = {"access_token": token, "token_type": "bearer"}
        if expires_in:
            body["expires_in"] = expires_in
        return body

    def bearer(self, request):
        header = request.headers.get("Authorization", "")
        presented = header.removeprefix("Bearer ") if header.startswith("Bearer ") else None
        return self.tokens.get(presented or request.args.get("access_token", ""))

    def page_of(self, token):
        """The Page a Page token acts for."""
        return next(page for page in token["user"]["pages"] if page["id"] == token["page"])

    def me(self, token, edge):
        user = token["user"]
        if token["kind"] == "page":
            page = self.page_of(token)
            if edge == "accounts":
                return error(
                    400, 100, "(#100) Tried accessing nonexisting field (accounts) on node type (Page)"
                )
            return answer(self.page_fields(page))
        if edge is None:
            return answer({"id": user["id"], "name": user["name"]})
        if edge != "accounts" or token["kind"] != "user":
            return error(400, 100, "(#100) Unknown path components")
        data = [
            {
                **self.page_fields(page),
                "access_token": self.issue("page", page=page["id"], user=user)["access_token"],
            }
            for page in user["pages"]
        ]
        return answer({"data": data, "paging": {"cursors": {"before": "QVFI", "after": "QVFI"}}})

    def page_fields(self, page):
        fields = {
            "id": page["id"],
            "name": page["name"],
            "picture": {"data": {"url": f"https://scontent.xx.fbcdn.net/{page['id']}.jpg"}},
        }
        if page["instagram"]:
            fields["instagram_business_account"] = {"id": page["instagram"]}
        return fields

    # Facebook Pages ------------------------------------------------------------

    def page_call(self, request, page, edge):
        if request.method != "POST" or edge not in ("feed", "photos", "videos"):
            return error(400, 100, "(#100) Unsupported request")
        form = request.form
        published = edge != "photos" or form.get("published") != "false"
        if published:  # a published photo is a post of its own
            self.count_received(form.get("description" if edge == "videos" else "message", ""))
        if edge == "photos":
            fetched = self.fetched_media(form.get("url", ""))
            if isinstance(fetched, Response):
                return fetched
            photo_id = str(next(self._ids))
            self.photos[photo_id] = {"page": page["id"], "published": published}
            return answer({"id": photo_id})
        reply = self.next_reply(self.publish_replies)
        if reply is not None and reply != "hang":
            return self.injected(reply)
        if edge == "videos":
            fetched = self.fetched_media(form.get("file_url", ""))
            if isinstance(fetched, Response):
                return fetched
            return self.made(page["id"], "facebook", reply, kind="video", text=form.get("description", ""))
        attached = json.loads(form.get("attached_media") or "[]")
        for item in attached:
            photo = self.photos.get(str(item.get("media_fbid")))
            if photo is None or photo["page"] != page["id"] or photo["published"]:
                return error(400, 100, "(#100) param attached_media must be unpublished photos of this Page")
        message = form.get("message", "")
        if message and any(post["text"] == message for post in self.posts_of(page["id"])):
            return self.injected("duplicate")
        photos = [str(item["media_fbid"]) for item in attached]
        return self.made(page["id"], "facebook", reply, text=message, photos=photos)

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

    def fetched_media(self, url, jpeg_only=False):
        """Fetch `url` as Meta does; the bytes, or Meta's refusal."""
        try:
            status, content_type, body = self.fetch(url)
        except Exception as failure:  # noqa: BLE001 - Meta answers any failure the same way
            status, content_type, body = 0, "", str(failure).encode()
        self.fetched.append({"url": url, "status": status, "content_type": content_type, "body": body})
        if status != 200:
            return error(
                400, 9004, "Media download has failed. The media URI doesn't meet our requirements.", 2207052
            )
        if jpeg_only and (not body.startswith(JPEG_MAGIC) or len(body) > JPEG_BYTES):
            return error(400, 9004, "Only JPEG images up to 8 MB are supported.", 2207009)
        return body

    # Instagram -------------------------------------------------------------------

    def instagram_call(self, request, profile, edge):
        account = profile["id"]
        if request.method == "GET" and edge is None:
            return answer(profile)
        if request.method == "GET" and edge == "content_publishing_limit":
            now = time.time()
            made = [post for post in self.posts_of(account) if post["made_at"] > now - 86_400]
            usage = len(made) + self.quota_used
            config = {"quota_total": self.quota_total, "quota_duration": 86_400}
            return answer({"data": [{"quota_usage": usage, "config": config}]})
        if request.method == "POST" and edge == "media":
            return self.create_container(request.form, account)
        if request.method == "POST" and edge == "media_publish":
            return self.media_publish(
                request.args.get("creation_id") or request.form.get("creation_id"), account
            )
        return error(400, 100, "(#100) Unsupported request")

    def create_container(self, form, account):
        reply = self.next_reply(self.container_replies)
        if reply is not None:
            return self.injected(reply)
        caption = form.get("caption", "")
        if len(caption) > 2200 or caption.count("#") > 30:
            return self.injected("caption")
        media_type = form.get("media_type", "IMAGE")
        container = {
            "account": account,
            "type": media_type,
            "checks": 0,
            "caption": caption,
            "created": time.monotonic(),
        }
        if media_type == "CAROUSEL":
            children = form.get("children", "").split(",")
            if not 2 <= len(children) <= 10 or any(
                self.containers.get(child, {}).get("carousel_item") is not True for child in children
            ):
                return error(400, 100, "(#100) The carousel children are invalid")
            container["children"] = children
        elif media_type in ("REELS", "VIDEO"):
            fetched = self.fetched_media(form.get("video_url", ""))
            if isinstance(fetched, Response):
                return fetched
            container["video"] = True
        else:
            fetched = self.fetched_media(form.get("image_url", ""), jpeg_only=True)
            if isinstance(fetched, Response):
                return fetched
        container["carousel_item"] = form.get("is_carousel_item") == "true"
        container_id = str(next(self._ids))
        with self._lock:
            self.containers[container_id] = container
        return answer({"id": container_id})

    def status_of(self, container_id):
        container = self.containers[container_id]
        if container.get("published"):
            return "PUBLISHED"
        if container["type"] == "CAROUSEL":
            states = [self.status_of(child) for child in container["children"]]
            return next((state for state in states if state != "FINISHED"), "FINISHED")
        container["checks"] += 1
        return self.final_status(container_id)

    def container_status(self, container_id):
        status = self.status_of(container_id)
        body = {"id": container_id, "status_code": status}
        if status == "ERROR":
            body["status"] = "Error: 2207026: Unsupported video format"
        return answer(body)

    def media_publish(self, creation_id, account):
        container = self.containers.get(creation_id or "")
        if container is None or container["account"] != account:
            return error(400, 100, "(#100) Invalid parameter: creation_id")
        self.count_received(container["caption"])
        reply = self.next_reply(self.publish_replies)
        if reply is not None and reply != "hang":
            return self.injected(reply)
        if container.get("published") or self.final_status(creation_id) != "FINISHED":
            return error(
                400, 9007, "The media is not ready for publishing, please wait for a moment", 2207027
            )
        container["published"] = True
        shortcode = secrets.token_urlsafe(8)
        return self.made(
            account,
            "instagram",
            reply,
            caption=container["caption"],
            container=creation_id,
            permalink=f"https://www.instagram.com/p/{shortcode}/",
            made_at=time.time(),
        )

    def final_status(self, container_id):
        """A container's status without counting a check."""
        container = self.containers[container_id]
        if container["type"] == "CAROUSEL":
            states = [self.final_status(child) for child in container["children"]]
            return next((state for state in states if state != "FINISHED"), "FINISHED")
        if self.processing_seconds is not None:
            done = time.monotonic() >= container["created"] + self.processing_seconds
        else:
            done = not container.get("video") or container["checks"] > self.processing_checks
        return self.processing_result if done else "IN_PROGRESS"
