"""Pins and videos as the fake Pinterest answers them: `POST /v5/pins` (a board of the
user's, or a group board they pin to; title, description, link and alt text within
their limits; media fetched from `image_url`, 2 to 5 `multiple_image_urls`, or a
processed `video_id` with its cover), `POST /v5/media` (a video registered, with the
S3 form fields its upload must carry), the upload itself (a multipart POST to the
`upload_url`, every field as registered and the file last; 204), and `GET
/v5/media/{id}` (registered, processing, then succeeded or failed)."""

import re
import secrets
import time

from werkzeug.wrappers import Response

from devtools.fakes.base import answer, fetched, json_object
from devtools.fakes.pages import fetched_receipt
from devtools.fakes.pinterest.errors import error, invalid

IMAGE_TYPES = ("image/jpeg", "image/png", "image/webp", "image/bmp", "image/tiff")
LIMITS = {"title": 100, "description": 800, "link": 2048, "alt_text": 500}
IMAGES = (2, 5)
DIGITS = re.compile(r"^\d+$")
UPLOAD_PATH = "/_s3/pinterest-media-upload/"


class Pins:
    """The publishing side of FakePinterest (a mixin: FakePinterest holds `pins`,
    `media`, `fetch`, the boards and the controls)."""

    def create_pin(self, request, grant):
        body = json_object(request)
        if body is None:
            return invalid("The request body must be a JSON object (Content-Type: application/json).")
        self.count_received(str(body.get("description") or ""))
        reply = self.next_reply(self.pin_replies)
        if reply is not None and reply != "hang":
            return self.injected(reply)
        board_id = str(body.get("board_id") or "")
        if not DIGITS.match(board_id):
            return invalid(f"board_id: '{board_id}' does not match '^\\d+$'")
        board = self.board_for(grant, board_id)
        if board is None:
            return error(404, 40, "Board not found.")
        for field, limit in LIMITS.items():
            if len(str(body.get(field) or "")) > limit:
                return invalid(f"{field}: must have at most {limit} characters")
        link = body.get("link")
        if link is not None and not str(link).startswith(("http://", "https://")):
            return invalid("link: must be an http or https URL")
        media, refused = self.pin_media(body.get("media_source") or {}, grant["user"])
        if refused is not None:
            return refused
        pin = self.made(body, board, grant["user"], media)
        if reply == "hang":
            time.sleep(self.hang_seconds)
        return answer(pin, 201)

    def pin_media(self, source, user):
        """(the pin's `media`, None), or (None, Pinterest's refusal of `media_source`)."""
        kind = source.get("source_type")
        if kind == "image_url":
            refused = self.fetched_image(source.get("url", ""))
            return ({"media_type": "image"}, None) if refused is None else (None, refused)
        if kind == "multiple_image_urls":
            items = source.get("items") or []
            if not IMAGES[0] <= len(items) <= IMAGES[1]:
                return None, invalid("media_source.items: minItems=2, maxItems=5")
            for item in items:
                refused = self.fetched_image(item.get("url", ""))
                if refused is not None:
                    return None, refused
            return {"media_type": "multiple_images", "items": len(items)}, None
        if kind == "video_id":
            return self.video_media(source, user)
        return None, invalid(
            "media_source.source_type must be one of image_url, image_base64, "
            "multiple_image_urls, multiple_image_base64, video_id"
        )

    def video_media(self, source, user):
        video = self.media.get(str(source.get("media_id") or ""))
        if video is None or video["user"] != user["id"]:
            return None, invalid("media_source.media_id: no such media")
        if video["status"] != "succeeded":
            return None, invalid(f"media_source.media_id: the media is {video['status']}, not succeeded")
        if source.get("cover_image_url"):
            refused = self.fetched_image(source["cover_image_url"])
            if refused is not None:
                return None, refused
        elif not isinstance(source.get("cover_image_key_frame_time"), int | float):
            return None, invalid("A video Pin needs a cover: cover_image_url or cover_image_key_frame_time")
        return {"media_type": "video", "media_id": video["id"]}, None

    def fetched_image(self, url):
        """Fetch an image as Pinterest does; its refusal, or None."""
        status, content_type, body = fetched(self.fetch, url)
        with self._lock:
            self.receipts.append(fetched_receipt("Pinterest", url, status, content_type, body))
        if status != 200:
            return invalid("Unable to reach the URL. Please check the URL and try again.")
        if content_type.split(";")[0] not in IMAGE_TYPES:
            return invalid(f"The image at the URL is not a supported image ({content_type})")
        return None

    def made(self, body, board, user, media):
        pin = {
            "id": str(next(self._ids)),
            "created_at": time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime()),
            "board_id": board["id"],
            "board_owner": {"username": board["owner"]},
            "title": body.get("title"),
            "description": body.get("description"),
            "link": body.get("link"),
            "alt_text": body.get("alt_text"),
            "board_section_id": body.get("board_section_id"),
            "media": media,
        }
        with self._lock:
            self.pins.append({**pin, "user": user["id"]})
        return pin

    def register_media(self, request, user):
        body = json_object(request)
        if body is None or body.get("media_type") != "video":
            return invalid("media_type: must be video")
        media_id = str(next(self._ids))
        parameters = {
            "x-amz-date": time.strftime("%Y%m%dT%H%M%SZ", time.gmtime()),
            "x-amz-signature": secrets.token_hex(32),
            "x-amz-security-token": secrets.token_urlsafe(48),
            "x-amz-algorithm": "AWS4-HMAC-SHA256",
            "key": f"{secrets.token_hex(16)}.mp4",
            "policy": secrets.token_urlsafe(64),
            "x-amz-credential": f"ASIA{secrets.token_hex(8).upper()}/us-east-1/s3/aws4_request",
            "Content-Type": "multipart/form-data",
        }
        with self._lock:
            self.media[media_id] = {
                "id": media_id,
                "user": user["id"],
                "status": "registered",
                "checks": 0,
                "parameters": parameters,
            }
        registered = {
            "media_id": media_id,
            "media_type": "video",
            "upload_url": f"{self.url}{UPLOAD_PATH}",
            "upload_parameters": parameters,
        }
        return answer(registered, 201)

    def upload(self, request):
        """S3's answer to the upload: 204, or 400 when a field is missing or the file is not last."""
        data = request.get_data(cache=True, parse_form_data=False)
        video = next(
            (item for item in self.media.values() if item["parameters"]["key"] == request.form.get("key")),
            None,
        )
        upload = request.files.get("file")
        if video is None or any(
            request.form.get(name) != value for name, value in video["parameters"].items()
        ):
            return s3_error("AccessDenied", "Invalid according to Policy: Policy Condition failed")
        if upload is None or data.rfind(b'name="file"') < max(
            data.rfind(f'name="{n}"'.encode()) for n in request.form
        ):
            return s3_error(
                "InvalidArgument", "POST requires exactly one file upload per request, after the fields"
            )
        video["bytes"] = len(upload.read())
        video["status"] = "processing"
        return Response(status=204)

    def media_status(self, media_id, user):
        video = self.media.get(media_id)
        if video is None or video["user"] != user["id"]:
            return error(404, 0, "Media not found.")
        if video["status"] == "processing":
            video["checks"] += 1
            if video["checks"] > self.processing_checks:
                video["status"] = self.processing_result
        return answer({"media_id": media_id, "media_type": "video", "status": video["status"]})


def s3_error(code, message):
    error_xml = f"<Error><Code>{code}</Code><Message>{message}</Message></Error>"
    body = f'<?xml version="1.0" encoding="UTF-8"?>\n{error_xml}'
    return Response(body, 400 if code != "AccessDenied" else 403, content_type="application/xml")
