"""The media types Postline takes, told apart by their first bytes (never by a name or a
header the client chose), and what is read of each: an image's size from its header
(postline/media/dimensions.py), a video's duration from its moov atom
(postline/media/mp4.py), nothing of a document (a PDF, for LinkedIn's document
posts). Nothing is decoded, and Pillow reads no file at upload or import.

An image's size is checked against `[media] max_image_pixels` here, at upload and
import: a file of a few KB can say 13,000 x 13,000, which decodes to gigabytes. A file
whose header holds more parts than a real image has is refused here too, before
Pillow (which keeps each part it reads) ever opens it.
"""

import struct
from dataclasses import dataclass

import filetype
from PIL import GifImagePlugin, JpegImagePlugin, PngImagePlugin, WebPImagePlugin

from postline.errors import Invalid, UnsupportedType
from postline.media import dimensions, mp4

# filetype looks at no more than this many leading bytes.
SNIFF_BYTES = 8192


@dataclass(frozen=True)
class Kind:
    name: str
    content_type: str
    extension: str
    video: bool
    document: bool = False


KINDS = (
    Kind("jpeg", "image/jpeg", "jpg", video=False),
    Kind("png", "image/png", "png", video=False),
    Kind("gif", "image/gif", "gif", video=False),
    Kind("webp", "image/webp", "webp", video=False),
    Kind("mp4", "video/mp4", "mp4", video=True),
    Kind("quicktime", "video/quicktime", "mov", video=True),
    Kind("pdf", "application/pdf", "pdf", video=False, document=True),
)
BY_CONTENT_TYPE = {kind.content_type: kind for kind in KINDS}
NAMES = ", ".join(kind.name for kind in KINDS)
# Each image type's reader, used directly rather than through Image.open, which refuses
# a large image before saying its size; this module refuses it itself, with the size.
IMAGE_READERS = {
    "jpeg": JpegImagePlugin.JpegImageFile,
    "png": PngImagePlugin.PngImageFile,
    "gif": GifImagePlugin.GifImageFile,
    "webp": WebPImagePlugin.WebPImageFile,
}
# What Pillow's readers raise for a file that is not what it started like.
UNREADABLE = (SyntaxError, IndexError, TypeError, ValueError, OSError, struct.error)


def sniff(head, field):
    """The Kind of a file that starts with `head`; UnsupportedType (naming `field`) if none."""
    if not head:
        raise UnsupportedType(f"is empty: send one of {NAMES}", field)
    match = filetype.guess(bytes(head))
    kind = BY_CONTENT_TYPE.get(match.mime) if match else None
    if kind is None:
        found = f"{match.mime} content" if match else "content of no allowed type"
        raise UnsupportedType(
            f"holds {found}; allowed: {NAMES} (the type is read from the bytes, not the name)", field
        )
    return kind


def probe(kind, path, field, max_pixels):
    """What the record shows of the file at `path`: width and height of an image (refused
    over `max_pixels`), the duration of a video (None where the file does not say it
    cheaply), nothing of a document."""
    if kind.document:
        return {}
    if kind.video:
        return {"duration_ms": _duration_ms(path)}
    with open(path, "rb") as file:
        width, height = image_size(file, kind, field)
    check_pixels(width, height, max_pixels, field)
    return {"width": width, "height": height}


def image_size(file, kind, field):
    """(width, height) of the `kind` image in the open binary `file`, read by our own
    bounded reader; UnsupportedType if it is no readable such image, Invalid (naming
    `field`) if its header holds more parts than a real one."""
    try:
        return dimensions.size(kind.name, file)
    except dimensions.Unreadable as error:
        raise UnsupportedType(
            f"starts like a {kind.name} image but is not a readable one: {error}", field
        ) from None
    except dimensions.TooManyParts as error:
        message = f"is a {kind.name} image that {error}; refused unread, as each part costs memory and time"
        raise Invalid.field(field, message) from None


def open_image(source, kind, field, max_pixels):
    """A Pillow image of the `kind` image in the binary file `source`, its header read and
    nothing decoded: only once image_size has read it and it is within `max_pixels`
    (Invalid naming `field` otherwise); UnsupportedType if Pillow cannot read it."""
    check_pixels(*image_size(source, kind, field), max_pixels, field)
    source.seek(0)
    try:
        image = IMAGE_READERS[kind.name](source)
    except UNREADABLE:
        raise UnsupportedType(f"starts like a {kind.name} image but is not a readable one", field) from None
    check_pixels(*image.size, max_pixels, field)
    return image


def check_pixels(width, height, max_pixels, field):
    """Invalid (naming `field`) for an image of more than `max_pixels` pixels."""
    if width * height > max_pixels:
        raise Invalid.field(
            field,
            f"is {width} x {height} pixels ({width * height:,}), over the limit of {max_pixels:,} "
            "pixels ([media] max_image_pixels)",
        )


def _duration_ms(path):
    with open(path, "rb") as file:
        return mp4.duration_ms(file)
