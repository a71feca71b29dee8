"""The duration of an MP4 or QuickTime file, read without trusting the file.

Both are a tree of boxes (atoms): a 4-byte size, a 4-byte type, then the payload; the
movie's duration is in `moov/mvhd`. A box's size is whatever the file says, so this
reader never reads a payload whole: it walks box headers with seeks, at most
MAX_BOXES of them a level, and reads the first MVHD_BYTES of `mvhd`, where the
duration is. A box that claims more than its parent holds ends the walk: the file is
a video of unknown length. (mutagen, used before, read every box it parsed whole: a
`moov` holding one 300 MiB `mvhd` cost an API worker 600 MB.)
"""

import os
import struct

BOX_HEADER = struct.Struct(">I4s")
LARGE_SIZE = struct.Struct(">Q")
# An `mvhd` of version 1 holds its duration within its first 32 bytes.
MVHD_BYTES = 32
# Boxes looked at on one level before giving up: a real file has a handful (ftyp,
# moov, mdat, free...); a crafted one of millions of 8-byte boxes costs no more.
MAX_BOXES = 1000
# A duration of all ones means "unknown" (ISO/IEC 14496-12).
UNKNOWN = {0xFFFFFFFF, 0xFFFFFFFFFFFFFFFF}


def duration_ms(file):
    """The movie's duration in milliseconds from `moov/mvhd` of the open binary `file`,
    or None where the file does not say it (or says it wrongly)."""
    end = file.seek(0, os.SEEK_END)
    moov = _find(file, 0, end, b"moov")
    mvhd = moov and _find(file, *moov, b"mvhd")
    if not mvhd:
        return None
    start, stop = mvhd
    file.seek(start)
    return _mvhd_duration_ms(file.read(min(stop - start, MVHD_BYTES)))


def _find(file, start, stop, kind):
    """(payload start, box end) of the first box of type `kind` between `start` and
    `stop`, or None."""
    position = start
    for _ in range(MAX_BOXES):
        if position + BOX_HEADER.size > stop:
            return None
        file.seek(position)
        header = file.read(BOX_HEADER.size + LARGE_SIZE.size)
        size, name = BOX_HEADER.unpack_from(header)
        payload = position + BOX_HEADER.size
        if size == 1:  # a 64-bit size follows the type
            if len(header) < BOX_HEADER.size + LARGE_SIZE.size:
                return None
            (size,) = LARGE_SIZE.unpack_from(header, BOX_HEADER.size)
            payload += LARGE_SIZE.size
        elif size == 0:  # to the end of the enclosing box (or file)
            size = stop - position
        if size < payload - position or position + size > stop:
            return None
        if name == kind:
            return payload, position + size
        position += size
    return None


def _mvhd_duration_ms(head):
    """The duration in an `mvhd` payload's first bytes: version, flags, then times in
    32 bits (version 0) or 64 (version 1), the time scale and the duration."""
    if len(head) < 20:
        return None
    if head[0] == 1:
        if len(head) < 32:
            return None
        (timescale,) = struct.unpack_from(">I", head, 20)
        (duration,) = struct.unpack_from(">Q", head, 24)
    else:
        timescale, duration = struct.unpack_from(">II", head, 12)
    if not timescale or not duration or duration in UNKNOWN:
        return None
    return round(duration * 1000 / timescale)
