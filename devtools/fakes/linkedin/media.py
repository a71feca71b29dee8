"""LinkedIn's image and video uploads as the fake answers them: `initializeUpload`
(the owner must be the member), the PUTs to the upload URLs it handed out (each video
part answering an ETag), `finalizeUpload` (every part's ETag, in order), and the
video's processing read with `GET /rest/videos/{urn}`."""

import secrets
import time

from werkzeug.wrappers import Response

from devtools.fakes.base import answer
from devtools.fakes.linkedin.errors import error, scripted

PROCESSING, AVAILABLE, FAILED = "PROCESSING", "AVAILABLE", "PROCESSING_FAILED"


class Media:
    """The media side of FakeLinkedIn (a mixin: FakeLinkedIn holds `images`, `videos`
    and the controls)."""

    def initialize_image(self, body, author):
        if (body.get("initializeUploadRequest") or {}).get("owner") != author:
            return error(400, "ILLEGAL_ARGUMENT", "initializeUploadRequest.owner must be the member")
        image_id = f"D4D10AQ{next(self._ids)}"
        with self._lock:
            self.images[f"urn:li:image:{image_id}"] = {"data": None}
        value = {
            "uploadUrlExpiresAt": int(time.time() * 1000) + 86_400_000,
            "uploadUrl": f"{self.url}/dms-uploads/image/{image_id}",
            "image": f"urn:li:image:{image_id}",
        }
        return answer({"value": value})

    def initialize_video(self, body, author):
        request = body.get("initializeUploadRequest") or {}
        size = request.get("fileSizeBytes")
        if request.get("owner") != author or not isinstance(size, int) or size <= 0:
            return error(400, "ILLEGAL_ARGUMENT", "initializeUploadRequest needs the owner and fileSizeBytes")
        video_id = f"D5610AQ{next(self._ids)}"
        instructions = [
            {
                "uploadUrl": f"{self.url}/dms-uploads/video/{video_id}/part/{index}",
                "firstByte": start,
                "lastByte": min(start + self.part_bytes, size) - 1,
            }
            for index, start in enumerate(range(0, size, self.part_bytes))
        ]
        with self._lock:
            self.videos[f"urn:li:video:{video_id}"] = {
                "owner": author,
                "size": size,
                "parts": {},
                "etags": {},
                "status": "WAITING_UPLOAD",
                "checks": 0,
                "data": b"",
            }
        value = {
            "uploadUrlsExpireAt": int(time.time() * 1000) + 86_400_000,
            "video": f"urn:li:video:{video_id}",
            "uploadInstructions": instructions,
            "uploadToken": "",
        }
        return answer({"value": value})

    def upload(self, parts, data):
        with self._lock:
            reply = self.upload_replies.pop(0) if self.upload_replies else None
        if reply == "500":
            return scripted("500")
        if parts[:1] == ["image"] and len(parts) == 2 and f"urn:li:image:{parts[1]}" in self.images:
            self.images[f"urn:li:image:{parts[1]}"]["data"] = data
            return Response(status=201)
        video = self.videos.get(f"urn:li:video:{parts[1]}") if len(parts) == 4 else None
        if video is None or parts[2] != "part" or not parts[3].isdigit():
            return error(404, "NOT_FOUND", "No such upload")
        etag = f"/ambry-video/signedId/{secrets.token_hex(8)}"
        video["parts"][int(parts[3])] = data
        video["etags"][int(parts[3])] = etag
        return Response(status=200, headers={"ETag": etag})

    def finalize_video(self, body):
        request = body.get("finalizeUploadRequest") or {}
        video = self.videos.get(request.get("video", ""))
        if video is None:
            return error(400, "ILLEGAL_ARGUMENT", "finalizeUploadRequest.video is unknown")
        etags = [video["etags"][index] for index in sorted(video["etags"])]
        data = b"".join(video["parts"][index] for index in sorted(video["parts"]))
        if request.get("uploadedPartIds") != etags or len(data) != video["size"]:
            return error(400, "ILLEGAL_ARGUMENT", "uploadedPartIds do not match the parts uploaded")
        video["data"], video["status"] = data, PROCESSING
        return Response(status=200)

    def video_status(self, urn):
        video = self.videos.get(urn)
        if video is None:
            return error(404, "NOT_FOUND", f"No video {urn}")
        if video["status"] == PROCESSING:
            video["checks"] += 1
            if video["checks"] > self.processing_checks:
                video["status"] = FAILED if self.processing_fails else AVAILABLE
        body = {"id": urn, "owner": video["owner"], "status": video["status"]}
        if video["status"] == FAILED:
            body["processingFailureReason"] = "The video's codec is not supported"
        return answer(body)


DOCUMENT_BYTES = 100 * 1024 * 1024
PDF_MAGIC = b"%PDF-"
WAITING_UPLOAD = "WAITING_UPLOAD"


class Documents:
    """LinkedIn's Documents API as the fake answers it (a mixin: FakeLinkedIn holds
    `documents` and the controls): `initializeUpload` (the owner must be the member),
    one PUT of the whole file to the upload URL (a second PUT replaces the first, as
    LinkedIn's does), then processing: `GET /rest/documents/{urn}` says WAITING_UPLOAD,
    PROCESSING (`processing_checks` times), then AVAILABLE, or PROCESSING_FAILED for a
    file that is no PDF (or when `documents_fail`)."""

    def initialize_document(self, body, author):
        if (body.get("initializeUploadRequest") or {}).get("owner") != author:
            return error(400, "ILLEGAL_ARGUMENT", "initializeUploadRequest.owner must be the member")
        document_id = f"D4E10AQ{next(self._ids)}"
        urn = f"urn:li:document:{document_id}"
        with self._lock:
            self.documents[urn] = {"owner": author, "status": WAITING_UPLOAD, "checks": 0, "data": None}
        value = {
            "uploadUrlExpiresAt": int(time.time() * 1000) + 86_400_000,
            "uploadUrl": f"{self.url}/dms-uploads/document/{document_id}",
            "document": urn,
        }
        return answer({"value": value})

    def upload_document(self, document_id, data):
        document = self.documents.get(f"urn:li:document:{document_id}")
        if document is None:
            return error(404, "NOT_FOUND", "No such upload")
        if len(data) > DOCUMENT_BYTES:
            return error(400, "ILLEGAL_ARGUMENT", "A document may have at most 100 MB")
        document["data"], document["status"], document["checks"] = data, PROCESSING, 0
        return Response(status=201)

    def document_status(self, urn):
        document = self.documents.get(urn)
        if document is None:
            return error(404, "NOT_FOUND", f"No document {urn}")
        if document["status"] == PROCESSING:
            document["checks"] += 1
            if document["checks"] > self.processing_checks:
                failed = self.documents_fail or not document["data"].startswith(PDF_MAGIC)
                document["status"] = FAILED if failed else AVAILABLE
        return answer({"id": urn, "owner": document["owner"], "status": document["status"]})
