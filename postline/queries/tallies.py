"""Tallies' statements (postline/tallies.py): folding deltas and reading totals."""

from peewee import SQL, NodeList, Select, fn

from postline import db
from postline.db import database
from postline.db.filters import conditions


def backlog(deltas):
    """The Compiled span of `deltas` ids: an upper bound of the backlog, read from the
    ends of the primary key alone."""
    return db.Compiled(
        lambda: deltas.select(fn.COALESCE(fn.MAX(deltas.id) - fn.MIN(deltas.id) + 1, 0)).tuples()
    )


def fold_sql(table, key, source):
    """INSERT ... ON CONFLICT adding the deltas read from `source` (the deltas' table,
    or a CTE of deleted rows) to the tally `table`, grouped by its `key` columns."""
    columns = ", ".join(f'"{column}"' for column in key)
    # WHERE TRUE: SQLite's upsert needs it to parse INSERT ... SELECT ... ON CONFLICT.
    moved = f"SELECT {columns}, SUM(delta) FROM {source} WHERE TRUE GROUP BY {columns}"
    return (
        f"INSERT INTO {table} ({columns}, count) {moved} ON CONFLICT ({columns}) "
        f"DO UPDATE SET count = {table}.count + excluded.count"
    )


def fold_and_count_sql(table, deltas, key):
    """One PostgreSQL statement: delete exactly the deltas this snapshot sees, add them
    to the tally, and answer how many were folded."""
    return (
        f"WITH deleted AS (DELETE FROM {deltas} RETURNING *), "
        f"folded AS ({fold_sql(table, key, 'deleted')} RETURNING 1) "
        "SELECT (SELECT COUNT(*) FROM deleted)"
    )


def _total(shape_key):
    table, deltas, scope, shape = shape_key
    scoped = len(scope)

    def build(*values):
        def total(model, column):
            fixed = [getattr(model, name) == value for name, value in zip(scope, values, strict=False)]
            filtered = conditions(shape, values[scoped:], lambda name: getattr(model, name))
            return model.select(fn.COALESCE(fn.SUM(column), 0)).where(*fixed, *filtered)

        # NodeList, not `+`: adding two peewee queries makes a UNION ALL.
        both = NodeList((total(table, table.count), SQL("+"), total(deltas, deltas.delta)))
        return Select(columns=[both]).bind(database).tuples()

    return build


# TOTALS[table, deltas, scope columns, filter shape].first(*scope values, *filter
# values): the tally's count plus its unfolded deltas, in one statement (one snapshot).
TOTALS = db.Shaped(_total, most=256, prepare=True)
