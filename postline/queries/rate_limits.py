"""The rate-limit counters' statements (postline/limits/sql_store.py): the upsert that
counts a request, and the read of where buckets stand."""

import functools

from models import RateLimitCounter

TABLE = RateLimitCounter._meta.table_name
WINDOW_COLUMNS = ("slot", "count", "previous")
KEPT = ("bucket", "expires_at")  # the columns that are not a window's


@functools.cache
def admit_sql(param, windows):
    """(SQL, returned columns) of the upsert that counts one request in `windows`.

    Parameters: bucket, expires_at, each window's slot, then each window's weight of
    the previous slot (ms to the current slot's end) and limit.
    """
    inserted = {"bucket": param, "expires_at": param, **dict.fromkeys(_window_columns(), "0")}
    assignments = [f"expires_at = {_later(f'{TABLE}.expires_at', 'excluded.expires_at')}"]
    room = []
    for window in windows:
        slot, count, previous = (f"{TABLE}.{window.name}_{c}" for c in WINDOW_COLUMNS)
        new_slot = f"excluded.{window.name}_slot"
        # A slot never goes back: a server whose clock runs a little behind another's
        # counts in the newer slot the other one started, from that slot's start.
        current_count = f"(CASE WHEN {slot} >= {new_slot} THEN {count} ELSE 0 END)"
        previous_count = (
            f"(CASE WHEN {slot} >= {new_slot} THEN {previous}"
            f" WHEN {slot} = {new_slot} - 1 THEN {count} ELSE 0 END)"
        )
        weight = f"(CASE WHEN {slot} > {new_slot} THEN {window.ms} ELSE {param} END)"
        inserted.update({f"{window.name}_slot": param, f"{window.name}_count": "1"})
        # Every right-hand side reads the row as it was before this update.
        assignments += [
            f"{window.name}_slot = {_later(slot, new_slot)}",
            f"{window.name}_count = {current_count} + 1",
            f"{window.name}_previous = {previous_count}",
        ]
        # floor(previous * weight / length) + current + 1 <= limit, in integers.
        room.append(f"{previous_count} * {weight} < ({param} - {current_count}) * {window.ms}")
    returned = [f"{w.name}_{c}" for w in windows for c in WINDOW_COLUMNS]
    sql = (
        f"INSERT INTO {TABLE} ({', '.join(inserted)}) VALUES ({', '.join(inserted.values())}) "
        f"ON CONFLICT (bucket) DO UPDATE SET {', '.join(assignments)} "
        f"WHERE {' AND '.join(room)} "
        f"RETURNING {', '.join(returned)}"
    )
    return sql, returned


@functools.cache
def peek_sql(param, count):
    """(SQL, returned columns) of reading `count` buckets' rows, every window's columns;
    parameters: the bucket names. A refused request runs it, so that a client over its
    limit costs less than an admitted one, not more (peewee wrote it anew each time: 40%
    of a 429)."""
    returned = ["bucket", *_window_columns()]
    sql = f"SELECT {', '.join(returned)} FROM {TABLE} WHERE bucket IN ({', '.join([param] * count)})"
    return sql, returned


def _window_columns():
    """Every window's columns (`minute_slot`, ...), in the table's order."""
    return [field.column_name for field in RateLimitCounter._meta.sorted_fields if field.name not in KEPT]


def _later(stored, new):
    # Portable max(): SQLite's max() and PostgreSQL's GREATEST() are spelt differently.
    return f"(CASE WHEN {stored} > {new} THEN {stored} ELSE {new} END)"
