"""Queries whose SQL text is written once per database, then run with new values.

Peewee writes a query's SQL anew on every execution; for the few queries on every
request's path, that costs more than running them. Its cursor wrapper also works out
anew, on each execution's first row, which column becomes which field of which model
(for a query with a join, as long again as running it): a Compiled query works that
out once and hands it to the wrappers of later executions, whose SQL and so columns
are the same. Rows of one model's own columns, or of a model and those its foreign
keys point to joined inner, are then made without peewee's setattr per column
(`_hydrator`). This module relies on peewee internals: `Query._get_cursor_wrapper`
(decoding rows exactly as the query would), the wrapper's lazy `initialize()` and what
a joined one's sets (`_row_spec`, `_constructor_list`, `src_to_dest`), and a model
instance being its `__data__`, `_dirty` and `__rel__`, a plain field's value read from
`__data__` (`stored_key`); tests/db/test_compiled.py and tests/web/test_dumping.py
check them on every peewee upgrade (the rows it makes, the answers dumped from them,
against peewee's own).
"""

import functools
import inspect

from peewee import (
    Field,
    FieldAccessor,
    ForeignKeyAccessor,
    ForeignKeyField,
    IntegerField,
    Model,
    ModelCursorWrapper,
    ModelObjectCursorWrapper,
    ObjectIdAccessor,
    Value,
    _StringField,
)

from postline.db import prepared
from postline.db.connection import database, is_sqlite


class Compiled:
    """`build(*slots)` returns the query with `slots` (peewee nodes) where the values
    go; `rows(*values)` runs it with the values in their place. A query whose shape
    depends on its values (an IN list's length) needs one Compiled per shape: `Shaped`.
    With `prepare`, PostgreSQL keeps it as a prepared statement (prepared.py): for a
    query every request runs, whose planning costs the server more than running it.
    """

    def __init__(self, build, prepare=False):
        self.build = build
        self.prepare = prepare
        self._compiled = None  # (database, query, SQL, parameter plan, prepared.Statement or None)
        self._decoding = None  # (database, what a wrapper's initialize() set), once known
        self._first = None  # (database, a wrapper, its attributes before initialize())

    def rows(self, *values):
        """The rows, to iterate once: peewee's cursor wrapper, or, once their decoding is
        written out (_hydrator), a list of them made from the cursor's rows at once."""
        compiled_for, query, cursor = self._run(values)
        hydrate = self._hydrator_for(compiled_for)
        if hydrate is None:
            return self._wrapped(compiled_for, query, cursor)
        return [hydrate(row) for row in cursor.fetchall()]

    def first(self, *values):
        """The first row's instance, or None. Once its decoding is written out (_hydrator)
        the row is made from the cursor, with no wrapper around it."""
        compiled_for, query, cursor = self._run(values)
        hydrate = self._hydrator_for(compiled_for)
        if hydrate is None:
            return next(iter(self._wrapped(compiled_for, query, cursor)), None)
        row = cursor.fetchone()
        return None if row is None else hydrate(row)

    def _hydrator_for(self, compiled_for):
        """The written-out process_row of this query on the database it is compiled for, or None."""
        decoding = self._decoding
        return decoding[1].get("process_row") if decoding and decoding[0] is compiled_for else None

    def _wrapped(self, compiled_for, query, cursor):
        """The query's cursor wrapper around `cursor`, told how to decode rows once known."""
        wrapper = query._get_cursor_wrapper(cursor)
        decoding, first = self._decoding, self._first
        if decoding is not None and decoding[0] is compiled_for:
            wrapper.__dict__.update(decoding[1])
            wrapper.initialized = True
        elif first is not None and first[0] is compiled_for and first[1].initialized:
            learnt = {name: value for name, value in vars(first[1]).items() if name not in first[2]}
            hydrate = _hydrator(first[1])
            if hydrate is not None:
                learnt["process_row"] = hydrate
            self._decoding, self._first = (compiled_for, learnt), None
        else:
            # Watch this one: the one before found no row (or was for another database).
            self._first = (compiled_for, wrapper, set(vars(wrapper)))
        return wrapper

    def execute(self, *values):
        """Run a write (INSERT, UPDATE, DELETE); returns the cursor."""
        return self._run(values)[2]

    def _run(self, values):
        """(the database it is compiled for, the query, the cursor of running it with `values`)."""
        compiled_for, query, sql, plan, statement = self._current(len(values))
        return compiled_for, query, prepared.execute(statement, sql, _params(plan, values))

    def _current(self, arity):
        compiled = self._compiled
        if compiled is None or compiled[0] is not database.obj:
            compiled = self._compiled = self._compile(arity)
        return compiled

    def _compile(self, arity):
        slots = [Value(_Slot(), converter=False) for _ in range(arity)]
        query = self.build(*slots)
        sql, params = query.sql()
        positions = {id(slot.value): index for index, slot in enumerate(slots)}
        # A slot stands for a value (by position); anything else is a constant of the query.
        plan = [
            (True, positions[id(param)]) if id(param) in positions else (False, param) for param in params
        ]
        statement = prepared.Statement(sql) if self.prepare and not is_sqlite() else None
        return database.obj, query, sql, plan, statement


