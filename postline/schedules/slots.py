"""A posting schedule's slots: weekly wall-clock times in a zone, as instants
(docs/scheduling.md, Queues)."""

import datetime
import re

from postline.schedules import wallclock

DAYS = ("mon", "tue", "wed", "thu", "fri", "sat", "sun")
TIME = re.compile(r"([01][0-9]|2[0-3]):([0-5][0-9])")
MAX_SLOTS = 336  # every half hour of a week


def ordered(slots):
    """`slots` ([{day, time}]) in week order, Monday first, each once."""
    unique = {(slot["day"], slot["time"]) for slot in slots}
    return [
        {"day": day, "time": time} for day, time in sorted(unique, key=lambda s: (DAYS.index(s[0]), s[1]))
    ]


def repeated(slots):
    """The indexes of slots that repeat an earlier one."""
    seen, again = set(), []
    for index, slot in enumerate(slots):
        pair = (slot["day"], slot["time"])
        if pair in seen:
            again.append(index)
        seen.add(pair)
    return again


def times(slots, zone, start_ms):
    """Every slot's instant at or after `start_ms`, earliest first, each once (two slots
    in one skipped hour are the same minute): an endless generator, empty for no slots."""
    by_weekday = {}
    for slot in slots:
        hour, minute = TIME.fullmatch(slot["time"]).groups()
        by_weekday.setdefault(DAYS.index(slot["day"]), []).append(datetime.time(int(hour), int(minute)))
    if not by_weekday:
        return
    for each in by_weekday.values():
        each.sort()
    # A day early: the start's local date may be the later of two a fall-back night has.
    day = wallclock.local_of(start_ms, zone).date() - datetime.timedelta(days=1)
    last = None
    while True:
        for moment in by_weekday.get(day.weekday(), ()):
            ms = wallclock.to_ms(datetime.datetime.combine(day, moment), zone)
            if ms >= start_ms and (last is None or ms > last):
                last = ms
                yield ms
        day += datetime.timedelta(days=1)
