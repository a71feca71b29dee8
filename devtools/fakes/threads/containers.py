"""Threads' publishing as the fake answers it: media containers (`POST
/{user-id}/threads`: TEXT, IMAGE, VIDEO, a carousel's items and the CAROUSEL of 2 to
20), their status (IN_PROGRESS while a video processes, FINISHED, ERROR with Threads'
message, EXPIRED after a day unpublished, PUBLISHED), `threads_publish` (refused with
"Media Not Found" while the container is not ready; counted against the quota), the
published media and the publishing quota (250 posts and 1,000 replies a day)."""

import re
import secrets
import time

from devtools.fakes.base import answer, fetched
from devtools.fakes.meta.graph import fields, node_answer, params
from devtools.fakes.threads.errors import error

MEDIA_TYPES = ("TEXT", "IMAGE", "VIDEO", "CAROUSEL")
REPLY_CONTROLS = ("everyone", "accounts_you_follow", "mentioned_only")
IMAGE_TYPES = ("image/jpeg", "image/png")
VIDEO_TYPES = ("video/mp4", "video/quicktime")
IMAGE_BYTES = 8 * 1024 * 1024
TEXT_LIMIT = 500
MAX_LINKS = 5
CAROUSEL = (2, 20)
DAY = 86_400
LINK = re.compile(r"https?://\S+|\bwww\.\S+", re.IGNORECASE)
EMOJI_RANGES = ((0x2190, 0x21FF), (0x2300, 0x23FF), (0x2460, 0x27BF), (0x2900, 0x2BFF), (0x3030, 0x303D))
EMOJI_POINTS = {0x00A9, 0x00AE, 0x200D, 0x203C, 0x2049, 0x20E3, 0x2122, 0x2139, 0x3297, 0x3299, 0xFE0F}
# What a published post's media_type is, by its container's.
SHOWN_TYPES = {"TEXT": "TEXT_POST", "IMAGE": "IMAGE", "VIDEO": "VIDEO", "CAROUSEL": "CAROUSEL_ALBUM"}
MEDIA_FIELDS = ("id", "permalink", "shortcode", "timestamp", "text", "media_type", "username", "is_reply")


def threads_length(text):
    """Characters as Threads counts them: an emoji as many as its UTF-8 bytes."""

    def emoji(point):
        return point >= 0x1F000 or point in EMOJI_POINTS or any(a <= point <= b for a, b in EMOJI_RANGES)

    return sum(len(char.encode()) if emoji(ord(char)) else 1 for char in text)


def text_refused(form):
    """Threads' refusal of a container's text and its options, or None."""
    text = form.get("text", "")
    if threads_length(text) > TEXT_LIMIT:
        return error(400, 100, f"Param text must be at most {TEXT_LIMIT} characters long.")
    if len(set(LINK.findall(text))) > MAX_LINKS:
        return error(400, 100, "THREADS_API__LINK_LIMIT_EXCEEDED: a post has at most 5 links")
    if form.get("reply_control", "everyone") not in REPLY_CONTROLS:
        return error(400, 100, f"Param reply_control must be one of {', '.join(REPLY_CONTROLS)}")
    tag = form.get("topic_tag")
    if tag is not None and (not 1 <= len(tag) <= 50 or "." in tag or "&" in tag):
        return error(400, 100, "Param topic_tag must have 1 to 50 characters, without periods or ampersands")
    if form.get("link_attachment") and form.get("media_type") != "TEXT":
        return error(400, 100, "Param link_attachment is only supported for TEXT posts")
    return None


