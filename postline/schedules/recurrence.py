"""Recurrence rules: the subset of RFC 5545 RRULE a recurring post takes, evaluated in
the post's zone with python-dateutil (docs/scheduling.md, Recurring posts).

Keys: FREQ (DAILY, WEEKLY, MONTHLY or YEARLY), INTERVAL (1 to 1,000), BYDAY (MO..SU,
with an ordinal such as 1MO or -1FR under MONTHLY and YEARLY), BYMONTHDAY (1 to 31 or
-31 to -1; not under WEEKLY), BYHOUR (0 to 23), BYMINUTE (0 to 59), and one of COUNT
or UNTIL (`YYYYMMDD`, `YYYYMMDDTHHMMSS` in the zone, or `YYYYMMDDTHHMMSSZ`). The rule
runs from the post's start, a wall-clock time in its zone (RFC 5545's DTSTART), whose
time of day is the occurrences' unless BYHOUR and BYMINUTE say otherwise; each
occurrence is a wall-clock time read as wallclock.py says (a skipped time is the
first minute after the gap, a repeated one the first of the two).
"""

import datetime
import itertools
import re
from dataclasses import dataclass

from dateutil import rrule

from postline.schedules import wallclock

FREQUENCIES = {"DAILY": rrule.DAILY, "WEEKLY": rrule.WEEKLY, "MONTHLY": rrule.MONTHLY, "YEARLY": rrule.YEARLY}
KEYS = ("FREQ", "INTERVAL", "BYDAY", "BYMONTHDAY", "BYHOUR", "BYMINUTE", "COUNT", "UNTIL")
WEEKDAYS = ("MO", "TU", "WE", "TH", "FR", "SA", "SU")
DAY = re.compile(r"([+-]?[0-9]{1,2})?(MO|TU|WE|TH|FR|SA|SU)")
UNTIL = re.compile(r"([0-9]{8})(?:T([0-9]{6})(Z?))?")
MAX_INTERVAL = 1000
MAX_PER_YEAR = 1000
MAX_LENGTH = 500


class RuleError(ValueError):
    """The rule is outside the subset, or produces too many occurrences or none."""


@dataclass(frozen=True)
class Rule:
    """A parsed rule; `text` as it is stored (keys upper-case, in the order sent)."""

    text: str
    parts: tuple  # ((key, value), ...)

    def get(self, key):
        return dict(self.parts).get(key)


def parse(text):
    """A Rule from `text` (`FREQ=WEEKLY;BYDAY=TU;COUNT=3`, an `RRULE:` prefix allowed), or
    RuleError naming what is wrong."""
    if not isinstance(text, str) or not text.strip():
        raise RuleError("must be an RRULE such as FREQ=WEEKLY;BYDAY=TU")
    if len(text) > MAX_LENGTH:
        raise RuleError(f"must be at most {MAX_LENGTH} characters")
    body = text.strip().upper().removeprefix("RRULE:")
    parts = []
    for item in body.split(";"):
        key, sep, value = item.partition("=")
        if not sep or not value:
            raise RuleError(f"{item!r} is not KEY=VALUE")
        if key not in KEYS:
            raise RuleError(f"{key} is not supported; the keys taken are {', '.join(KEYS)}")
        if key in dict(parts):
            raise RuleError(f"{key} is given twice")
        parts.append((key, value))
    rule = Rule(";".join(f"{key}={value}" for key, value in parts), tuple(parts))
    _check(rule)
    return rule


def _check(rule):
    freq = rule.get("FREQ")
    if freq is None:
        raise RuleError("needs FREQ")
    if freq not in FREQUENCIES:
        raise RuleError(f"FREQ={freq} is not supported; FREQ is one of {', '.join(FREQUENCIES)}")
    if rule.get("COUNT") and rule.get("UNTIL"):
        raise RuleError("takes COUNT or UNTIL, not both")
    if freq == "WEEKLY" and rule.get("BYMONTHDAY"):
        raise RuleError("BYMONTHDAY is not taken with FREQ=WEEKLY")
    _number(rule, "INTERVAL", 1, MAX_INTERVAL)
    _number(rule, "COUNT", 1, 100_000)
    for key, low, high in (("BYHOUR", 0, 23), ("BYMINUTE", 0, 59)):
        _numbers(rule, key, low, high)
    for day in _numbers(rule, "BYMONTHDAY", -31, 31):
        if day == 0:
            raise RuleError("BYMONTHDAY takes 1 to 31 or -31 to -1")
    _weekdays(rule, freq)
    if rule.get("UNTIL") and not UNTIL.fullmatch(rule.get("UNTIL")):
        raise RuleError("UNTIL must be YYYYMMDD, YYYYMMDDTHHMMSS or YYYYMMDDTHHMMSSZ")


