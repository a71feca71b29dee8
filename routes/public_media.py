"""Signed public media URLs, `<[server] public_url>/media/<token>`: fetched without an API
key by platforms that pull media themselves, so outside /v1 and its key checks, and
outside the OpenAPI document (Postline hands these URLs out; clients never build them)."""

from flask import Blueprint

from postline.media import urls
from postline.web import downloads

blp = Blueprint("public_media", __name__, url_prefix="/media")


@blp.get("/<token>")
def media_by_token(token):
    """Send the media a signed, unexpired token grants (404 for any other token)."""
    return downloads.send(urls.media_for_token(token))
