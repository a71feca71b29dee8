"""Our header reader (postline/media/dimensions.py) gives every real image the size
Pillow gives it, refuses a file that is not the image it starts like, and stops at
its caps on parts (docs/security.md, Media parsing: images)."""

import io
import os
import struct

import pytest
from PIL import Image, PngImagePlugin

from devtools.media import upload
from postline.media import dimensions
from tests.support.client import assert_error
from tests.support.media import image_of_empty_parts


def still(size, mode="RGB", noise=False):
    """An image of `size`; with `noise`, one that compresses badly (many data chunks)."""
    if noise:
        return Image.frombytes("RGB", size, os.urandom(size[0] * size[1] * 3)).convert(mode)
    return Image.new(mode, size, 128 if mode in ("1", "L", "P", "I;16") else (200, 30, 30)[: len(mode)])


def written(picture, format, **options):
    buffer = io.BytesIO()
    picture.save(buffer, format, **options)
    return buffer.getvalue()


def frames(size, count=5):
    return [Image.new("RGB", size, (n * 40, 30, 200 - n * 30)) for n in range(count)]


def heavy_exif():
    """EXIF of 60 KB (a maker note), near the most one APP1 marker holds."""
    exif = Image.Exif()
    exif[0x927C] = b"maker note " * 5500
    exif[0x010F] = "Camera maker"
    return exif.tobytes()


def texts(count):
    info = PngImagePlugin.PngInfo()
    for n in range(count):
        info.add_text(f"key{n}", "value " * 50, zip=bool(n % 2))
    return info


ICC = bytes(200_000)  # split over four APP2 markers in a JPEG
REAL_IMAGES = {
    "jpeg baseline": ("jpeg", lambda: written(still((640, 480)), "JPEG")),
    "jpeg progressive": ("jpeg", lambda: written(still((641, 479), noise=True), "JPEG", progressive=True)),
    "jpeg optimized": ("jpeg", lambda: written(still((99, 1)), "JPEG", optimize=True)),
    "jpeg grey": ("jpeg", lambda: written(still((33, 77), "L"), "JPEG")),
    "jpeg cmyk": ("jpeg", lambda: written(still((20, 40), "CMYK"), "JPEG")),
    "jpeg subsampled 4:2:0": ("jpeg", lambda: written(still((1023, 767)), "JPEG", subsampling=2)),
    "jpeg exif, icc and comment": (
        "jpeg",
        lambda: written(
            still((4000, 3000)), "JPEG", exif=heavy_exif(), icc_profile=ICC, comment=b"c" * 60_000
        ),
    ),
    "png rgb": ("png", lambda: written(still((640, 480)), "PNG")),
    "png rgba": ("png", lambda: written(still((31, 17), "RGBA"), "PNG")),
    "png palette": ("png", lambda: written(still((300, 200), "P"), "PNG", transparency=0)),
    "png 1-bit": ("png", lambda: written(still((1001, 3), "1"), "PNG")),
    "png 16-bit grey": ("png", lambda: written(still((50, 60), "I;16"), "PNG")),
    "png many image data chunks": ("png", lambda: written(still((1200, 1000), noise=True), "PNG")),
    "png text, icc and exif": (
        "png",
        lambda: written(still((64, 48)), "PNG", pnginfo=texts(40), icc_profile=ICC, exif=heavy_exif()),
    ),
    "gif": ("gif", lambda: written(still((320, 240)), "GIF")),
    "gif 1 x 1": ("gif", lambda: written(still((1, 1)), "GIF")),
    "gif interlaced with comment": (
        "gif",
        lambda: written(still((77, 55)), "GIF", interlace=True, comment=b"x" * 3000),
    ),
    "gif animated": (
        "gif",
        lambda: written(
            frames((120, 90))[0], "GIF", save_all=True, append_images=frames((120, 90))[1:], loop=0
        ),
    ),
    "webp lossy": ("webp", lambda: written(still((640, 480)), "WEBP")),
    "webp lossy, odd size": ("webp", lambda: written(still((16383, 3)), "WEBP")),
    "webp lossless": ("webp", lambda: written(still((641, 479)), "WEBP", lossless=True)),
    "webp lossy with alpha": ("webp", lambda: written(still((65, 33), "RGBA"), "WEBP")),
    "webp extended with exif and icc": (
        "webp",
        lambda: written(still((500, 400)), "WEBP", exif=heavy_exif(), icc_profile=ICC),
    ),
    "webp animated": (
        "webp",
        lambda: written(frames((120, 90))[0], "WEBP", save_all=True, append_images=frames((120, 90))[1:]),
    ),
}


@pytest.mark.parametrize("name", REAL_IMAGES)
def test_a_real_image_has_the_size_pillow_gives_it(name):
    format, make = REAL_IMAGES[name]
    data = make()
    with Image.open(io.BytesIO(data)) as opened:
        assert opened.format.lower() == format
        expected = opened.size
    assert dimensions.size(format, io.BytesIO(data)) == expected


def png_chunk(kind, payload):
    import zlib

    body = kind + payload
    return struct.pack(">I", len(payload)) + body + struct.pack(">I", zlib.crc32(body))


