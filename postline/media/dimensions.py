"""An image's width and height, read from its header without trusting the file, as
postline/media/mp4.py reads a video's duration.

A JPEG, PNG, GIF or WebP file is a list of parts (markers, chunks, blocks) whose count
and sizes are whatever the file says. Pillow's readers keep what they find (every JPEG
APP marker in `applist`, every GIF comment, every private PNG chunk; libwebp a record
per RIFF chunk) and loop in Python over each: a 20 MB JPEG of 5.2 million empty APP5
markers cost an API worker 630 MB and 8 s. So these readers walk the parts by their
lengths with seeks, keep nothing but the size, and stop at a cap on the count of
parts that no real image comes near; a file past a cap is refused (TooManyParts),
and only a file that passed is handed to Pillow (postline/media/kinds.py).

What each walks is what Pillow then reads: a JPEG's markers up to the start of scan;
a PNG's chunks up to IEND (Pillow reads those after the image data too); a GIF's
blocks up to its first image; a WebP's RIFF chunks (libwebp's demuxer reads them all).
"""

import os
import struct


class Unreadable(Exception):
    """The file is not the image its first bytes said; the message says why."""


class TooManyParts(Exception):
    """The file holds more parts than a real image has; the message says which."""


# JPEG: markers before the start of scan. A camera's file has a dozen or two (APP0/1
# for JFIF and EXIF, an ICC profile split over a few APP2, XMP, DQT, SOF, DHT).
MAX_JPEG_MARKERS = 500
# JPEG: fill bytes (0xFF) and stray bytes between markers, in all.
MAX_JPEG_STRAY_BYTES = 4096
# PNG: chunks other than image data (IDAT) and chunks in all. A real file has a few
# ancillary chunks and IDATs of 8 to 64 KB: 100,000 is 200 bytes each in 20 MB.
MAX_PNG_CHUNKS = 1000
MAX_PNG_ALL_CHUNKS = 100_000
# GIF: extension blocks before the first image, and the data sub-blocks they hold
# (at most 255 bytes each: 65,536 of them hold an ICC profile of 16 MB).
MAX_GIF_EXTENSIONS = 1000
MAX_GIF_SUB_BLOCKS = 65_536
# WebP: RIFF chunks; an animation has one a frame.
MAX_WEBP_CHUNKS = 10_000

JPEG_SOF = {0xC0, 0xC1, 0xC2, 0xC3, 0xC5, 0xC6, 0xC7, 0xC9, 0xCA, 0xCB, 0xCD, 0xCE, 0xCF}
JPEG_STANDALONE = {0x01, 0xD0, 0xD1, 0xD2, 0xD3, 0xD4, 0xD5, 0xD6, 0xD7, 0xD8}
JPEG_SOS, JPEG_EOI = 0xDA, 0xD9
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
# Bit depths each PNG colour type allows (the PNG specification, 11.2.2).
PNG_DEPTHS = {0: {1, 2, 4, 8, 16}, 2: {8, 16}, 3: {1, 2, 4, 8}, 4: {8, 16}, 6: {8, 16}}
PNG_CHUNK = struct.Struct(">I4s")
WEBP_CHUNK = struct.Struct("<4sI")
WEBP_IMAGES = (b"VP8 ", b"VP8L", b"ANMF")


def size(name, file):
    """(width, height) of the `name` ("jpeg", "png", "gif" or "webp") image in the open
    binary `file`; Unreadable or TooManyParts."""
    file.seek(0)
    width, height = READERS[name](file)
    if not width or not height:
        raise Unreadable(f"its header says {width} x {height} pixels")
    return width, height


