"""Instagram professional accounts as the fake answers them, with a Page token whose
user granted `instagram_basic` (and `instagram_content_publish` to publish): the
profile, `content_publishing_limit`, containers (an image fetched by Meta from its
`image_url`, JPEG only; a Reel from its `video_url`; a carousel of 2 to 10 items) and
their asynchronous status, `media_publish`, and the published media's permalink."""

import secrets
import time

from devtools.fakes.base import answer
from devtools.fakes.meta.errors import error, unsupported
from devtools.fakes.meta.graph import fields, lacking, node_answer, params

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
            body = self.fetched_media(form.get("video_url", ""))
            if not isinstance(body, bytes):
                return body
            container["video"] = True
        else:
            body = self.fetched_media(form.get("image_url", ""), jpeg_only=True)
            if not isinstance(body, bytes):
                return body
        container["carousel_item"] = form.get("is_carousel_item") == "true"
        container_id = str(next(self._ids))
        with self._lock:
            self.containers[container_id] = container
        return answer({"id": container_id})

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
            permalink=f"https://www.instagram.com/p/{shortcode}/",
            made_at=time.time(),
        )

    def published_media(self, request, post):
        node = {"id": post["id"], "permalink": post["permalink"], "caption": post["caption"]}
        return node_answer(request, "IGMedia", {**node, "media_type": "IMAGE", "timestamp": None}, ())

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
