"""X's v2 media upload as the fake answers it: an image in one multipart request; a GIF
or video by initialize (JSON), append (multipart, one segment of at most 5 MB each,
`segment_index` 0 to 999) and finalize, then asynchronous processing asked about with
`GET /2/media/upload?command=STATUS`.

Finalize takes the segments only as 0, 1, 2, ... sent in that order and adding up to
the `total_bytes` declared; a missing, repeated or late segment fails the upload.
"""

import time

from devtools.fakes.base import JSON, MULTIPART, answer, json_object

MB = 1024 * 1024
PENDING, IN_PROGRESS, SUCCEEDED, FAILED = "pending", "in_progress", "succeeded", "failed"
SEGMENT_BYTES = 5 * MB
MAX_SEGMENTS = 1000
IMAGE_BYTES = 5 * MB
# The largest file of each chunked category.
CATEGORY_BYTES = {"tweet_gif": 15 * MB, "tweet_video": 512 * MB}
IMAGE_TYPES = ("image/jpeg", "image/png", "image/webp", "image/gif")
CHUNKED_TYPES = {"tweet_gif": ("image/gif",), "tweet_video": ("video/mp4", "video/quicktime")}


class Media:
    """The media side of FakeX (a mixin: FakeX holds `media` and the controls)."""

    def invalid(self, detail="One or more parameters to your request was invalid."):
        return self.problem(400, "Invalid Request", detail)

    def not_multipart(self, request):
        if request.mimetype != MULTIPART:
            return self.invalid("The request must be multipart/form-data.")
        return None

    def upload_image(self, request):
        refused = self.not_multipart(request)
        if refused:
            return refused
        file = request.files.get("media")
        if file is None or request.form.get("media_category") != "tweet_image":
            return self.invalid()
        if file.mimetype not in IMAGE_TYPES:
            return self.invalid(f"Unsupported media type {file.mimetype}")
        data = file.read()
        if len(data) > IMAGE_BYTES:
            return self.invalid(f"The image has {len(data)} bytes, over 5 MB")
        media_id = self.new_media(len(data), SUCCEEDED, data)
        body = {"id": media_id, "media_key": f"3_{media_id}", "size": len(data), "expires_after_secs": 86400}
        return answer({"data": body})

    def new_media(self, size, state, data=b""):
        media_id = str(next(self._ids))
        with self._lock:
            self.media[media_id] = {
                "size": size,
                "state": state,
                "data": bytearray(data),
                "segments": {},  # segment_index -> its bytes
                "arrived": [],  # segment_index values in the order they came
                "checks": 0,
            }
        return media_id

    def initialize(self, request):
        body = json_object(request)
        if body is None:
            return self.invalid("Requests with bodies must have content-type of application/json.")
        try:
            size = int(body["total_bytes"])
            category, media_type = body["media_category"], body["media_type"]
        except (ValueError, KeyError, TypeError):
            return self.invalid()
        if category not in CATEGORY_BYTES:
            return self.invalid(f"Invalid media_category: {category}")
        if media_type not in CHUNKED_TYPES[category]:
            return self.invalid(f"Invalid media_type {media_type} for {category}")
        if not 0 < size <= CATEGORY_BYTES[category]:
            return self.invalid(f"total_bytes {size} is out of range for {category}")
        media_id = self.new_media(size, "uploading")
        return answer({"data": {"id": media_id, "media_key": f"7_{media_id}", "expires_after_secs": 86400}})

    def append(self, request, media_id):
        refused = self.not_multipart(request)
        if refused:
            return refused
        item = self.media.get(media_id)
        file = request.files.get("media")
        index = request.form.get("segment_index", "")
        if item is None or item["state"] != "uploading" or file is None:
            return self.invalid()
        if not index.isdigit() or int(index) >= MAX_SEGMENTS:
            return self.invalid("segment_index must be an integer from 0 to 999")
        data = file.read()
        if len(data) > SEGMENT_BYTES:
            return self.invalid(f"A segment may have at most 5 MB ({len(data)} bytes sent)")
        with self._lock:
            item["segments"][int(index)] = data
            item["arrived"].append(int(index))
        return answer({"data": {"expires_at": int(time.time()) + 86400}})

    def finalize(self, request, media_id):
        item = self.media.get(media_id)
        if item is None or item["state"] != "uploading":
            return self.invalid()
        if request.get_data() and request.mimetype != JSON:
            return self.invalid("Requests with bodies must have content-type of application/json.")
        expected = list(range(len(item["arrived"])))
        if item["arrived"] != expected:
            return self.invalid(f"Segments must be appended once each, in order 0..n-1: {item['arrived']}")
        data = b"".join(item["segments"][index] for index in expected)
        if len(data) != item["size"]:
            return self.invalid("File size does not match the total_bytes declared.")
        item["data"], item["state"] = bytearray(data), PENDING
        info = {"state": PENDING, "check_after_secs": 1}
        body = {"id": media_id, "media_key": f"7_{media_id}", "size": item["size"], "processing_info": info}
        return answer({"data": body})

    def media_status(self, request):
        item = self.media.get(request.args.get("media_id", ""))
        if request.args.get("command") != "STATUS" or item is None or item["state"] == "uploading":
            return self.invalid()
        item["checks"] += 1
        if item["checks"] <= self.processing_checks:
            item["state"] = IN_PROGRESS
            info = {"state": IN_PROGRESS, "check_after_secs": 1, "progress_percent": 50}
        elif self.processing_fails:
            item["state"] = FAILED
            error = {"code": 1, "name": "InvalidMedia", "message": "Unsupported video codec"}
            info = {"state": FAILED, "progress_percent": 100, "error": error}
        else:
            item["state"] = SUCCEEDED
            info = {"state": SUCCEEDED, "progress_percent": 100}
        return answer({"data": {"id": request.args["media_id"], "processing_info": info}})
