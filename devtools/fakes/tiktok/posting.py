"""Publishing on TikTok as the fake answers it: `video/init` by FILE_UPLOAD (TikTok's
chunk rules enforced, the chunks PUT in order with `Content-Range`) or PULL_FROM_URL,
photo posts by `content/init` (PULL_FROM_URL only, with a `title` of up to 90
characters and the cover's `photo_cover_index`), and `status/fetch` with its
asynchronous states. `post_info` must name a privacy level the creator has (its
`creator_info` options), its switches (`disable_comment`, `disable_duet`,
`disable_stitch`, `brand_content_toggle`, `brand_organic_toggle`) are booleans, and
branded content is never SELF_ONLY.

A pulled URL must start with one of the app's verified URL prefixes
(`verified_url_prefixes`), or the init is refused (403 `url_ownership_unverified`).
TikTok then downloads the media itself: the fake does it, through its `fetch`, when
first asked about the publish; a URL it cannot download ends the publish FAILED with
`video_pull_failed` or `photo_pull_failed` (HTTP 200, as TikTok does), and a file of
the wrong type with `file_format_check_failed`.
"""

import secrets
import time
from urllib.parse import urlencode

from werkzeug.wrappers import Response

from devtools.fakes.base import fetched
from devtools.fakes.tiktok.errors import envelope, invalid, refusal

MB = 1024 * 1024
UNVERIFIED = (
    "url_ownership_unverified",
    "To use a URL as a source, you must verify ownership of its URL prefix or domain.",
)
PHOTO_TYPES = ("image/jpeg", "image/webp")
# post_info's switches (each a boolean when sent).
SWITCHES = (
    "disable_comment",
    "disable_duet",
    "disable_stitch",
    "brand_content_toggle",
    "brand_organic_toggle",
    "auto_add_music",
)


