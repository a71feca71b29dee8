"""Usage per account, mode and UTC day (docs/api-notes.md: Usage): requests, with a
per-endpoint breakdown, posts created, delivered and failed, webhook deliveries
and media bytes.

`count()` only adds to a tally in this process's memory. A background thread
writes the tally every `[limits] usage_flush_interval` seconds, one upsert per
(account, mode, day) row and per endpoint row, all in one transaction: a busy
account costs one write per interval instead of a write to the same hot row on
every request. Reads in this process flush first; other processes' counts show
up within one interval. A normal exit flushes; a killed process (SIGKILL) loses
at most its last interval.
"""

import atexit
import collections
import logging
import os
import threading
from datetime import UTC, datetime, timedelta

import peewee
from peewee import EXCLUDED

from models import UsageDay, UsageEndpointDay
from postline import clock, db
from postline.db import database

log = logging.getLogger(__name__)

COUNTERS = (
    "requests",
    "posts_created",
    "posts_delivered",
    "posts_failed",
    "webhook_deliveries",
    "media_bytes",
)
KNOWN = frozenset(COUNTERS)
RETENTION_DAYS = 400
# A tally with this many rows is written at once, whatever the interval.
MAX_PENDING_ROWS = 1000
# Rows per INSERT statement, well under SQLite's limit on bound parameters.
ROWS_PER_STATEMENT = 500


def count(account_id, mode, endpoint=None, **amounts):
    """Add to an account's usage today (UTC) in a mode: `count(acct, "live", posts_created=1)`.

    `endpoint` ("GET /v1/health") adds `requests` to that endpoint's breakdown too.
    """
    unknown = amounts.keys() - KNOWN
    if unknown:
        raise ValueError(f"unknown usage counters: {', '.join(sorted(unknown))}")
    tally.add((account_id, mode, utc_day(clock.now_ms())), endpoint, amounts)


def flush():
    """Write this process's tally now."""
    tally.flush()


# The UTC day last asked for, (its first ms, the next day's, its date): a request's
# usage is counted under today's date, worked out once a day rather than each time.
_day_of = [(0, 0, None)]


def utc_day(now_ms):
    day = _day_of[0]
    if not day[0] <= now_ms < day[1]:
        date = datetime.fromtimestamp(now_ms / 1000, UTC).date()
        start = now_ms - now_ms % clock.DAY_MS
        day = _day_of[0] = (start, start + clock.DAY_MS, date)
    return day[2]


def today():
    return utc_day(clock.now_ms())


def record(account_id, mode, day):
    """An account's usage in a mode on one day: its date and every counter."""
    return history(account_id, mode, day, day, 1, 1)[0][0]


def history(account_id, mode, first, last, page, per_page):
    """(one page of day records from `first` to `last`, oldest first; the number of days).

    Every day has a record, with zeros where nothing happened.
    """
    total = (last - first).days + 1
    start = (page - 1) * per_page
    dates = [first + timedelta(days=n) for n in range(start, min(start + per_page, total))]
    if not dates:
        return [], total
    flush()
    rows = UsageDay.select().where(
        (UsageDay.account == account_id) & (UsageDay.mode == mode) & UsageDay.day.between(dates[0], dates[-1])
    )
    counts = {row.day: row for row in rows}
    records = [
        {"date": day, **{name: getattr(counts[day], name) if day in counts else 0 for name in COUNTERS}}
        for day in dates
    ]
    return records, total


def endpoints(account_id, mode, day):
    """[{method, path, requests}] of a day, busiest endpoint first."""
    flush()
    rows = (
        UsageEndpointDay.select()
        .where(
            (UsageEndpointDay.account == account_id)
            & (UsageEndpointDay.mode == mode)
            & (UsageEndpointDay.day == day)
        )
        .order_by(UsageEndpointDay.requests.desc(), UsageEndpointDay.endpoint)
    )
    result = []
    for row in rows:
        method, path = row.endpoint.split(" ", 1)
        result.append({"method": method, "path": path, "requests": row.requests})
    return result


def retention_cutoff(now_ms):
    """The first day still kept: usage before it is purged."""
    return utc_day(now_ms) - timedelta(days=RETENTION_DAYS)


def configure(settings):
    """Start this process with an empty tally, written every `[limits] usage_flush_interval` s.

    A process configured again (tests build one app after another) first stops the
    writer it had, so no write straddles a change of database.
    """
    tally.stop()
    tally.reset(settings["limits"]["usage_flush_interval"])


