"""Instagram professional accounts as the fake answers them, with a Page token whose
user granted `instagram_basic` (and `instagram_content_publish` to publish): the
profile, `content_publishing_limit`, containers (an image fetched by Meta from its
`image_url`, JPEG only; a reel from its `video_url`, with `share_to_feed` and a cover by
`cover_url` or `thumb_offset`; a story, `media_type=STORIES`, of one image or video; a
carousel of 2 to 10 items, each `is_carousel_item`) and their asynchronous status,
`media_publish`, and the published media's permalink."""

import secrets
import time

from devtools.fakes.base import answer
from devtools.fakes.meta.errors import error, unsupported
from devtools.fakes.meta.graph import fields, lacking, node_answer, params

MEDIA_TYPES = ("IMAGE", "VIDEO", "REELS", "STORIES", "CAROUSEL")
NOT_READY = "The media is not ready for publishing, please wait for a moment"


class Instagram:
    """The Instagram side of FakeMeta (a mixin: FakeMeta holds `containers`, `posts`,
    the controls, and `made`)."""

    def instagram_call(self, request, token, profile, edge):
        account, method = profile["id"], request.method
        if method == "GET" and edge is None:
            return lacking(token, "instagram read") or node_answer(request, "IGUser", profile, ())
        if method == "GET" and edge == "content_publishing_limit":
            return lacking(token, "instagram publish") or self.publishing_limit(request, account)
        if method == "POST" and edge in ("media", "media_publish"):
            refused = lacking(token, "instagram publish")
            if refused:
                return refused
            form = params(request)
            if edge == "media":
                return self.create_container(form, account)
            return self.media_publish(form.get("creation_id"), account)
        return unsupported()

    def publishing_limit(self, request, account):
        now = time.time()
        made = [post for post in self.posts_of(account) if post["made_at"] > now - 86_400]
        node = {
            "id": None,
            "quota_usage": len(made) + self.quota_used,
            "config": {"quota_total": self.quota_total, "quota_duration": 86_400},
        }
        names, refused = fields(request, "ContentPublishingLimit", node, ("quota_usage",))
        if refused:
            return refused
        return answer({"data": [{name: node[name] for name in names}]})

    def create_container(self, form, account):
        reply = self.next_reply(self.container_replies)
        if reply is not None:
            return self.injected(reply)
        caption = form.get("caption", "")
        if len(caption) > 2200 or caption.count("#") > 30:
            return self.injected("caption")
        media_type = form.get("media_type", "IMAGE")
        carousel_item = form.get("is_carousel_item") == "true"
        container = {
            "account": account,
            "type": media_type,
            "checks": 0,
            "caption": caption,
            "created": time.monotonic(),
            "carousel_item": carousel_item,
        }
        if media_type not in MEDIA_TYPES:
            return error(400, 100, f"(#100) media_type must be one of {', '.join(MEDIA_TYPES)}")
        if carousel_item and media_type not in ("IMAGE", "VIDEO"):
            return error(400, 100, "(#100) A carousel item is an IMAGE or a VIDEO")
        if media_type == "VIDEO" and not carousel_item:
            return error(400, 100, "(#100) The VIDEO media type is no longer supported: use REELS")
        refused = self.container_media(form, media_type, container)
        if refused is not None:
            return refused
        container_id = str(next(self._ids))
        with self._lock:
            self.containers[container_id] = container
        return answer({"id": container_id})

    def container_media(self, form, media_type, container):
        """Fetch what a container names into it; Meta's refusal, or None."""
        if media_type == "CAROUSEL":
            children = form.get("children", "").split(",")
            if not 2 <= len(children) <= 10 or any(
                self.containers.get(child, {}).get("carousel_item") is not True for child in children
            ):
                return error(400, 100, "(#100) The carousel children are invalid")
            container["children"] = children
            return None
        video = media_type in ("REELS", "VIDEO") or (media_type == "STORIES" and "video_url" in form)
        if video:
            body = self.fetched_media(form.get("video_url", ""))
        else:
            body = self.fetched_media(form.get("image_url", ""), jpeg_only=True)
        if not isinstance(body, bytes):
            return body
        container["video"] = video
        if media_type == "REELS":
            return self.reel_settings(form, container)
        return None

    def reel_settings(self, form, container):
        """A reel's `share_to_feed`, `cover_url` (a JPEG Meta fetches) and `thumb_offset`
        (ms into the video), kept on its container; Meta's refusal, or None."""
        share = form.get("share_to_feed")
        if share is not None and share not in ("true", "false"):
            return error(400, 100, "(#100) share_to_feed must be true or false")
        offset = form.get("thumb_offset")
        if offset is not None and not offset.isdigit():
            return error(400, 100, "(#100) thumb_offset must be a number of milliseconds")
        if form.get("cover_url") is not None:
            cover = self.fetched_media(form["cover_url"], jpeg_only=True)
            if not isinstance(cover, bytes):
                return cover
        container["reel"] = {
            "share_to_feed": share,
            "cover_url": form.get("cover_url"),
            "thumb_offset": int(offset) if offset is not None else None,
        }
        return None

    def status_of(self, container_id):
        """A container's status, counting a check."""
        container = self.containers[container_id]
        if container.get("published"):
            return "PUBLISHED"
        if container["type"] == "CAROUSEL":
            states = [self.status_of(child) for child in container["children"]]
            return next((state for state in states if state != "FINISHED"), "FINISHED")
        container["checks"] += 1
        return self.final_status(container_id)

    def container_status(self, request, container_id):
        node = {"id": container_id, "status_code": None, "status": None, "media_type": None}
        names, refused = fields(request, "IGContainer", node, ())
        if refused:
            return refused
        if "status_code" in names or "status" in names:  # Meta works the status out when asked
            node["status_code"] = self.status_of(container_id)
            if node["status_code"] == "ERROR":
                node["status"] = "Error: 2207026: Unsupported video format"
        node["media_type"] = self.containers[container_id]["type"]
        return answer({name: node[name] for name in ["id", *names] if node[name] is not None})

    def media_publish(self, creation_id, account):
        container = self.containers.get(creation_id or "")
        if container is None or container["account"] != account:
            return error(400, 100, "(#100) Invalid parameter: creation_id")
        self.count_received(container["caption"])
        reply = self.next_reply(self.publish_replies)
        if reply is not None and reply != "hang":
            return self.injected(reply)
        if container.get("published") or self.final_status(creation_id) != "FINISHED":
            return error(400, 9007, NOT_READY, 2207027)
        container["published"] = True
        shortcode = secrets.token_urlsafe(8)
        return self.made(
            account,
            "instagram",
            reply,
            caption=container["caption"],
            container=creation_id,
            media_type=container["type"],
            children=container.get("children"),
            reel=container.get("reel"),
            permalink=f"https://www.instagram.com/p/{shortcode}/",
            made_at=time.time(),
        )

    def published_media(self, request, post):
        node = {"id": post["id"], "permalink": post["permalink"], "caption": post["caption"]}
        shown = {"CAROUSEL": "CAROUSEL_ALBUM", "REELS": "VIDEO", "STORIES": "STORY"}
        media_type = shown.get(post["media_type"], post["media_type"])
        return node_answer(request, "IGMedia", {**node, "media_type": media_type, "timestamp": None}, ())

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