def _jpeg(file):
    if _read(file, 2) != b"\xff\xd8":
        raise Unreadable("it does not start with a JPEG start-of-image marker")
    found = None
    stray = [MAX_JPEG_STRAY_BYTES]
    for _ in range(MAX_JPEG_MARKERS):
        marker = _jpeg_marker(file, stray)
        if marker == JPEG_SOS:
            if found is None:
                raise Unreadable("its image data starts before a frame header (SOF) says its size")
            return found
        if marker == JPEG_EOI:
            raise Unreadable("it ends before its image data")
        if marker in JPEG_STANDALONE:
            continue
        (length,) = struct.unpack(">H", _read(file, 2))
        if length < 2:
            raise Unreadable(f"a marker says it is {length} bytes long")
        if marker in JPEG_SOF:
            found = _jpeg_frame(_read(file, length - 2))
        else:
            _skip(file, length - 2)
    raise TooManyParts(
        f"holds more than {MAX_JPEG_MARKERS:,} markers before its image data (a real JPEG has a few dozen)"
    )


def _jpeg_marker(file, stray):
    """The next marker's code, skipping fill bytes (0xFF) and stray ones (as Pillow
    does) while `stray[0]`, the bytes left to skip in the file, lasts."""
    while True:
        byte = _read(file, 1)[0]
        if byte == 0xFF:
            code = _read(file, 1)[0]
            if code not in (0x00, 0xFF):  # 0xFF00 is an escaped 0xFF, not a marker
                return code
            file.seek(-1, os.SEEK_CUR)
        stray[0] -= 1
        if stray[0] < 0:
            raise TooManyParts(f"holds more than {MAX_JPEG_STRAY_BYTES:,} stray bytes between its markers")


def _jpeg_frame(header):
    """(width, height) from a frame header (SOFn): precision, height, width, components."""
    if len(header) < 6:
        raise Unreadable("its frame header (SOF) is too short")
    precision, height, width, components = struct.unpack_from(">BHHB", header)
    # Pillow reads 8-bit JPEGs of 1 (grey), 3 (colour) or 4 (CMYK) components.
    if precision != 8 or components not in (1, 3, 4):
        raise Unreadable(
            f"its frame header says {components} components of {precision} bits (not 8)"
            if precision != 8
            else f"its frame header says {components} components (not 1, 3 or 4)"
        )
    return width, height


def _png(file):
    if _read(file, 8) != PNG_SIGNATURE:
        raise Unreadable("it does not start with the PNG signature")
    length, kind = PNG_CHUNK.unpack(_read(file, PNG_CHUNK.size))
    if kind != b"IHDR" or length != 13:
        raise Unreadable("its first chunk is not a 13-byte IHDR")
    width, height, depth, colour = struct.unpack(">IIBB", _read(file, 10))
    if depth not in PNG_DEPTHS.get(colour, ()):
        raise Unreadable(f"its IHDR says colour type {colour} of {depth} bits")
    end = file.seek(0, os.SEEK_END)
    _png_chunks(file, 8 + PNG_CHUNK.size + length + 4, end)
    return width, height


def _png_chunks(file, position, end):
    """Walk the chunks after IHDR: at least one IDAT, up to IEND or a file cut short
    after the image data (which Pillow reads as the end)."""
    seen_data = False
    others = 0
    for _ in range(MAX_PNG_ALL_CHUNKS):
        if position + PNG_CHUNK.size > end:
            break
        file.seek(position)
        length, kind = PNG_CHUNK.unpack(file.read(PNG_CHUNK.size))
        position += PNG_CHUNK.size + length + 4  # the payload, then its CRC
        if length > 0x7FFFFFFF or position > end:
            break
        if kind == b"IEND":
            break
        if kind == b"IDAT":
            seen_data = True
            continue
        others += 1
        if others > MAX_PNG_CHUNKS:
            raise TooManyParts(
                f"holds more than {MAX_PNG_CHUNKS:,} chunks besides its image data (a real PNG has a few)"
            )
    else:
        raise TooManyParts(f"holds more than {MAX_PNG_ALL_CHUNKS:,} chunks")
    if not seen_data:
        raise Unreadable("it holds no image data (IDAT) whole")