class Shaped:
    """Compiled queries of one kind whose SQL depends on a shape (an IN list's length,
    which filters a listing has): `shaped[shape]` is the Compiled of `build(shape)`,
    made on first use. Only the `most` shapes used last are kept, so values of every
    length cannot grow the cache without bound. `shape` must be hashable. With
    `prepare`, each shape is a prepared statement on PostgreSQL (prepared.py keeps a
    bounded number per connection).
    """

    def __init__(self, build, most=256, prepare=False):
        self._of = functools.lru_cache(maxsize=most)(lambda shape: Compiled(build(shape), prepare=prepare))

    def __getitem__(self, shape):
        return self._of(shape)


def _hydrator(wrapper):
    """For a wrapper that makes model instances of its rows, a `process_row` that makes
    each as peewee does, without a setattr through a descriptor per column: on a page of
    20 posts that was a third of the request, and peewee's decoding of a joined row (the
    key's lookup, on every request) cost more than running its query. Two shapes: one
    model's own columns, or a model's with those of models its foreign keys point to,
    joined inner. None for any other kind (outer joins, a join further along, a custom
    __init__, a column that is not a field), for peewee's own to decode."""
    if type(wrapper) is ModelObjectCursorWrapper:
        if not wrapper.is_model:
            return None
        model = wrapper.constructor
        columns = {model: list(enumerate(wrapper.unique_columns))}
        links = []
    elif type(wrapper) is ModelCursorWrapper:
        try:
            shape = _joined_shape(wrapper)
        except (AttributeError, ValueError):
            return None  # a peewee whose joined wrapper keeps other attributes: its own decoding
        if shape is None:
            return None
        model, columns, links = shape
    else:
        return None
    keys = {}
    for each, selected in columns.items():
        if each.__init__ is not Model.__init__:
            return None
        keys[each] = [(index, _data_key(each, column)) for index, column in selected]
        names = [key for _, key in keys[each]]
        if None in names or len(set(names)) != len(names):
            return None
    for _, joined, rel in links:
        if type(inspect.getattr_static(joined, rel, None)) is not FieldAccessor:
            return None
    return _written(wrapper.converters, model, keys, links)


