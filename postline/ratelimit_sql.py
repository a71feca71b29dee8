"""Rate-limit counters in the service's own database (SQLite or PostgreSQL).

One row per bucket (an API key, or a key on one endpoint) holds every window of
that bucket. Admitting a request is one statement: an upsert whose update only
happens while every window has room, returning the new counts. An admitted
request costs one short write on one row; a refused one writes nothing; requests
of different keys never wait on the same row. Only a request with an endpoint
limit touches two rows, in one transaction, so a refusal by either undoes both.
"""

import functools
import operator

from peewee import Case

from models import RateLimitCounter
from postline import sliding_window
from postline.db import database

COLUMNS = {
    window.name: (
        getattr(RateLimitCounter, f"{window.name}_slot"),
        getattr(RateLimitCounter, f"{window.name}_count"),
        getattr(RateLimitCounter, f"{window.name}_previous"),
    )
    for window in sliding_window.WINDOWS
}


class SqlCounters:
    def acquire(self, buckets, now_ms):
        """Count one request in every bucket, or in none: (admitted, [Status])."""
        if len(buckets) == 1:
            row = self._admit(buckets[0], now_ms)
            if row is not None:
                return True, _statuses(buckets[0], row, now_ms)
        else:
            rows = []
            with database.atomic() as transaction:
                for bucket in buckets:
                    row = self._admit(bucket, now_ms)
                    if row is None:
                        transaction.rollback()
                        break
                    rows.append(row)
            if len(rows) == len(buckets):
                return True, [s for b, r in zip(buckets, rows, strict=True) for s in _statuses(b, r, now_ms)]
        return False, self.peek(buckets, now_ms)

    def peek(self, buckets, now_ms):
        """[Status] of every limit of `buckets`, counting nothing."""
        rows = {
            row.bucket: row
            for row in RateLimitCounter.select().where(RateLimitCounter.bucket.in_([b.name for b in buckets]))
        }
        return [s for b in buckets for s in _statuses(b, rows.get(b.name), now_ms)]

    def clear(self):
        RateLimitCounter.delete().execute()

    def _admit(self, bucket, now_ms):
        """The bucket's row after counting one request, or None if a window is full."""
        inserted = {RateLimitCounter.bucket: bucket.name}
        updated = {}
        room = []
        expires_at = now_ms
        for limit in bucket.limits:
            slot_column, count_column, previous_column = COLUMNS[limit.window.name]
            length = limit.window.ms
            slot, slot_end = sliding_window.slot_of(limit.window, now_ms)
            current = Case(None, [(slot_column == slot, count_column)], 0)
            previous = Case(
                None, [(slot_column == slot, previous_column), (slot_column == slot - 1, count_column)], 0
            )
            inserted.update({slot_column: slot, count_column: 1, previous_column: 0})
            updated.update({slot_column: slot, count_column: current + 1, previous_column: previous})
            # floor(previous * weight) + current + 1 <= limit, in integers:
            room.append(previous * (slot_end - now_ms) < (limit.amount - current) * length)
            expires_at = max(expires_at, slot_end + length)
        inserted[RateLimitCounter.expires_at] = expires_at
        updated[RateLimitCounter.expires_at] = expires_at
        query = (
            RateLimitCounter.insert(inserted)
            .on_conflict(
                conflict_target=[RateLimitCounter.bucket],
                update=updated,
                where=functools.reduce(operator.and_, room),
            )
            .returning(RateLimitCounter)
        )
        return next(iter(query.execute()), None)


def _statuses(bucket, row, now_ms):
    statuses = []
    for limit in bucket.limits:
        slot, slot_end = sliding_window.slot_of(limit.window, now_ms)
        current = previous = 0
        if row is not None:
            slot_column, count_column, previous_column = (c.name for c in COLUMNS[limit.window.name])
            stored_slot, count = getattr(row, slot_column), getattr(row, count_column)
            if stored_slot == slot:
                current, previous = count, getattr(row, previous_column)
            elif stored_slot == slot - 1:
                previous = count
        statuses.append(sliding_window.status(limit, current, previous, slot_end, now_ms, bucket.endpoint))
    return statuses