def _number(rule, key, low, high):
    value = rule.get(key)
    if value is not None and not (value.isdigit() and low <= int(value) <= high):
        raise RuleError(f"{key} must be a whole number from {low} to {high:,}")


def _numbers(rule, key, low, high):
    values = []
    for item in (rule.get(key) or "").split(",") if rule.get(key) else []:
        if not re.fullmatch(r"[+-]?[0-9]{1,2}", item) or not low <= int(item) <= high:
            raise RuleError(f"{key} takes numbers from {low} to {high}, comma-separated")
        values.append(int(item))
    return values


def _weekdays(rule, freq):
    for item in rule.get("BYDAY").split(",") if rule.get("BYDAY") else []:
        match = DAY.fullmatch(item)
        if match is None:
            raise RuleError("BYDAY takes MO, TU, WE, TH, FR, SA or SU, comma-separated")
        ordinal = match.group(1)
        if ordinal is not None:
            if freq not in ("MONTHLY", "YEARLY"):
                raise RuleError("BYDAY takes an ordinal (such as 1MO) only with FREQ=MONTHLY or YEARLY")
            limit = 5 if freq == "MONTHLY" else 53
            if int(ordinal) == 0 or abs(int(ordinal)) > limit:
                raise RuleError(f"a BYDAY ordinal runs from 1 to {limit} or -{limit} to -1")


def evaluated(rule, start_local, zone):
    """The dateutil rrule for `rule` from `start_local` (a naive wall-clock time in `zone`)."""
    weekdays = []
    for item in rule.get("BYDAY").split(",") if rule.get("BYDAY") else []:
        ordinal, name = DAY.fullmatch(item).groups()
        day = rrule.weekday(WEEKDAYS.index(name))
        weekdays.append(day(int(ordinal)) if ordinal else day)
    numbers = {
        key: [int(item) for item in rule.get(key).split(",")] if rule.get(key) else None
        for key in ("BYMONTHDAY", "BYHOUR", "BYMINUTE")
    }
    return rrule.rrule(
        FREQUENCIES[rule.get("FREQ")],
        dtstart=start_local.replace(second=0, microsecond=0),
        interval=int(rule.get("INTERVAL") or 1),
        count=int(rule.get("COUNT")) if rule.get("COUNT") else None,
        until=_until(rule.get("UNTIL"), zone),
        byweekday=weekdays or None,
        bymonthday=numbers["BYMONTHDAY"],
        byhour=numbers["BYHOUR"],
        byminute=numbers["BYMINUTE"],
        bysecond=0,
    )


def _until(text, zone):
    """UNTIL as a naive wall-clock time in `zone`: a date means the whole of that day."""
    if text is None:
        return None
    date, time, utc = UNTIL.fullmatch(text).groups()
    day = datetime.datetime.strptime(date, "%Y%m%d")
    if time is None:
        return day.replace(hour=23, minute=59, second=59)
    moment = day.replace(hour=int(time[:2]), minute=int(time[2:4]), second=int(time[4:]))
    if utc:
        return wallclock.local_of(int(moment.replace(tzinfo=datetime.UTC).timestamp() * 1000), zone)
    return moment


def occurrences(rule, start_local, zone, after_ms=None):
    """The rule's occurrences as Unix ms, earliest first, each once, those after `after_ms`
    only when it is given: a generator, endless for a rule without COUNT or UNTIL."""
    evaluated_rule = evaluated(rule, start_local, zone)
    if after_ms is None:
        locals_ = iter(evaluated_rule)
    else:
        # Hours early: an occurrence moved out of a skipped hour lands after its wall time.
        locals_ = evaluated_rule.xafter(wallclock.local_of(after_ms, zone) - datetime.timedelta(hours=26))
    last = after_ms
    for local in locals_:
        ms = wallclock.to_ms(local, zone)
        if last is None or ms > last:
            last = ms
            yield ms


def checked(rule, start_local, zone):
    """The first occurrence of `rule` from `start_local`, or RuleError: none at all, or
    more than MAX_PER_YEAR in the year from it."""
    generated = occurrences(rule, start_local, zone)
    first = next(generated, None)
    if first is None:
        raise RuleError("produces no occurrence from the post's start (scheduledFor)")
    year_later = first + 366 * 86_400_000
    within = sum(
        1 for _ in itertools.takewhile(lambda ms: ms < year_later, itertools.islice(generated, MAX_PER_YEAR))
    )
    if within + 1 > MAX_PER_YEAR:
        raise RuleError(f"produces more than {MAX_PER_YEAR:,} occurrences a year")
    return first
