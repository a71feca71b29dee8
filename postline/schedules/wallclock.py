"""Wall-clock times in a zone, as people mean them (docs/scheduling.md, Daylight saving).

"09:00 in Europe/Berlin" stays 09:00 on both sides of a change of offset. A local time
the zone skips (the clock springs forward over it) is read as the first minute after
the gap, the moment the clock changed; one the zone has twice (the clock falls back)
as the first of the two.
"""

from datetime import datetime

MINUTE_MS = 60_000


def to_ms(local, zone):
    """Unix ms of `local`, a naive datetime read as a wall-clock time in `zone` (a ZoneInfo)."""
    ms = _ms(local.replace(tzinfo=zone, fold=0))  # fold=0: the first of a repeated time
    if local_of(ms, zone) == local:
        return ms
    # Skipped: fold=0 read it with the offset before the change, which lands after the
    # change; fold=1 reads it with the offset after, which lands before it. The change
    # lies between.
    return _change_between(_ms(local.replace(tzinfo=zone, fold=1)), ms, zone)


def local_of(ms, zone):
    """The naive wall-clock time in `zone` at Unix ms `ms`."""
    return datetime.fromtimestamp(ms / 1000, zone).replace(tzinfo=None)


def _ms(aware):
    return int(aware.timestamp() * 1000)


def _change_between(before_ms, after_ms, zone):
    """The first whole minute in (before_ms, after_ms] whose offset is after_ms's: when
    the clock changed (a binary search: a gap is minutes to a day long)."""
    offset = _offset(after_ms, zone)
    low, high = before_ms // MINUTE_MS, after_ms // MINUTE_MS
    while high - low > 1:
        middle = (low + high) // 2
        if _offset(middle * MINUTE_MS, zone) == offset:
            high = middle
        else:
            low = middle
    return high * MINUTE_MS


def _offset(ms, zone):
    return datetime.fromtimestamp(ms / 1000, zone).utcoffset()
