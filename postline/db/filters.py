"""The comparison operators of listing filters, as peewee expressions that mean the
same on SQLite and PostgreSQL."""

from peewee import fn

from postline.db import is_sqlite


def _contains(column, value):
    # Case-sensitive substring test on both databases (LIKE ignores case on SQLite).
    if is_sqlite():
        return fn.INSTR(column, value) > 0
    return fn.STRPOS(column, value) > 0


COMPARISONS = {
    "eq": lambda column, value: column == value,
    "ne": lambda column, value: column != value,
    "gt": lambda column, value: column > value,
    "gte": lambda column, value: column >= value,
    "lt": lambda column, value: column < value,
    "lte": lambda column, value: column <= value,
    "in": lambda column, values: column.in_(values),
    "contains": _contains,
}


def compare(column, operator, value):
    """`column <operator> value` (a list for `in`)."""
    return COMPARISONS[operator](column, value)
