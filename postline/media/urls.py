"""Signed public URLs for platforms that fetch media themselves (docs/media.md: Signed URLs).

`<[server] public_url>/media/<stem>.<expires>.<signature>.<ext>` serves the bytes of
media key `<stem>.<ext>` without an API key until `expires` (Unix seconds). The
signature is an HMAC of the key and the expiry under a key derived from the server
secret, so a URL cannot be stretched in time or turned to another file.
"""

import hmac
import re

from models import Media
from postline import clock, media
from postline.errors import NotFound
from postline.keyring import keyring
from postline.media import renditions

TOKEN = re.compile(r"(med_[0-9a-z]+)\.([0-9]{1,12})\.([A-Za-z0-9_-]{43})\.([a-z0-9]{2,5})")


def public_url(record, ttl=None):
    """A URL anyone may GET the media's bytes from for `ttl` seconds (default
    `[media] public_url_ttl`): a presigned bucket URL where storage hands those out
    (`[media] s3_presigned_urls`), else one of Postline's own."""
    ttl = media.settings()["public_url_ttl"] if ttl is None else ttl
    presigned = media.backend().presigned_url(record.id, ttl)
    if presigned is not None:
        return presigned
    return f"{media.public_base()}/media/{token(record.id, clock.now_ms() // 1000 + ttl)}"


def token(media_key, expires):
    stem, extension = media_key.split(".", 1)
    return f"{stem}.{expires}.{_signature(media_key, expires)}.{extension}"


def media_for_token(text):
    """The media a token grants now; NotFound for a malformed, tampered or expired
    token and for media deleted since (one answer for all: nothing to probe)."""
    match = TOKEN.fullmatch(text)
    if match is None:
        raise NotFound
    stem, expires, signature, extension = match.groups()
    media_key = f"{stem}.{extension}"
    if not hmac.compare_digest(signature, _signature(media_key, expires)):
        raise NotFound
    if int(expires) <= clock.now_ms() // 1000:
        raise NotFound("This media URL has expired.")
    record = Media.get_or_none(Media.id == media_key) or renditions.find(media_key)
    if record is None:
        raise NotFound
    return record


def _signature(media_key, expires):
    return keyring.media_url_signature(f"{media_key}.{expires}")