class Tally:
    """Counts not yet written, and the background thread that writes them."""

    def __init__(self):
        self._lock = threading.Lock()
        # Held for a whole flush, so a read after flush() sees every count made before it.
        self._flush_lock = threading.Lock()
        self._days = collections.defaultdict(collections.Counter)
        self._endpoints = collections.Counter()
        self._interval = 1.0
        self._writer = None  # this process's writer thread, once started
        self._stopping = threading.Event()
        self._wake = threading.Event()

    def reset(self, interval):
        with self._lock:
            self._days.clear()
            self._endpoints.clear()
            self._interval = interval

    def add(self, row, endpoint, amounts):
        with self._lock:
            # A loop, not Counter.update(): that checks its argument's type against
            # collections.abc on every call (add runs on every request).
            counts = self._days[row]
            for name, amount in amounts.items():
                counts[name] += amount
            if endpoint is not None and amounts.get("requests"):
                self._endpoints[(*row, endpoint)] += amounts["requests"]
            pending = len(self._days) + len(self._endpoints)
            # Started on first use, and again in a forked child (`_forked`).
            if self._writer is None:
                self._start_writer()
        if pending >= MAX_PENDING_ROWS:
            # Only the writer thread writes: `count` may run inside a transaction holding
            # the database's write lock, which a flush from here would wait for too.
            self._wake.set()

    def flush(self):
        with self._flush_lock:
            with self._lock:
                days, self._days = self._days, collections.defaultdict(collections.Counter)
                endpoints, self._endpoints = self._endpoints, collections.Counter()
            if not days and not endpoints:
                return
            try:
                _write(days, endpoints)
            except db.UNAVAILABLE:
                # The database is unreachable or busy for now: keep the counts for the next
                # flush, which reconnects.
                db.discard()
                with self._lock:
                    for row, amounts in days.items():
                        self._days[row].update(amounts)
                    self._endpoints.update(endpoints)
                raise

    def flush_logging_errors(self):
        try:
            self.flush()
        except db.UNAVAILABLE as error:
            log.warning("could not write usage counters (%s); kept for the next write", str(error).strip())
        except peewee.PeeweeException:
            log.exception("could not write usage counters")

    def stop(self):
        """Stop the background writer, after the write it may be doing; the tally is kept."""
        writer, self._writer = self._writer, None
        if writer is not None:
            self._stopping.set()
            self._wake.set()
            writer.join()

    def _forked(self):
        """In a forked child: the parent's writer thread did not come along (threads do
        not survive a fork), so the first count starts one. Told by the fork itself, as
        asking for the pid on every count was a system call a request."""
        self._writer = None
        # A lock a thread of the parent held at the fork would never be released here.
        self._lock, self._flush_lock = threading.Lock(), threading.Lock()

    def close(self):
        """Stop the background writer and write what is left (at exit)."""
        self.stop()
        self.flush_logging_errors()

    def _start_writer(self):
        self._stopping = threading.Event()
        self._wake = threading.Event()
        self._writer = threading.Thread(
            target=self._write_periodically, args=(self._stopping,), name="usage-writer", daemon=True
        )
        self._writer.start()

    def _write_periodically(self, stopping):
        while not stopping.is_set():
            self._wake.wait(self._interval)
            self._wake.clear()
            if stopping.is_set():
                break
            self.flush_logging_errors()
            # This thread's connection is closed between writes: it is idle nearly all the time.
            db.close()
        db.close()


def _write(days, endpoints):
    day_rows = [
        {"account": account, "mode": mode, "day": day, **{name: amounts.get(name, 0) for name in COUNTERS}}
        for (account, mode, day), amounts in sorted(days.items())
    ]
    endpoint_rows = [
        {"account": account, "mode": mode, "day": day, "endpoint": endpoint, "requests": requests}
        for (account, mode, day, endpoint), requests in sorted(endpoints.items())
    ]
    db.check_out()
    # Rows go in sorted order, so two processes flushing the same rows never deadlock.
    with database.atomic():
        for start in range(0, len(day_rows), ROWS_PER_STATEMENT):
            (
                UsageDay.insert_many(day_rows[start : start + ROWS_PER_STATEMENT])
                .on_conflict(
                    conflict_target=[UsageDay.account, UsageDay.mode, UsageDay.day],
                    update={
                        getattr(UsageDay, n): getattr(UsageDay, n) + getattr(EXCLUDED, n) for n in COUNTERS
                    },
                )
                .execute()
            )
        for start in range(0, len(endpoint_rows), ROWS_PER_STATEMENT):
            (
                UsageEndpointDay.insert_many(endpoint_rows[start : start + ROWS_PER_STATEMENT])
                .on_conflict(
                    conflict_target=[
                        UsageEndpointDay.account,
                        UsageEndpointDay.mode,
                        UsageEndpointDay.day,
                        UsageEndpointDay.endpoint,
                    ],
                    update={UsageEndpointDay.requests: UsageEndpointDay.requests + EXCLUDED.requests},
                )
                .execute()
            )


tally = Tally()
atexit.register(tally.close)
os.register_at_fork(after_in_child=tally._forked)