class Containers:
    """The publishing side of FakeThreads (a mixin: FakeThreads holds `containers`,
    `posts`, the controls and the quota)."""

    def create_container(self, request, grant):
        user = grant["user"]
        form = params(request)
        reply = self.next_reply(self.container_replies)
        if reply is not None:
            return self.injected(reply)
        media_type = form.get("media_type", "")
        if media_type not in MEDIA_TYPES:
            return error(400, 100, f"Param media_type must be one of {{{', '.join(MEDIA_TYPES)}}}")
        item = form.get("is_carousel_item") == "true"
        if item and media_type not in ("IMAGE", "VIDEO"):
            return error(400, 100, "A carousel item is an IMAGE or a VIDEO")
        if media_type == "TEXT" and not form.get("text"):
            return error(400, 100, "Param text is required for media_type TEXT")
        refused = text_refused(form)
        if refused is None and form.get("reply_to_id"):
            refused = self.reply_refused(form["reply_to_id"], grant)
        container = {"user": user, "type": media_type, "item": item, "form": form, "checks": 0}
        container["created"] = time.monotonic()
        refused = refused or self.container_media(form, media_type, container, user)
        if refused is not None:
            return refused
        container_id = str(next(self._ids))
        with self._lock:
            self.containers[container_id] = container
        return answer({"id": container_id})

    def reply_refused(self, reply_to, grant):
        if "threads_manage_replies" not in grant["scopes"]:
            return error(400, 10, "(#10) Replying requires the threads_manage_replies permission")
        if not any(post["id"] == reply_to for post in self.posts):
            return error(400, 100, f"Param reply_to_id {reply_to} is not a published Threads media")
        return None

    def container_media(self, form, media_type, container, user):
        """Fetch what the container names into it, or check a carousel's items; Threads' refusal, or None."""
        if media_type == "CAROUSEL":
            children = [child for child in form.get("children", "").split(",") if child]
            if not CAROUSEL[0] <= len(children) <= CAROUSEL[1]:
                return error(400, 100, "A carousel has 2 to 20 items")
            for child in children:
                found = self.containers.get(child)
                if found is None or not found["item"] or found["user"]["id"] != user["id"]:
                    return error(
                        400, 100, f"Param children names {child}, which is not a carousel item of yours"
                    )
                if self.status_of(child, count=False) != "FINISHED":
                    return error(400, 24, "The carousel item is not ready to be published", 4279009)
            container["children"] = children
            return None
        if media_type == "IMAGE":
            status, content_type, body = fetched(self.fetch, form.get("image_url", ""))
            self.keep_fetch_receipt(form.get("image_url", ""), status, content_type, body)
            if status != 200 or content_type.split(";")[0] not in IMAGE_TYPES:
                return error(400, 100, "The media could not be fetched from this URI", 2207052)
            if len(body) > IMAGE_BYTES:
                return error(400, 100, "The image is larger than 8 MB", 2207004)
        if media_type == "VIDEO":
            status, content_type, body = fetched(self.fetch, form.get("video_url", ""))
            self.keep_fetch_receipt(form.get("video_url", ""), status, content_type, body)
            container["download_failed"] = status != 200 or content_type.split(";")[0] not in VIDEO_TYPES
            container["video"] = True
        return None

    def status_of(self, container_id, count=True):
        """A container's status, counting a check (a video is IN_PROGRESS for the first
        `processing_checks`, or for `processing_seconds`)."""
        container = self.containers[container_id]
        if container.get("published"):
            return "PUBLISHED"
        if time.monotonic() - container["created"] > DAY:
            return "EXPIRED"
        if count:
            container["checks"] += 1
        if not container.get("video"):
            return "FINISHED"
        if container["download_failed"]:
            return "ERROR"
        if self.processing_seconds is not None:
            done = time.monotonic() >= container["created"] + self.processing_seconds
        else:
            done = container["checks"] > self.processing_checks
        return self.processing_result if done else "IN_PROGRESS"

    def container_answer(self, request, container_id):
        node = {"id": container_id, "status": None, "error_message": None}
        names, refused = fields(request, "ThreadsMediaContainer", node, ("id",))
        if refused:
            return refused
        status = self.status_of(container_id) if {"status", "error_message"} & set(names) else None
        if status == "ERROR":
            download_failed = self.containers[container_id]["download_failed"]
            node["error_message"] = "FAILED_DOWNLOADING_VIDEO" if download_failed else self.processing_error
        node["status"] = status
        return answer({name: node[name] for name in ["id", *names] if node[name] is not None})

    def publish(self, request, user):
        creation_id = params(request).get("creation_id", "")
        container = self.containers.get(creation_id)
        if container is None or container["user"]["id"] != user["id"] or container["item"]:
            return error(400, 24, "Media Not Found", 4279009)
        self.count_received(container["form"].get("text", ""))
        reply = self.next_reply(self.publish_replies)
        if reply is not None and reply != "hang":
            return self.injected(reply)
        status = self.status_of(creation_id, count=False)
        if status == "PUBLISHED":
            return error(400, 100, "This media container was already published")
        if status != "FINISHED":
            return error(400, 24, "Media Not Found", 4279009)
        replying = bool(container["form"].get("reply_to_id"))
        usage, total = self.quota(user, replying)
        if usage >= total:
            return error(400, 4, "The user has reached the publishing limit for the last 24 hours", 2207042)
        container["published"] = True
        post = self.made(user, container, creation_id)
        if reply == "hang":
            time.sleep(self.hang_seconds)
        return answer({"id": post["id"]})

    def made(self, user, container, creation_id):
        form = container["form"]
        shortcode = secrets.token_urlsafe(8)[:11]
        post = {
            "id": str(next(self._ids)),
            "user": user["id"],
            "username": user["username"],
            "container": creation_id,
            "text": form.get("text", ""),
            "media_type": SHOWN_TYPES[container["type"]],
            "children": container.get("children"),
            "reply_to": form.get("reply_to_id"),
            "reply_control": form.get("reply_control"),
            "topic_tag": form.get("topic_tag"),
            "link_attachment": form.get("link_attachment"),
            "alt_text": form.get("alt_text"),
            "permalink": f"https://www.threads.com/@{user['username']}/post/{shortcode}",
            "shortcode": shortcode,
            "made_at": time.time(),
        }
        with self._lock:
            self.posts.append(post)
        return post

    def media_answer(self, request, post):
        node = {
            **{name: post.get(name) for name in MEDIA_FIELDS},
            "timestamp": time.strftime("%Y-%m-%dT%H:%M:%S+0000", time.gmtime(post["made_at"])),
            "is_reply": post["reply_to"] is not None,
        }
        return node_answer(request, "ThreadsMedia", node, ("id",))

    def quota(self, user, replies):
        """(usage, total) of the user's posts, or replies, in the last 24 hours."""
        now = time.time()
        made = [
            post
            for post in self.posts
            if post["user"] == user["id"]
            and post["made_at"] > now - DAY
            and bool(post["reply_to"]) == replies
        ]
        if replies:
            return len(made) + self.reply_quota_used, self.reply_quota_total
        return len(made) + self.quota_used, self.quota_total

    def publishing_limit(self, request, user):
        posts, post_total = self.quota(user, replies=False)
        replies, reply_total = self.quota(user, replies=True)
        node = {
            "id": None,
            "quota_usage": posts,
            "config": {"quota_total": post_total, "quota_duration": DAY},
            "reply_quota_usage": replies,
            "reply_config": {"quota_total": reply_total, "quota_duration": DAY},
        }
        names, refused = fields(request, "ThreadsPublishingLimit", node, ("quota_usage",))
        if refused:
            return refused
        return answer({"data": [{name: node[name] for name in names}]})
