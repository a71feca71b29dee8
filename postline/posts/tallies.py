"""Post counts per status and channel, kept so that a listing's total costs no scan.

Triggers on `post` (migration 0003) append +1/-1 rows to `post_tally_delta`; the
worker folds them into `post_tally` (`fold`); a total reads both in one statement
(`total`), so it is exact whether or not the worker has folded lately.
"""

import functools

from peewee import SQL, NodeList, Select, fn

from models import PostTally, PostTallyDelta
from postline import db
from postline.db import database
from postline.db.filters import compare

# Listing filters the tallies can answer, and the tally column each one reads.
TALLY_COLUMNS = {"status": "status", "channelId": "channel_id"}
# Unfolded deltas a total will sum before it folds them first.
FOLD_BACKLOG = 500
# The span of delta ids: an upper bound of the backlog, read from the primary key's ends.
_BACKLOG = db.Compiled(
    lambda: PostTallyDelta.select(
        fn.COALESCE(fn.MAX(PostTallyDelta.id) - fn.MIN(PostTallyDelta.id) + 1, 0)
    ).tuples()
)


def count_for_listing(key, filters):
    """A post listing's total from the tallies, or None when a filter needs a real COUNT.

    `filters` are (filter name, operator, value) triples.
    """
    filters = list(filters)
    if any(name not in TALLY_COLUMNS for name, _, _ in filters):
        return None
    return total(key.account_id, key.mode, [(TALLY_COLUMNS[name], op, value) for name, op, value in filters])


def total(account_id, mode, filters=()):
    """Posts of an account and mode, from the tallies and the unfolded deltas in one
    statement (one snapshot). `filters` are (column, operator, value) on `status` or
    `channel_id`, a list value for `in`.

    The deltas are summed row by row, so a long backlog (no worker folding) is folded
    here first: a total stays cheap whatever the worker does.
    """
    if _BACKLOG.first()[0] > FOLD_BACKLOG:
        fold()
    shape = tuple((column, operator, _arity(value)) for column, operator, value in filters)
    values = [account_id, mode]
    for _, _, value in filters:
        values += value if isinstance(value, list) else [value]
    return _total_query(shape).first(*values)[0]


def fold():
    """Move the appended deltas into the tallies; returns how many were folded."""
    moved = (
        # WHERE TRUE: SQLite's upsert needs it to parse INSERT ... SELECT ... ON CONFLICT.
        "SELECT account_id, mode, channel_id, status, SUM(delta) FROM {source} WHERE TRUE "
        "GROUP BY account_id, mode, channel_id, status"
    )
    upsert = (
        "INSERT INTO post_tally (account_id, mode, channel_id, status, count) {rows} "
        "ON CONFLICT (account_id, mode, channel_id, status) "
        "DO UPDATE SET count = post_tally.count + excluded.count"
    )
    with db.serialized(db.TALLY_LOCK_ID):
        if db.is_sqlite():
            # The write lock taken at BEGIN keeps new deltas out until commit.
            folded = PostTallyDelta.select().count()
            database.execute_sql(upsert.format(rows=moved.format(source="post_tally_delta")))
            PostTallyDelta.delete().execute()
            return folded
        # One statement: exactly the deltas this snapshot sees are deleted and added.
        cursor = database.execute_sql(
            "WITH deleted AS (DELETE FROM post_tally_delta RETURNING *), "
            "folded AS (" + upsert.format(rows=moved.format(source="deleted")) + " RETURNING 1) "
            "SELECT (SELECT COUNT(*) FROM deleted)"
        )
        return cursor.fetchone()[0]


def _arity(value):
    return len(value) if isinstance(value, list) else None


@functools.lru_cache(maxsize=256)
def _total_query(shape):
    """The Compiled total for one shape of filters (columns, operators, list lengths)."""

    def build(account_id, mode, *values):
        def total(table, column):
            condition = (table.account_id == account_id) & (table.mode == mode)
            remaining = iter(values)
            for name, operator, arity in shape:
                value = next(remaining) if arity is None else [next(remaining) for _ in range(arity)]
                condition &= compare(getattr(table, name), operator, value)
            return table.select(fn.COALESCE(fn.SUM(column), 0)).where(condition)

        # NodeList, not `+`: adding two peewee queries makes a UNION ALL.
        both = NodeList(
            (total(PostTally, PostTally.count), SQL("+"), total(PostTallyDelta, PostTallyDelta.delta))
        )
        return Select(columns=[both]).bind(database).tuples()

    return db.Compiled(build)