PNG = written(still((30, 20)), "PNG")
JPEG = written(still((30, 20)), "JPEG")
GIF = written(still((30, 20)), "GIF")
# The screen descriptor and its colour table: where the blocks start.
GIF_BLOCKS = 13 + (3 << ((GIF[10] & 7) + 1) if GIF[10] & 0x80 else 0)
WEBP = written(still((30, 20)), "WEBP")
UNREADABLE = {
    "jpeg cut in its header": ("jpeg", JPEG[:40]),
    "jpeg with no frame header": ("jpeg", b"\xff\xd8\xff\xda\x00\x08" + bytes(6)),
    "jpeg of 12 bits": ("jpeg", b"\xff\xd8\xff\xc0\x00\x0b\x0c\x00\x14\x00\x1e\x01\x01\x11\x00\xff\xda"),
    "jpeg that ends before its scan": ("jpeg", b"\xff\xd8\xff\xd9"),
    "jpeg of height 0": ("jpeg", b"\xff\xd8\xff\xc0\x00\x0b\x08\x00\x00\x00\x1e\x01\x01\x11\x00\xff\xda"),
    "png cut in its header": ("png", PNG[:20]),
    "png whose first chunk is not IHDR": ("png", PNG[:8] + png_chunk(b"tEXt", b"a\x00b") + PNG[8:]),
    "png of colour type 2 in 4 bits": ("png", PNG[:24] + b"\x04" + PNG[25:]),
    "png with no image data": ("png", PNG[:33] + png_chunk(b"IEND", b"")),
    "png whose image data is cut": ("png", PNG[:45]),
    "gif cut in its header": ("gif", GIF[:9]),
    "gif that ends before an image": ("gif", GIF[:GIF_BLOCKS] + b";"),
    "gif with an unknown block": ("gif", GIF[:GIF_BLOCKS] + b"\x00" + GIF[GIF_BLOCKS:]),
    "gif whose extension runs past the end": ("gif", GIF[:GIF_BLOCKS] + b"!\xfe\xff" + bytes(10)),
    "webp whose RIFF says more than the file": ("webp", WEBP[:4] + struct.pack("<I", len(WEBP)) + WEBP[8:]),
    "webp whose first chunk is no image header": ("webp", WEBP[:12] + b"ICCP" + WEBP[16:]),
    "webp extended with no image": (
        "webp",
        b"RIFF" + struct.pack("<I", 4 + 18) + b"WEBP" + b"VP8X" + struct.pack("<I", 10) + bytes(10),
    ),
}


@pytest.mark.parametrize("name", UNREADABLE)
def test_a_file_that_is_not_the_image_it_starts_like_is_unreadable(name):
    format, data = UNREADABLE[name]
    with pytest.raises(dimensions.Unreadable):
        dimensions.size(format, io.BytesIO(data))


def test_an_unreadable_image_is_refused_at_upload_saying_why(api):
    error = assert_error(upload(api, PNG[:45], "cut.png"), 415, "UNSUPPORTED_MEDIA_TYPE")
    assert "not a readable one: it holds no image data (IDAT) whole" in error["details"][0]["message"]


# (format, the most empty parts a file may hold, what a refusal names). A JPEG's cap
# counts its frame header and start of scan too; a WebP's its VP8X, VP8 and EXIF chunks.
CAPS = {
    "jpeg": (dimensions.MAX_JPEG_MARKERS - 2, "markers"),
    "png": (dimensions.MAX_PNG_CHUNKS, "chunks besides its image data"),
    "gif": (dimensions.MAX_GIF_EXTENSIONS, "extension blocks"),
    "webp": (dimensions.MAX_WEBP_CHUNKS - 3, "chunks"),
}


@pytest.mark.parametrize("format", CAPS)
def test_a_file_of_parts_up_to_the_cap_is_read_and_one_more_is_refused(format):
    most, named = CAPS[format]
    at_cap = image_of_empty_parts(format, most)
    assert dimensions.size(format, io.BytesIO(at_cap)) == (30, 20)
    with Image.open(io.BytesIO(at_cap)) as opened:
        assert opened.size == (30, 20)
    with pytest.raises(dimensions.TooManyParts, match=named):
        dimensions.size(format, io.BytesIO(image_of_empty_parts(format, most + 1)))


def test_a_png_of_too_many_image_data_chunks_is_refused():
    empty_data = png_chunk(b"IDAT", b"")
    data = PNG[:33] + empty_data * dimensions.MAX_PNG_ALL_CHUNKS + PNG[33:]
    with pytest.raises(dimensions.TooManyParts, match="100,000 chunks"):
        dimensions.size("png", io.BytesIO(data))


def test_a_gif_comment_of_too_many_sub_blocks_is_refused():
    comment = b"!\xfe" + b"\x01x" * (dimensions.MAX_GIF_SUB_BLOCKS + 1) + b"\x00"
    with pytest.raises(dimensions.TooManyParts, match="sub-blocks"):
        dimensions.size("gif", io.BytesIO(GIF[:GIF_BLOCKS] + comment + GIF[GIF_BLOCKS:]))


def test_a_jpeg_of_too_many_stray_bytes_is_refused():
    data = JPEG[:2] + b"\x00" * (dimensions.MAX_JPEG_STRAY_BYTES + 1) + JPEG[2:]
    with pytest.raises(dimensions.TooManyParts, match="stray bytes"):
        dimensions.size("jpeg", io.BytesIO(data))
    stray = JPEG[:2] + b"\x00" * 100 + JPEG[2:]  # as Pillow does, a few are skipped
    assert dimensions.size("jpeg", io.BytesIO(stray)) == (30, 20)
