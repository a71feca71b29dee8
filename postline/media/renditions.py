"""JPEG renditions of still images, for platforms that take JPEG only (Instagram).

The rendition of media `med_x.png` (or .webp, .gif: its first frame) is stored as
`med_x.jpg` beside it: the stem is unique, so no other media has that key. Signed
URLs (postline/media/urls.py) serve it like the original; it is made again at each
publish (cheap for a still, and it needs no record of its own).

Decoding is what costs memory, not the file's bytes: a PNG, WebP or GIF decodes whole,
3 to 4 bytes a pixel. So the header is read first, by our own bounded reader
(postline/media/dimensions.py, which refuses a file of more parts than a real image
has before Pillow opens it), and an image over `[media] max_image_pixels` (one stored
before the limit was lowered) is refused undecoded; the decoded image is reduced to
at most MAX_SIDE pixels a side before it is converted and encoded; and one process
makes one rendition at a time, so eight publishing threads cost one decode, not
eight. (Pillow's `draft`, which decodes a JPEG at a fraction of its size, has nothing
to do here: a JPEG is sent as it is.)
"""

import hashlib
import io
import os
import tempfile
import threading
from dataclasses import dataclass

from PIL import Image

from models import Media
from postline import media
from postline.media import kinds
from postline.media.storage import Missing

JPEG = "image/jpeg"
CONVERTIBLE = ("image/png", "image/webp", "image/gif")
QUALITY = 90
# Instagram shows at most 1,440 pixels across; a side of 4,096 keeps every detail it
# can show and the JPEG well under its 8 MB.
MAX_SIDE = 4096
# Modes Image.reduce takes; others (a palette) are converted first.
REDUCIBLE = ("L", "LA", "RGB", "RGBA")

_one_at_a_time = threading.Lock()


@dataclass(frozen=True)
class Rendition:
    """What serving a stored file needs (the fields of a Media row it reads)."""

    id: str
    filename: str
    size: int
    sha256: str
    content_type: str = JPEG


def jpeg(record):
    """`record` itself if it is a JPEG, else its JPEG rendition, made and stored now.
    Invalid (naming `media`) for an image over `[media] max_image_pixels`."""
    if record.content_type == JPEG:
        return record
    original = _read(record.id)  # at most [media] max_image_bytes
    with _one_at_a_time:
        data = _encode(original, kinds.BY_CONTENT_TYPE[record.content_type])
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


def _encode(original, kind):
    """The JPEG bytes of the first frame of `original`, on white, at most MAX_SIDE a side."""
    still = _decoded(original, kind)
    if still.mode in ("LA", "RGBA"):  # JPEG has no transparency: flatten onto white
        still = still.convert("RGBA")
        flat = Image.new("RGB", still.size, (255, 255, 255))
        flat.paste(still, mask=still.getchannel("A"))
    else:
        flat = still.convert("RGB") if still.mode != "RGB" else still
    buffer = io.BytesIO()
    flat.save(buffer, "JPEG", quality=QUALITY)
    return buffer.getvalue()


def _decoded(original, kind):
    """The first frame, decoded and reduced; the full-size decode is freed on return."""
    image = kinds.open_image(io.BytesIO(original), kind, "media", media.settings()["max_image_pixels"])
    image.seek(0)
    if image.mode not in REDUCIBLE:
        image = image.convert("RGBA")
    factor = -(-max(image.size) // MAX_SIDE)
    return image.reduce(factor) if factor > 1 else image


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
        data = _read(media_key)
    except Missing:
        return None  # never made, or gone
    return _rendition(original, media_key, data)


def forget(record):
    """Delete the rendition of `record`, if it may have one (its original is gone)."""
    if record.content_type in CONVERTIBLE:
        media.backend().delete(_key(record.id))


def _read(media_key):
    reader = media.backend().open(media_key)
    try:
        return b"".join(reader)
    finally:
        reader.close()


def _key(media_key):
    return f"{media_key.split('.', 1)[0]}.jpg"


def _rendition(original, key, data):
    name = original.filename.rsplit(".", 1)[0] or "image"
    return Rendition(key, f"{name}.jpg", len(data), hashlib.sha256(data).hexdigest())