def _joined_shape(wrapper):
    """(model, {model: [(index, column)]}, [(foreign key, joined model, its key's name)])
    of a joined wrapper whose every other model hangs off the first by a foreign key."""
    model = wrapper.model
    columns = {}
    for key, constructor, is_a_model in wrapper._constructor_list:
        if not is_a_model or key is not constructor:
            return None  # an alias or a dict
        columns[key] = []
    for index, key, column, _converter in wrapper._row_spec:
        if key not in columns:
            return None
        columns[key].append((index, column))
    links = []
    for source, attribute, joined, is_dict, is_outer, is_fk in wrapper.src_to_dest:
        if source is not model or is_dict or is_outer or not is_fk or joined is model:
            return None
        if wrapper._dest_reachable.get(joined, frozenset()) & set(columns):
            return None
        links.append((attribute, joined, model._meta.fields[attribute].rel_field.name))
    if len(links) != len(columns) - 1 or len({joined for _, joined, _ in links}) != len(links):
        return None
    return model, columns, links


def _data_key(model, column):
    """The key of `__data__` that setting attribute `column` of a `model` instance
    writes, or None when that is no plain field's accessor."""
    accessor = inspect.getattr_static(model, column, None)
    if type(accessor) in (FieldAccessor, ForeignKeyAccessor):
        return accessor.name
    if type(accessor) is ObjectIdAccessor:
        return accessor.field.name
    return None


def _written(converters, model, keys, links):
    """The `process_row` of _hydrator, written out as one function: a dict display per
    model, an entry per column (looping over the columns cost more than decoding them).
    A joined instance is linked, as peewee links it, when any of its columns holds a
    value: its key's value in the foreign key, the instance in `__rel__`."""
    namespace = {}
    lines = ["def process_row(row):"]
    names = {}
    for number, each in enumerate([joined for _, joined, _ in links] + [model]):
        name = names[each] = "instance" if each is model else f"joined{number}"
        namespace[f"model_{name}"], namespace[f"new_{name}"] = each, each.__new__
        entries = [f"{key!r}: {_decoded(index, converters[index], namespace)}" for index, key in keys[each]]
        lines += [
            f"    {name} = new_{name}(model_{name})",
            f"    {name}.__data__ = {{" + ", ".join(entries) + "}",
            f"    {name}._dirty = set()",
            f"    {name}.__rel__ = {{}}",
        ]
    for attribute, joined, rel in links:
        any_value = " or ".join(f"row[{index}] is not None" for index, _ in keys[joined]) or "False"
        lines += [
            f"    if {any_value}:",
            f"        instance.__data__[{attribute!r}] = {names[joined]}.__data__.get({rel!r})",
            f"        instance.__rel__[{attribute!r}] = {names[joined]}",
        ]
    lines.append("    return instance")
    exec("\n".join(lines), namespace)  # the keys are field names, written by repr()
    return namespace["process_row"]


# Fields whose python_value returns a value of this type as it is: IntegerField and its
# kin, CharField and TextField (peewee's plain Field returns any value as it is).
_KEPT = {IntegerField.adapt: int, _StringField.adapt: str}


def _decoded(index, converter, namespace):
    """The expression of column `index`'s value decoded by `converter` as peewee does:
    `converter(value)`, spared where the converter would return the value as it is (a
    field's python_value returns None as None, and an adapt may keep a type): a page of
    20 posts decodes over 600 columns."""
    field = getattr(converter, "__self__", None)
    # A foreign key's column is decoded by the field it points to: its python_value hands
    # on any value but a model instance, which a row never holds.
    while type(field) is ForeignKeyField and converter == field.python_value:
        field = field.rel_field
        converter = field.python_value
    if converter is None or (
        isinstance(field, Field)
        and type(field).adapt is Field.adapt
        and type(field).python_value is Field.python_value
    ):
        return f"row[{index}]"
    namespace[f"convert{index}"] = converter
    if not isinstance(field, Field) or type(field).python_value is not Field.python_value:
        return f"convert{index}(row[{index}])"
    kept = _KEPT.get(type(field).adapt)
    if kept is None:
        return f"None if (value := row[{index}]) is None else convert{index}(value)"
    namespace[f"kept{index}"] = kept
    return (
        f"value if (value := row[{index}]) is None or type(value) is kept{index} else convert{index}(value)"
    )