def _gif(file):
    if _read(file, 6) not in (b"GIF87a", b"GIF89a"):
        raise Unreadable("it does not start with a GIF signature")
    width, height, flags = struct.unpack("<HHB", _read(file, 7)[:5])
    if flags & 0x80:  # a global colour table follows
        _skip(file, 3 << ((flags & 7) + 1))
    sub_blocks = 0
    for _ in range(MAX_GIF_EXTENSIONS + 1):
        introducer = _read(file, 1)
        if introducer == b",":  # the first image: Pillow's size covers it too
            left, top, frame_width, frame_height = struct.unpack("<HHHH", _read(file, 8))
            return max(width, left + frame_width), max(height, top + frame_height)
        if introducer == b";":
            raise Unreadable("it ends before its first image")
        if introducer != b"!":
            raise Unreadable(f"a block starts with the unknown byte {introducer[0]:#04x}")
        _read(file, 1)  # the extension's label
        sub_blocks += _gif_sub_blocks(file, MAX_GIF_SUB_BLOCKS - sub_blocks)
    raise TooManyParts(
        f"holds more than {MAX_GIF_EXTENSIONS:,} extension blocks before its first image "
        "(a real GIF has a few)"
    )


def _gif_sub_blocks(file, allowed):
    """Skip one extension's data sub-blocks; how many there were."""
    for count in range(allowed + 1):
        length = _read(file, 1)[0]
        if not length:
            return count
        _skip(file, length)
    raise TooManyParts(
        f"holds more than {MAX_GIF_SUB_BLOCKS:,} data sub-blocks in extensions before its first image"
    )


def _webp(file):
    riff, riff_size, form = struct.unpack("<4sI4s", _read(file, 12))
    end = 8 + riff_size
    if riff != b"RIFF" or form != b"WEBP" or end > file.seek(0, os.SEEK_END):
        raise Unreadable("its RIFF header is not a whole WebP file's")
    file.seek(12)
    kind, length = WEBP_CHUNK.unpack(_read(file, WEBP_CHUNK.size))
    head = _read(file, min(length, 10))
    # A VP8 key frame (bit 0 of its tag clear) says its size after a start code.
    if kind == b"VP8 " and len(head) == 10 and not head[0] & 1 and head[3:6] == b"\x9d\x01\x2a":
        width, height = struct.unpack_from("<HH", head, 6)
        return width & 0x3FFF, height & 0x3FFF
    if kind == b"VP8L" and len(head) >= 5 and head[0] == 0x2F:
        (bits,) = struct.unpack_from("<I", head, 1)
        return (bits & 0x3FFF) + 1, ((bits >> 14) & 0x3FFF) + 1
    if kind == b"VP8X" and len(head) == 10:
        _webp_chunks(file, 12, end)
        return int.from_bytes(head[4:7], "little") + 1, int.from_bytes(head[7:10], "little") + 1
    raise Unreadable("its first chunk is no VP8, VP8L or VP8X header")


def _webp_chunks(file, position, end):
    """Walk an extended WebP's chunks (each padded to an even length) to the RIFF's end;
    one of them must be an image (or an animation's frame)."""
    images = 0
    for _ in range(MAX_WEBP_CHUNKS):
        if position + WEBP_CHUNK.size > end:
            break
        file.seek(position)
        kind, length = WEBP_CHUNK.unpack(file.read(WEBP_CHUNK.size))
        images += kind in WEBP_IMAGES
        position += WEBP_CHUNK.size + length + (length & 1)
    else:
        if position + WEBP_CHUNK.size <= end:
            raise TooManyParts(f"holds more than {MAX_WEBP_CHUNKS:,} chunks")
    if not images:
        raise Unreadable("it holds no image chunk")


def _read(file, count):
    data = file.read(count)
    if len(data) != count:
        raise Unreadable("it ends in the middle of its header")
    return data


def _skip(file, count):
    """Seek `count` bytes on; Unreadable if that passes the end of the file."""
    position = file.tell() + count
    if position > file.seek(0, os.SEEK_END):
        raise Unreadable("a part says it is longer than the rest of the file")
    file.seek(position)


READERS = {"jpeg": _jpeg, "png": _png, "gif": _gif, "webp": _webp}
