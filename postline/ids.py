"""Opaque, prefixed, creation-time-sortable identifiers (docs/api-notes.md: Ids).

`<prefix>_` + 10 base32 characters of millisecond time + 20 of randomness (100 bits),
in lower-case Crockford base32, whose alphabet sorts the same as the values.
Within one process ids are strictly increasing (ULID's monotonic rule): a second
id in the same millisecond takes the previous random part plus one, so rows made
in one go (a batch) keep their order under a sort by creation time and id.
"""

import secrets
import threading

from postline import clock

ALPHABET = "0123456789abcdefghjkmnpqrstvwxyz"
TIME_CHARS = 10
RANDOM_BITS = 100

_lock = threading.Lock()
_last = (0, 0)


def _encode(number, width):
    chars = []
    for _ in range(width):
        number, digit = divmod(number, 32)
        chars.append(ALPHABET[digit])
    return "".join(reversed(chars))


def new_id(prefix, now_ms=None):
    """A new id such as `ch_01jd3x...`, sortable by creation time."""
    global _last
    timestamp = clock.now_ms() if now_ms is None else now_ms
    with _lock:
        last_time, last_random = _last
        if timestamp <= last_time and last_random + 1 < 2**RANDOM_BITS:
            timestamp, random_part = last_time, last_random + 1
        else:
            random_part = secrets.randbits(RANDOM_BITS)
        _last = (timestamp, random_part)
    return f"{prefix}_{_encode(timestamp, TIME_CHARS)}{_encode(random_part, RANDOM_BITS // 5)}"
