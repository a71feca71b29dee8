"""An instance's API as the fake answers it: its limits (`/api/v2/instance`, v1 before
4.0), the account behind a token, media (small images processed at once, 200; video,
audio and GIFs later, 202, then 206 until processed), and statuses: media ids that
must be the account's own, unattached and processed, replies to statuses that exist,
the instance's character limit as Mastodon counts it, and the Idempotency-Key, kept
an hour per account, that answers a repeated request with the status it made."""

import itertools
import time

from devtools.fakes.base import answer
from devtools.fakes.mastodon.oauth import fields_of, version_at_least
from devtools.fakes.mastodon.text import status_length

IDEMPOTENCY_SECONDS = 3600
VISIBILITIES = ("public", "unlisted", "private", "direct")
NOT_PROCESSED = "Cannot attach files that have not finished processing. Try again in a moment!"
TEMPORARY = "There was a temporary problem serving your request, please try again"


def media_kind(content_type):
    if content_type == "image/gif":
        return "gifv"
    return (
        content_type.split("/", 1)[0]
        if content_type.split("/", 1)[0] in ("image", "video", "audio")
        else "unknown"
    )


class Statuses:
    """The API side of FakeMastodon (a mixin: FakeMastodon holds the state)."""

    _status_ids = itertools.count(113_500_000_000_000_001)
    _media_ids = itertools.count(113_400_000_000_000_001)

    def instance_answer(self, request, version):
        if version == 2 and not version_at_least(self.version, (4, 0)):
            return answer({"error": "Record not found"}, 404)
        limits = self.limits
        configuration = {
            "statuses": {
                "max_characters": limits["max_characters"],
                "max_media_attachments": limits["max_media_attachments"],
                "characters_reserved_per_url": 23,
            },
            "media_attachments": {
                "supported_mime_types": limits["supported_mime_types"],
                "image_size_limit": limits["image_size_limit"],
                "image_matrix_limit": 33_177_600,
                "video_size_limit": limits["video_size_limit"],
                "video_frame_rate_limit": 120,
                "video_matrix_limit": 8_294_400,
                "description_limit": 1500,
            },
        }
        domain = self.url.split("://", 1)[1]
        return answer(
            {
                "domain" if version == 2 else "uri": domain,
                "version": self.version,
                "configuration": configuration,
            }
        )

    def verify_credentials(self, request, token):
        return answer(
            {
                **self.public(token["user"]),
                "source": {"privacy": "public", "sensitive": False, "language": "en"},
            }
        )

    def public(self, user):
        return {
            "id": user["id"],
            "username": user["username"],
            "acct": user["username"],
            "display_name": user["display_name"],
            "avatar": user["avatar"],
            "url": f"{self.url}/@{user['username']}",
        }

    def upload(self, request, token):
        reply = self.next_reply(self.media_replies)
        if reply in ("500", "503"):
            return answer({"error": TEMPORARY}, int(reply))
        file = request.files.get("file")
        if file is None:
            return answer({"error": "Validation failed: File can't be blank"}, 422)
        data = file.read()
        kind = media_kind(file.mimetype)
        if file.mimetype not in self.limits["supported_mime_types"]:
            return answer({"error": "Validation failed: File content type is invalid, File is invalid"}, 422)
        limit = self.limits["image_size_limit" if kind == "image" else "video_size_limit"]
        if len(data) > limit:
            return answer(
                {"error": f"Validation failed: File file size must be less than {limit} Bytes"}, 422
            )
        description = request.form.get("description")
        if description is not None and len(description) > 1500:
            return answer(
                {"error": "Validation failed: Description is too long (maximum is 1500 characters)"}, 422
            )
        later = kind != "image"
        media = {
            "id": str(next(self._media_ids)),
            "type": kind,
            "account": token["user"]["id"],
            "content_type": file.mimetype,
            "size": len(data),
            "description": description,
            "checks_left": self.processing_checks if later else 0,
            "status_id": None,
        }
        with self._lock:
            self.media[media["id"]] = media
        return answer(self.media_answer(media), 202 if later else 200)

    def media_answer(self, media):
        done = media["checks_left"] <= 0
        url = f"{self.url}/system/media_attachments/files/{media['id']}/original" if done else None
        return {
            "id": media["id"],
            "type": media["type"],
            "url": url,
            "preview_url": f"{self.url}/system/media_attachments/files/{media['id']}/small",
            "description": media["description"],
            "meta": {},
        }

    def media_status(self, request, token, media_id):
        media = self.media.get(media_id)
        if media is None or media["account"] != token["user"]["id"]:
            return answer({"error": "Record not found"}, 404)
        if media["checks_left"] > 0:
            with self._lock:
                media["checks_left"] -= 1
            if media["checks_left"] == 0 and self.processing_fails:
                return answer({"error": "Error processing thumbnail for uploaded media"}, 422)
            return answer(self.media_answer(media), 206)
        return answer(self.media_answer(media))

    def create_status(self, request, token):
        fields = fields_of(request) or {}
        user = token["user"]
        text = str(fields.get("status") or "")
        self.count_received(text)
        key = request.headers.get("Idempotency-Key")
        with self._lock:
            kept = self.idempotency.get((user["id"], key)) if key else None
        if kept is not None and time.time() - kept[1] < IDEMPOTENCY_SECONDS:
            return answer(self.status_answer(kept[0]))
        reply = self.next_reply(self.status_replies)
        if reply is not None and reply != "hang":
            return self.injected(reply)
        refused = self.refusal(fields, user, text)
        if refused is not None:
            return refused
        status = self.made(fields, user, text, key)
        if reply == "hang":
            time.sleep(self.hang_seconds)
        return answer(self.status_answer(status))

    def refusal(self, fields, user, text):
        """The answer refusing the status, or None: Mastodon's checks, in its order."""
        media_ids = fields.get("media_ids") or fields.get("media_ids[]") or []
        media_ids = [str(item) for item in (media_ids if isinstance(media_ids, list) else [media_ids])]
        reply_to = fields.get("in_reply_to_id")
        if reply_to and not any(status["id"] == str(reply_to) for status in self.statuses):
            return answer({"error": "Record not found"}, 404)
        if not text.strip() and not media_ids:
            return answer({"error": "Validation failed: Text can't be blank"}, 422)
        visibility = fields.get("visibility") or "public"
        if visibility not in VISIBILITIES:
            return answer({"error": "Validation failed: Visibility is not included in the list"}, 422)
        if status_length(text, fields.get("spoiler_text")) > self.limits["max_characters"]:
            limit = self.limits["max_characters"]
            return answer({"error": f"Validation failed: Text character limit of {limit} exceeded"}, 422)
        found = [self.media.get(media_id) for media_id in media_ids]
        if any(item is None or item["account"] != user["id"] or item["status_id"] for item in found):
            return answer(
                {"error": "Validation failed: Media not found or already attached to another post"}, 422
            )
        if len(found) > self.limits["max_media_attachments"]:
            return answer({"error": "Validation failed: Media attachments can't be more than 4"}, 422)
        if len(found) > 1 and any(item["type"] in ("video", "audio") for item in found):
            return answer({"error": "Cannot attach a video to a post that already contains images"}, 422)
        if any(item["checks_left"] > 0 for item in found):
            return answer({"error": NOT_PROCESSED}, 422)
        return None

    def made(self, fields, user, text, key):
        media_ids = fields.get("media_ids") or fields.get("media_ids[]") or []
        media_ids = [str(item) for item in (media_ids if isinstance(media_ids, list) else [media_ids])]
        status = {
            "id": str(next(self._status_ids)),
            "text": text,
            "account": user["id"],
            "username": user["username"],
            "in_reply_to_id": str(fields["in_reply_to_id"]) if fields.get("in_reply_to_id") else None,
            "visibility": fields.get("visibility") or "public",
            "spoiler_text": fields.get("spoiler_text") or "",
            "sensitive": str(fields.get("sensitive")).lower() == "true",
            "language": fields.get("language"),
            "media_ids": media_ids,
            "idempotency_key": key,
        }
        with self._lock:
            for media_id in media_ids:
                self.media[media_id]["status_id"] = status["id"]
            self.statuses.append(status)
            if key:
                self.idempotency[(user["id"], key)] = (status, time.time())
        return status

    def status_answer(self, status):
        return {
            "id": status["id"],
            "created_at": time.strftime("%Y-%m-%dT%H:%M:%S.000Z", time.gmtime()),
            "in_reply_to_id": status["in_reply_to_id"],
            "sensitive": status["sensitive"],
            "spoiler_text": status["spoiler_text"],
            "visibility": status["visibility"],
            "language": status["language"],
            "uri": f"{self.web_url}/users/{status['username']}/statuses/{status['id']}",
            "url": f"{self.web_url}/@{status['username']}/{status['id']}",
            "content": f"<p>{status['text']}</p>",
            "media_attachments": [
                self.media_answer(self.media[media_id]) for media_id in status["media_ids"]
            ],
        }

    def get_status(self, request, token, status_id):
        status = next((status for status in self.statuses if status["id"] == status_id), None)
        if status is None:
            return answer({"error": "Record not found"}, 404)
        return answer(self.status_answer(status))

    def injected(self, reply):
        """An error answer a test asked for (`status_replies`)."""
        if reply in ("500", "502", "503", "504"):
            return answer({"error": TEMPORARY}, int(reply))
        if reply == "429":
            return self.too_many()
        if reply == "401":
            return answer({"error": "The access token is invalid"}, 401)
        if reply == "scope":
            return answer({"error": "This action is outside the authorized scopes"}, 403)
        if reply == "disabled":
            return answer({"error": "Your login is currently disabled"}, 403)
        if reply == "not_processed":
            return answer({"error": NOT_PROCESSED}, 422)
        return answer({"error": "Validation failed: Text character limit of 500 exceeded"}, 422)
