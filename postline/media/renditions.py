"""JPEG renditions of still images, for platforms that take JPEG only (Instagram).

The rendition of media `med_x.png` (or .webp, .gif: its first frame) is stored as
`med_x.jpg` beside it: the stem is unique, so no other media has that key. Signed
URLs (postline/media/urls.py) serve it like the original; it is made again at each
publish (cheap for a still, and it needs no record of its own).
"""

import hashlib
import io
import os
import tempfile
from dataclasses import dataclass

from PIL import Image

from models import Media
from postline import media
from postline.media.storage import Missing

JPEG = "image/jpeg"
CONVERTIBLE = ("image/png", "image/webp", "image/gif")
QUALITY = 90


@dataclass(frozen=True)
class Rendition:
    """What serving a stored file needs (the fields of a Media row it reads)."""

    id: str
    filename: str
    size: int
    sha256: str
    content_type: str = JPEG


def jpeg(record):
    """`record` itself if it is a JPEG, else its JPEG rendition, made and stored now."""
    if record.content_type == JPEG:
        return record
    reader = media.backend().open(record.id)
    try:
        original = b"".join(reader)
    finally:
        reader.close()
    with Image.open(io.BytesIO(original)) as image:
        image.seek(0)
        still = image.convert("RGBA")
    flat = Image.new("RGB", still.size, (255, 255, 255))  # JPEG has no transparency
    flat.paste(still, mask=still.getchannel("A"))
    buffer = io.BytesIO()
    flat.save(buffer, "JPEG", quality=QUALITY)
    data = buffer.getvalue()
    key = _key(record.id)
    descriptor, path = tempfile.mkstemp(dir=media.staging_dir())
    with os.fdopen(descriptor, "wb") as file:
        file.write(data)
    try:
        media.backend().save(key, path, JPEG)
    finally:
        if os.path.exists(path):
            os.unlink(path)
    return _rendition(record, key, data)


def find(media_key):
    """The stored rendition named `media_key`, or None."""
    stem, _, extension = media_key.partition(".")
    if extension != "jpg":
        return None
    original = (
        Media.select().where(Media.id.startswith(f"{stem}.") & Media.content_type.in_(CONVERTIBLE)).first()
    )
    if original is None:
        return None
    try:
        reader = media.backend().open(media_key)
    except Missing:
        return None  # never made, or gone
    try:
        data = b"".join(reader)
    finally:
        reader.close()
    return _rendition(original, media_key, data)


def forget(record):
    """Delete the rendition of `record`, if it may have one (its original is gone)."""
    if record.content_type in CONVERTIBLE:
        media.backend().delete(_key(record.id))


def _key(media_key):
    return f"{media_key.split('.', 1)[0]}.jpg"


def _rendition(original, key, data):
    name = original.filename.rsplit(".", 1)[0] or "image"
    return Rendition(key, f"{name}.jpg", len(data), hashlib.sha256(data).hexdigest())
