"""The comparison operators of listing filters, as peewee expressions that mean the
same on SQLite and PostgreSQL."""

from peewee import fn

from postline.db.connection import is_sqlite


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


def shape_of(filters):
    """Filters `[(key, operator, value)]` (a list value for `in`) split into what a
    compiled query is made for and what it runs with: their shape, a tuple of
    `(key, operator, arity)` (arity None for one value, else the list's length), and
    their values, flat and in order."""
    shape = tuple(
        (key, operator, len(value) if isinstance(value, list) else None) for key, operator, value in filters
    )
    values = [item for _, _, value in filters for item in (value if isinstance(value, list) else [value])]
    return shape, values


def conditions(shape, slots, column_of):
    """The conditions of a filter `shape` (from `shape_of`) on `slots`, the slots of its
    values in order; `column_of(key)` is the column a filter's key reads."""
    remaining = iter(slots)
    for key, operator, arity in shape:
        value = next(remaining) if arity is None else [next(remaining) for _ in range(arity)]
        yield compare(column_of(key), operator, value)
