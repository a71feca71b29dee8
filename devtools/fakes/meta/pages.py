"""Facebook Pages as the fake answers them: `feed` posts (text, a `link` shown with its
preview, or unpublished photos attached, never a link and photos at once), `photos`
(fetched by Meta from their `url`; unpublished ones wait to be attached) and `videos`
(fetched from their `file_url`), each with a Page token whose user granted
`pages_manage_posts` and `pages_read_engagement`."""

import json

from devtools.fakes.base import answer, fetched
from devtools.fakes.meta.errors import error, unsupported
from devtools.fakes.meta.graph import lacking, params

JPEG_MAGIC = b"\xff\xd8\xff"
JPEG_BYTES = 8 * 1024 * 1024
DOWNLOAD_FAILED = "Media download has failed. The media URI doesn't meet our requirements."


class Pages:
    """The Facebook side of FakeMeta (a mixin: FakeMeta holds `photos`, `posts`, the
    controls, and `made`)."""

    def page_call(self, request, token, page, edge):
        if request.method != "POST" or edge not in ("feed", "photos", "videos"):
            return unsupported()
        refused = lacking(token, "page post")
        if refused:
            return refused
        form = params(request)
        published = edge != "photos" or form.get("published") != "false"
        if published:  # a published photo is a post of its own
            self.count_received(form.get("description" if edge == "videos" else "message", ""))
        if edge == "photos":
            return self.page_photo(form, page, published)
        reply = self.next_reply(self.publish_replies)
        if reply is not None and reply != "hang":
            return self.injected(reply)
        if edge == "videos":
            if not form.get("file_url"):
                return error(400, 100, "(#100) A video needs its file_url or source")
            body = self.fetched_media(form["file_url"])
            if not isinstance(body, bytes):
                return body
            return self.made(page["id"], "facebook", reply, kind="video", text=form.get("description", ""))
        return self.feed_post(form, page, reply)

    def page_photo(self, form, page, published):
        if not form.get("url"):
            return error(400, 324, "(#324) Requires upload file: a photo needs its url or source")
        body = self.fetched_media(form["url"])
        if not isinstance(body, bytes):
            return body
        photo_id = str(next(self._ids))
        self.photos[photo_id] = {"page": page["id"], "published": published}
        return answer({"id": photo_id})

    def feed_post(self, form, page, reply):
        try:
            attached = json.loads(form.get("attached_media") or "[]")
        except ValueError:
            return error(400, 100, "(#100) param attached_media must be a JSON array")
        for item in attached:
            photo = self.photos.get(str(item.get("media_fbid")))
            if photo is None or photo["page"] != page["id"] or photo["published"]:
                return error(400, 100, "(#100) param attached_media must be unpublished photos of this Page")
        message, link = form.get("message", ""), form.get("link")
        if not (message or attached or link):
            return error(400, 100, "(#100) A post needs a message, a link or attached_media")
        if link is not None and not link.startswith(("http://", "https://")):
            return error(400, 100, "(#100) The parameter link is not a valid URL")
        if link is not None and attached:
            return error(400, 100, "(#100) A post takes a link or attached_media, not both")
        if message and any(post["text"] == message for post in self.posts_of(page["id"])):
            return self.injected("duplicate")
        photos = [str(item["media_fbid"]) for item in attached]
        return self.made(page["id"], "facebook", reply, text=message, photos=photos, link=link)

    def fetched_media(self, url, jpeg_only=False):
        """Fetch `url` as Meta does; the bytes, or Meta's refusal."""
        status, content_type, body = fetched(self.fetch, url)
        self.fetched.append({"url": url, "status": status, "content_type": content_type, "body": body})
        if status != 200:
            return error(400, 9004, DOWNLOAD_FAILED, 2207052)
        if jpeg_only and (not body.startswith(JPEG_MAGIC) or len(body) > JPEG_BYTES):
            return error(400, 9004, "Only JPEG images up to 8 MB are supported.", 2207009)
        return body
