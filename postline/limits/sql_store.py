"""Rate-limit counters in a table of the service's database: PostgreSQL's (on SQLite
they live in shared memory beside the database: shared_store.py).

One row per bucket (an API key, or a key on one endpoint) holds every window of
that bucket. Admitting a request is one statement: an upsert whose update only
happens while every window has room, returning the new counts. An admitted
request costs one short write on one row; a refused one writes nothing; requests
of different keys never wait on the same row. Only a request with an endpoint
limit touches two rows, in one transaction, so a refusal by either undoes both.

The upsert runs on every request, so its SQL is written once per set of windows
and only the parameters change (building it through peewee's query builder each
time cost more than running it).
"""

import functools

from postline import db
from postline.db import prepared
from postline.limits import sliding_window
from postline.queries import rate_limits as queries
from postline.queries.rate_limits import WINDOW_COLUMNS


class SqlCounters:
    def acquire(self, buckets, now_ms):
        """Count one request in every bucket, or in none: (admitted, [Status])."""
        admissions = [_admission(bucket, now_ms) for bucket in buckets]
        rows = []
        if len(admissions) == 1:
            # One statement, atomic by itself; keys of their own take row locks of their own.
            row = _admit(*admissions[0])
            rows = [] if row is None else [row]
        else:
            with db.database.atomic() as transaction:
                for admission in admissions:
                    row = _admit(*admission)
                    if row is None:
                        transaction.rollback()
                        break
                    rows.append(row)
        if len(rows) == len(buckets):
            return True, [
                s for b, r in zip(buckets, rows, strict=True) for s in sliding_window.statuses(b, r, now_ms)
            ]
        return False, self.peek(buckets, now_ms)

    def peek(self, buckets, now_ms):
        """[Status] of every limit of `buckets`, counting nothing."""
        sql, returned = queries.peek_sql(db.database.param, len(buckets))
        cursor = db.database.execute_sql(sql, [bucket.name for bucket in buckets])
        rows = {row[0]: _counts(returned[1:], row[1:]) for row in cursor.fetchall()}
        return [s for b in buckets for s in sliding_window.statuses(b, rows.get(b.name), now_ms)]


def _admission(bucket, now_ms):
    """(SQL, parameters, returned columns, prepared statement or None) of counting one
    request in the bucket."""
    limits, sql, returned, statement = _upsert_plan(db.database.param, db.is_sqlite(), bucket.limits)
    slots, conditions = [], []
    expires_at = now_ms
    for limit in limits:
        slot, slot_end = sliding_window.slot_of(limit.window, now_ms)
        slots.append(slot)
        conditions += [slot_end - now_ms, limit.amount]
        expires_at = max(expires_at, slot_end + limit.window.ms)
    return sql, [bucket.name, expires_at, *slots, *conditions], returned, statement


def _admit(sql, parameters, returned, statement):
    """The bucket's counts after counting one request, or None if a window is full."""
    # Read to the end: on SQLite the statement's transaction lasts until then.
    rows = prepared.execute(statement, sql, parameters).fetchall()
    return _counts(returned, rows[0]) if rows else None


@functools.cache
def _upsert_plan(param, sqlite, limits):
    """(the limits in their columns' order, SQL, returned columns, and on PostgreSQL the
    SQL as a prepared statement: every request runs it) for one set of limits."""
    limits = tuple(sorted(limits, key=lambda limit: limit.window.seconds))
    sql, returned = queries.admit_sql(param, tuple(limit.window for limit in limits))
    statement = None if sqlite else prepared.Statement(sql)
    return limits, sql, returned, statement


# A bucket's counts as sliding_window.statuses reads them: each window's (slot, count,
# previous) columns, the minute's, hour's and day's in turn.
COLUMNS = tuple(f"{w.name}_{c}" for w in sliding_window.WINDOWS for c in WINDOW_COLUMNS)


def _counts(columns, values):
    """A bucket's counts from a row holding `columns` (some windows' columns): zero
    for the windows it lacks, which its limits do not read."""
    by_column = dict(zip(columns, values, strict=True))
    return [by_column.get(column, 0) for column in COLUMNS]