class Posting:
    """The publishing side of FakeTikTok (a mixin: FakeTikTok holds `publishes`,
    `posts`, `pulls`, `fetch` and the controls)."""

    def video_init(self, body, user):
        post_info, source = body.get("post_info") or {}, body.get("source_info") or {}
        self.count_received(str(post_info.get("title") or ""))
        reply = self.next_reply(self.init_replies)
        if reply and reply != "hang":
            return refusal(reply)
        problem = self.post_info_problem(post_info, "title", 2200)
        if source.get("source") == "FILE_UPLOAD":
            problem = problem or self.chunk_problem(source)
            if problem:
                return invalid(problem)
            publish_id = self.new_publish("video", post_info, "PROCESSING_UPLOAD", source, user)
            token = secrets.token_urlsafe(16)
            self.publishes[publish_id]["upload_token"] = token
            upload_url = f"{self.url}/upload/?{urlencode({'upload_id': publish_id, 'upload_token': token})}"
            return envelope({"publish_id": publish_id, "upload_url": upload_url})
        if source.get("source") == "PULL_FROM_URL" and source.get("video_url"):
            if problem:
                return invalid(problem)
            if not self.verified(source["video_url"]):
                return envelope({}, *UNVERIFIED, 403)
            publish_id = self.new_publish("video", post_info, "PROCESSING_DOWNLOAD", source, user)
            self.pulls.append(source["video_url"])
            if reply == "hang":
                time.sleep(self.hang_seconds)
            return envelope({"publish_id": publish_id})
        return invalid("source_info.source must be FILE_UPLOAD or PULL_FROM_URL")

    def content_init(self, body, user):
        post_info, source = body.get("post_info") or {}, body.get("source_info") or {}
        self.count_received(str(post_info.get("description") or ""))
        reply = self.next_reply(self.init_replies)
        if reply and reply != "hang":
            return refusal(reply)
        images = source.get("photo_images") or []
        cover = source.get("photo_cover_index", 0)
        problem = (
            self.post_info_problem(post_info, "description", 4000)
            or (len(post_info.get("title") or "") > 90 and "post_info.title is longer than 90 characters")
            or (
                (not isinstance(cover, int) or not 0 <= cover < max(len(images), 1))
                and "source_info.photo_cover_index must name one of the photo_images"
            )
            or (body.get("media_type") != "PHOTO" and "media_type must be PHOTO")
            or (body.get("post_mode") not in ("DIRECT_POST", "MEDIA_UPLOAD") and "post_mode is invalid")
            or (source.get("source") != "PULL_FROM_URL" and "photos are PULL_FROM_URL only")
            or (not 1 <= len(images) <= 35 and "photo_images holds 1 to 35 URLs")
        )
        if problem:
            return invalid(problem)
        if not all(self.verified(url) for url in images):
            return envelope({}, *UNVERIFIED, 403)
        publish_id = self.new_publish("photo", post_info, "PROCESSING_DOWNLOAD", source, user)
        self.pulls.extend(images)
        if reply == "hang":
            time.sleep(self.hang_seconds)
        return envelope({"publish_id": publish_id})

    def post_info_problem(self, post_info, text_field, limit):
        if post_info.get("privacy_level") not in self.privacy_options:
            return "privacy_level_option_mismatch: the creator cannot post with this privacy level"
        switches = [name for name in SWITCHES if not isinstance(post_info.get(name, False), bool)]
        if switches:
            return f"post_info.{switches[0]} must be a boolean"
        if post_info.get("brand_content_toggle") and post_info["privacy_level"] == "SELF_ONLY":
            return "Branded content cannot be posted with privacy_level SELF_ONLY"
        if len((post_info.get(text_field) or "").encode("utf-16-le")) // 2 > limit:
            return f"post_info.{text_field} is longer than {limit} characters"
        return None

    def chunk_problem(self, source):
        """What of FILE_UPLOAD's source_info breaks TikTok's chunk rules, or None."""
        try:
            size, chunk, count = (
                int(source[name]) for name in ("video_size", "chunk_size", "total_chunk_count")
            )
        except (KeyError, TypeError, ValueError):
            return "video_size, chunk_size and total_chunk_count are required"
        if size < self.min_chunk:
            return None if chunk == size and count == 1 else "a video under 5 MB is one chunk of its size"
        if not self.min_chunk <= chunk <= 64 * MB:
            return "chunk_size must be 5 to 64 MB"
        if count != size // chunk or count > 1000:
            return "total_chunk_count must be video_size // chunk_size, at most 1000"
        if size - (count - 1) * chunk > 128 * MB:
            return "the last chunk may hold at most 128 MB"
        return None

    def new_publish(self, kind, post_info, status, source, user):
        publish_id = (
            f"v_pub_{'file' if source.get('source') == 'FILE_UPLOAD' else 'url'}~v2-1.{next(self._ids)}"
        )
        with self._lock:
            self.publishes[publish_id] = {
                "kind": kind,
                "post_info": post_info,
                "status": status,
                "source": source,
                "data": bytearray(),
                "chunks": 0,
                "checks": 0,
                "started": time.monotonic(),
                "open_id": user["open_id"],
            }
        return publish_id

    def upload(self, request):
        item = self.publishes.get(request.args.get("upload_id", ""))
        if item is None or request.args.get("upload_token") != item.get("upload_token"):
            return invalid("Unknown upload.", 404)
        reply = self.next_reply(self.upload_replies)
        if reply and reply != "hang":
            return refusal(reply)
        source = item["source"]
        size, chunk, count = source["video_size"], source["chunk_size"], source["total_chunk_count"]
        expected_first = item["chunks"] * chunk
        last_chunk = item["chunks"] == count - 1
        expected_last = size - 1 if last_chunk else expected_first + chunk - 1
        data = request.get_data()
        if (
            item["chunks"] >= count
            or request.headers.get("Content-Range") != f"bytes {expected_first}-{expected_last}/{size}"
            or len(data) != expected_last - expected_first + 1
            or not request.headers.get("Content-Type", "").startswith("video/")
        ):
            return envelope(
                {}, "invalid_file_upload", "Chunks must come in order with a matching Content-Range.", 416
            )
        item["data"] += data
        item["chunks"] += 1
        if not last_chunk:
            return Response(status=206)
        if reply == "hang":
            time.sleep(self.hang_seconds)
        return Response(status=201)

    def verified(self, url):
        """Whether `url` starts with one of the app's verified URL prefixes."""
        return any(url.startswith(prefix) for prefix in self.verified_url_prefixes)

    def status_fetch(self, body, user):
        reply = self.next_reply(self.status_replies)
        if reply:
            return refusal(reply)
        item = self.publishes.get(body.get("publish_id", ""))
        if item is None or item["open_id"] != user["open_id"]:
            return invalid("publish_id is invalid.")
        if item["status"] == "PROCESSING_DOWNLOAD" and "pulled" not in item:
            self.pull(item)  # outside the lock: the download may take a while
        with self._lock:
            data = self.advance(body["publish_id"], item)
        return envelope(data)

    def pull(self, item):
        """Download what a PULL_FROM_URL publish names, as TikTok does after the init;
        a download that fails, or a file of the wrong type, fails the publish."""
        video = item["kind"] == "video"
        urls = [item["source"]["video_url"]] if video else item["source"]["photo_images"]
        item["pulled"] = []
        for url in urls:
            status, content_type, body = fetched(self.fetch, url)
            item["pulled"].append({"url": url, "status": status, "content_type": content_type, "body": body})
            if status != 200:
                item["status"], item["fail_reason"] = "FAILED", f"{item['kind']}_pull_failed"
                return
            wanted = content_type.startswith("video/") if video else content_type in PHOTO_TYPES
            if not wanted:
                item["status"], item["fail_reason"] = "FAILED", "file_format_check_failed"
                return
        if video:
            item["data"] = bytearray(item["pulled"][0]["body"])

    def advance(self, publish_id, item):
        """One status check: still processing, or the publish's end (made once)."""
        uploading = item["source"].get("source") == "FILE_UPLOAD"
        if uploading and item["chunks"] < item["source"]["total_chunk_count"]:
            return {"status": "PROCESSING_UPLOAD", "uploaded_bytes": len(item["data"])}
        if item["status"] in ("PROCESSING_UPLOAD", "PROCESSING_DOWNLOAD"):
            item["checks"] += 1
            if self.processing_seconds is not None:
                processing = time.monotonic() < item["started"] + self.processing_seconds
            else:
                processing = item["checks"] <= self.processing_checks
            if processing:
                return {"status": item["status"], "uploaded_bytes": len(item["data"])}
            if self.fail_reason:
                item["status"], item["fail_reason"] = "FAILED", self.fail_reason
            else:
                item["status"] = "PUBLISH_COMPLETE"
                public = item["post_info"].get("privacy_level") != "SELF_ONLY"
                item["post_id"] = str(next(self._ids)) if public else None
                self.posts.append({"publish_id": publish_id, **item})
        if item["status"] == "FAILED":
            return {"status": "FAILED", "fail_reason": item["fail_reason"]}
        return {
            "status": "PUBLISH_COMPLETE",
            "publicaly_available_post_id": [int(item["post_id"])] if item["post_id"] else [],
            "uploaded_bytes": len(item["data"]),
        }
