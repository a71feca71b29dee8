"""Media only the tests need: files that are not media (an executable, an HTML page),
images crafted to cost a parser (millions of empty parts), a multipart body written by
hand. Real images and videos: devtools/media.py; an S3-compatible server: devtools/s3.py."""

import struct
import zlib

from devtools.media import image

ELF = b"\x7fELF\x02\x01\x01\x00" + bytes(8) + b"\x02\x00\x3e\x00" + bytes(200)
HTML = b"<!DOCTYPE html><html><head><title>x</title></head><body><script>alert(1)</script></body></html>"


def crafted_image(format, total):
    """A 30 x 20 image of `format` ("jpeg", "png", "gif", "webp") of exactly `total`
    bytes, nearly all of them empty parts before its image data, as the audit's files:
    JPEG APP5 markers, PNG private chunks, GIF comments, WebP unknown chunks."""
    head, empty, tail = CRAFTED[format]()
    count, rest = divmod(total - len(head) - len(tail), len(empty))
    # Trailing bytes after the image, which every reader ignores.
    return image_of_empty_parts(format, count) + bytes(rest)


def image_of_empty_parts(format, count):
    """A 30 x 20 image of `format` holding `count` empty parts (as crafted_image)."""
    head, empty, tail = CRAFTED[format]()
    data = head + empty * count + tail
    if format == "webp":  # the RIFF header says the file's size
        data = data[:4] + struct.pack("<I", len(data) - 8) + data[8:]
    return data


def _jpeg_parts():
    frame = b"\xff\xc0" + struct.pack(">HBHHB", 11, 8, 20, 30, 1) + b"\x01\x11\x00"
    scan = b"\xff\xda" + struct.pack(">H", 8) + b"\x01\x01\x00\x00\x3f\x00"
    return b"\xff\xd8", b"\xff\xe5\x00\x02", frame + scan + b"\xff\xd9"


def _png_chunk(kind, payload):
    body = kind + payload
    return len(payload).to_bytes(4, "big") + body + zlib.crc32(body).to_bytes(4, "big")


def _png_parts():
    header = b"\x89PNG\r\n\x1a\n" + _png_chunk(b"IHDR", struct.pack(">IIBBBBB", 30, 20, 8, 2, 0, 0, 0))
    pixels = _png_chunk(b"IDAT", zlib.compress(bytes(1 + 30 * 3) * 20)) + _png_chunk(b"IEND", b"")
    return header, _png_chunk(b"prVt", b""), pixels


def _gif_parts():
    screen = b"GIF89a" + struct.pack("<HHBBB", 30, 20, 0, 0, 0)
    first = b"," + struct.pack("<HHHHB", 0, 0, 30, 20, 0) + b"\x02\x02\x4c\x01\x00;"
    return screen, b"!\xfe\x01x\x00", first


def _webp_parts():
    extended = image("WEBP", (30, 20), exif=b"Exif\x00\x00MM\x00*\x00\x00\x00\x08\x00\x00")
    assert extended[12:16] == b"VP8X"
    return extended, b"ABCD" + bytes(4), b""


CRAFTED = {"jpeg": _jpeg_parts, "png": _png_parts, "gif": _gif_parts, "webp": _webp_parts}


def multipart(data, filename_header, boundary="postline-test-boundary"):
    """A multipart body with `data` as the `file` part, its filename written into the
    header exactly as given (a quoted-string: backslashes escaped as the client chooses)."""
    head = (
        f"--{boundary}\r\n"
        f'Content-Disposition: form-data; name="file"; filename="{filename_header}"\r\n'
        "Content-Type: application/octet-stream\r\n\r\n"
    )
    body = head.encode() + data + f"\r\n--{boundary}--\r\n".encode()
    return body, f"multipart/form-data; boundary={boundary}"
