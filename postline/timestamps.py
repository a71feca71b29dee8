"""Reading client timestamps: Unix milliseconds or ISO 8601 (docs/api-notes.md: Timestamps).

An ISO string must carry `Z` or an offset; a local time needs an explicit IANA
zone from the caller. The service never guesses a zone. Every timestamp lies from
1970-01-01T00:00:00Z to 9999-12-31T23:59:59.999Z, written with ASCII digits only.
"""

import re
from datetime import datetime
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

MIN_MS = 0
MAX_MS = 253_402_300_799_999  # 9999-12-31T23:59:59.999Z
MILLISECONDS = re.compile(r"[0-9]{1,15}")


class TimestampError(ValueError):
    pass


NEEDS_ZONE = "needs a UTC offset or Z (or a timezone field for a local time)"
OUT_OF_RANGE = "must be between 1970-01-01T00:00:00Z and 9999-12-31T23:59:59.999Z"
NOT_A_TIMESTAMP = "must be Unix milliseconds or an ISO 8601 string"


def parse(value):
    """Unix ms from an int, a string of digits, or ISO 8601 with Z or an offset."""
    moment = parse_local(value)
    if isinstance(moment, datetime):
        raise TimestampError(NEEDS_ZONE)
    return moment


def parse_local(value):
    """Like `parse`, but an ISO time without an offset comes back as a naive datetime,
    to be read later in a zone the caller names (`in_zone`)."""
    if isinstance(value, bool) or not isinstance(value, int | str):
        raise TimestampError(NOT_A_TIMESTAMP)
    if isinstance(value, str):
        text = value.strip()
        if not text.isascii():
            raise TimestampError(f"{NOT_A_TIMESTAMP}, in ASCII digits")
        if text.isdigit():
            if not MILLISECONDS.fullmatch(text):
                raise TimestampError(OUT_OF_RANGE)
            value = int(text)
        else:
            return _iso(text)
    return _in_range(value)


def _iso(text):
    try:
        moment = datetime.fromisoformat(text)
    except ValueError:
        raise TimestampError("is not a valid ISO 8601 timestamp") from None
    if moment.tzinfo is None:
        return moment
    return _in_range(_ms(moment))


def in_zone(value, zone_name):
    """Unix ms for a `parse_local` result, reading a naive time in the IANA zone `zone_name`.

    A wall time that occurs twice (DST ends) is read as the first; one that never
    occurs (DST starts) as if the clock had not changed yet (Python's fold=0).
    """
    if not isinstance(value, datetime):
        return value
    if zone_name is None:
        raise TimestampError(NEEDS_ZONE)
    return _in_range(_ms(value.replace(tzinfo=parse_zone(zone_name))))


def _ms(moment):
    try:
        return int(moment.timestamp() * 1000)
    except (OverflowError, ValueError):
        raise TimestampError(OUT_OF_RANGE) from None


def _in_range(ms):
    if not MIN_MS <= ms <= MAX_MS:
        raise TimestampError(OUT_OF_RANGE)
    return ms


def parse_zone(name):
    """The ZoneInfo for an IANA name such as 'Europe/Berlin'."""
    try:
        return ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError):
        raise TimestampError("is not a known IANA time zone") from None