def stored_key(cls, attribute):
    """The key of `__data__` whose value reading `attribute` of a `cls` instance returns
    (`instance.__data__.get(key)`, as peewee's FieldAccessor does), or None when
    `attribute` is anything else (a property, a foreign key's object or id) or `cls` no
    model. Answers read plain columns so, without a descriptor call each: a page of 20
    posts reads over 400."""
    if not (isinstance(cls, type) and issubclass(cls, Model)):
        return None
    accessor = inspect.getattr_static(cls, attribute, None)
    return accessor.name if type(accessor) is FieldAccessor else None


def _params(plan, values):
    return [values[item] if is_slot else item for is_slot, item in plan]


class _Slot:
    """Where a value goes in a Compiled query; only its identity matters."""


def insert_rows(model, rows):
    """INSERT `rows` (dicts with the same keys, values as the model's fields take them)
    in one statement whose SQL is compiled once per model, columns and row count.
    The way to create many rows at once; one row is `Model.create_for(...)`."""
    if not rows:
        return
    columns = tuple(rows[0])
    fields = [model._meta.fields[column] for column in columns]
    values = [
        field.db_value(row[column]) for row in rows for column, field in zip(columns, fields, strict=True)
    ]
    _INSERTS[model, columns, len(rows)].execute(*values)


def _insert(shape):
    model, columns, count = shape
    width = len(columns)

    def build(*slots):
        return model.insert_many(
            [dict(zip(columns, slots[row * width : (row + 1) * width], strict=True)) for row in range(count)]
        )

    return build


_INSERTS = Shaped(_insert, most=512)


def update_rows(model, rows, match=("id",), constants=None):
    """UPDATE many rows with values of their own in one statement: `rows` are dicts with
    the same keys (field names); the `match` fields pick each row and the others are
    written, with `constants` (field name -> one value for every row) besides. Returns
    how many rows were written. The way to write many rows' different outcomes at once.
    """
    if not rows:
        return 0
    written = [name for name in rows[0] if name not in match]
    fields = [model._meta.fields[name] for name in (*match, *written)]
    constants = constants or {}
    # In the order of the SQL text: the constants' assignments come before the VALUES.
    values = [model._meta.fields[name].db_value(value) for name, value in constants.items()]
    values += [field.db_value(row[field.name]) for row in rows for field in fields]
    sql = _updater(type(database.obj), model, tuple(match), tuple(written), tuple(constants), len(rows))
    return database.execute_sql(sql, values).rowcount


@functools.lru_cache(maxsize=512)
def _updater(_database_class, model, match, written, constants, count):
    """UPDATE ... FROM (VALUES ...), which PostgreSQL and SQLite (3.33+) read alike.
    VALUES columns are named column1, column2, ... on both; each is cast to its
    field's type, since on PostgreSQL a column of NULLs alone has no type."""
    table = _quote(model._meta.table_name)
    fields = [model._meta.fields[name] for name in (*match, *written)]
    param = database.param
    row = f"({', '.join([param] * len(fields))})"
    assignments = [
        f"{_quote(field.column_name)} = CAST(v.column{number} AS {_sql_type(field)})"
        for number, field in enumerate(fields, 1)
        if field.name in written
    ] + [f"{_quote(model._meta.fields[name].column_name)} = {param}" for name in constants]
    conditions = [
        f"{table}.{_quote(field.column_name)} = v.column{number}"
        for number, field in enumerate(fields, 1)
        if field.name in match
    ]
    return (
        f"UPDATE {table} SET {', '.join(assignments)} FROM (VALUES {', '.join([row] * count)}) AS v"
        f" WHERE {' AND '.join(conditions)}"
    )


def _quote(name):
    return f'"{name}"'  # both databases quote names alike


def _sql_type(field):
    return "BIGINT" if isinstance(field, IntegerField) else "TEXT"
