"""Media: images and videos for posts, uploaded or imported, and their bytes."""

from flask import g
from flask.views import MethodView

from models import Media
from postline.media import imports, kinds, library
from postline.web import downloads, uploads
from postline.web.api import MULTIPART, Blueprint, requires
from postline.web.envelopes import created, envelope, single
from postline.web.idempotency import idempotent
from postline.web.openapi import answers
from routes import examples
from schemas import MediaDeletedSchema, MediaImportSchema, MediaSchema, MediaUpdateSchema, MediaUploadSchema

blp = Blueprint("media", __name__, url_prefix="/v1/media", description="Images and videos for posts.")

BINARY = {"schema": {"type": "string", "format": "binary"}}
CONTENT_RESPONSES = {
    "200": {
        "description": "The file's bytes, as its `contentType`",
        "content": {content_type: BINARY for content_type in kinds.BY_CONTENT_TYPE},
    },
    "206": {
        "description": "The one byte range asked for with `Range` (`Content-Range` says which)",
        "content": {content_type: BINARY for content_type in kinds.BY_CONTENT_TYPE},
    },
    "416": "REQUESTED_RANGE_NOT_SATISFIABLE",
}


@blp.route("/upload")
class Upload(MethodView):
    @blp.doc(operationId="uploadMedia")
    @requires("media:write", content_types=(MULTIPART,))
    @uploads.streamed
    @idempotent(envelope(MediaSchema), examples.data(examples.MEDIA))
    @blp.arguments(MediaUploadSchema, location="multipart")
    @blp.response(201, envelope(MediaSchema), example=examples.data(examples.MEDIA))
    def post(self, fields):
        """Upload an image or a video

        `multipart/form-data` with the file in `file` and, optionally, `altText`. The
        type is read from the bytes: jpeg, png, gif, webp, mp4, quicktime or pdf (for
        LinkedIn document posts), else 415. Images up to `[media] max_image_bytes`
        (20 MB), videos up to `max_video_bytes` (512 MB), documents up to
        `max_document_bytes` (100 MB), else 413, as soon as the limit is passed. Images
        of more than `[media] max_image_pixels` (24 megapixels) are 400 with details
        field `file`.
        """
        upload = fields["file"]
        media = library.create(g.api_key, upload.stream, upload.filename, fields.get("alt_text"))
        return created(single(media), "media.MediaByKey", media_key=media.id)


@blp.route("/import")
class Import(MethodView):
    @blp.doc(operationId="importMedia")
    @requires("media:write")
    @blp.arguments(MediaImportSchema, example=examples.MEDIA_IMPORT)
    @blp.response(201, envelope(MediaSchema), example=examples.data(examples.MEDIA))
    @blp.doc(responses={"413": "REQUEST_ENTITY_TOO_LARGE", "415": "UNSUPPORTED_MEDIA_TYPE"})
    def post(self, fields):
        """Import an image or a video from a URL

        Postline fetches the URL (https, on the public internet; no redirects; at most
        `[media] import_timeout` seconds) and keeps the file as if it had been uploaded:
        same types, limits and answer. A URL that is refused or cannot be fetched is
        400 with details field `url`.
        """
        media = imports.import_from_url(g.api_key, fields["url"])
        return created(single(media), "media.MediaByKey", media_key=media.id)


@blp.route("/<media_key>")
class MediaByKey(MethodView):
    @blp.doc(operationId="getMedia")
    @requires("media:read")
    @blp.response(200, envelope(MediaSchema), example=examples.data(examples.MEDIA))
    def get(self, media_key):
        """Retrieve a media record

        Its type, size, dimensions or duration and alt text; the bytes are at `/content`.
        """
        return single(Media.get_visible(g.api_key, media_key))

    @blp.doc(operationId="updateMedia")
    @requires("media:write")
    @blp.arguments(MediaUpdateSchema, example=examples.MEDIA_UPDATE)
    @blp.response(200, envelope(MediaSchema), example=examples.data(examples.MEDIA))
    def patch(self, fields, media_key):
        """Set or clear a media file's alt text

        Up to 1,000 characters, or null to clear it; passed to platforms that take alt text.
        """
        return single(library.update(g.api_key, media_key, fields))

    @blp.doc(operationId="deleteMedia", **answers(409))
    @requires("media:write")
    @blp.response(200, envelope(MediaDeletedSchema), example=examples.MEDIA_DELETED)
    def delete(self, media_key):
        """Delete a media file

        409 `MEDIA_IN_USE` while a post that is not yet done uses it.
        """
        library.delete(g.api_key, media_key)
        return single({"key": media_key, "deleted": True})


@blp.route("/<media_key>/content")
class MediaContent(MethodView):
    @blp.doc(operationId="getMediaContent")
    @requires("media:read")
    @blp.doc(responses=CONTENT_RESPONSES)
    def get(self, media_key):
        """Download a media file's bytes

        Supports `Range` (one range: 206) and `If-Range` with the `ETag`, the file's
        quoted SHA-256.
        """
        return downloads.send(Media.get_visible(g.api_key, media_key))
