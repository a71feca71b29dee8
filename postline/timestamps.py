"""Reading client timestamps: Unix milliseconds or ISO 8601 (README, API notes: Timestamps).

An ISO string must carry `Z` or an offset; a local time needs an explicit IANA
zone from the caller. The service never guesses a zone.
"""

from datetime import datetime
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

# JSON numbers beyond 2**53 lose precision in JavaScript clients.
MAX_MS = 2**53 - 1


class TimestampError(ValueError):
    pass


NEEDS_ZONE = "needs a UTC offset or Z (or a timezone field for a local time)"


def parse(value):
    """Unix ms from an int, a digit string, or ISO 8601 with Z or an offset."""
    moment = parse_local(value)
    if isinstance(moment, datetime):
        raise TimestampError(NEEDS_ZONE)
    return moment


def parse_local(value):
    """Like `parse`, but an ISO time without an offset comes back as a naive datetime,
    to be read later in a zone the caller names (`in_zone`)."""
    if isinstance(value, bool):
        raise TimestampError("must be Unix milliseconds or an ISO 8601 string")
    if isinstance(value, str) and value.strip().isdigit():
        value = int(value.strip())
    if isinstance(value, int):
        if not 0 <= value <= MAX_MS:
            raise TimestampError(f"must be between 0 and {MAX_MS} milliseconds")
        return value
    if not isinstance(value, str):
        raise TimestampError("must be Unix milliseconds or an ISO 8601 string")
    try:
        moment = datetime.fromisoformat(value.strip())
    except ValueError:
        raise TimestampError("is not a valid ISO 8601 timestamp") from None
    if moment.tzinfo is None:
        return moment
    return int(moment.timestamp() * 1000)


def in_zone(value, zone_name):
    """Unix ms for a `parse_local` result, reading a naive time in the IANA zone `zone_name`.

    A wall time that occurs twice (DST ends) is read as the first; one that never
    occurs (DST starts) as if the clock had not changed yet (Python's fold=0).
    """
    if not isinstance(value, datetime):
        return value
    if zone_name is None:
        raise TimestampError(NEEDS_ZONE)
    return int(value.replace(tzinfo=parse_zone(zone_name)).timestamp() * 1000)


def parse_zone(name):
    """The ZoneInfo for an IANA name such as 'Europe/Berlin'."""
    try:
        return ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError):
        raise TimestampError("is not a known IANA time zone") from None
