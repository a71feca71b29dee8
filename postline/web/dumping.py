"""Answers serialised without marshmallow's per-field machinery, from the same schemas.

Dumping a page of 20 posts through marshmallow costs more than reading them: every
field of every row goes through half a dozen calls. `compile_dump(schema)` reads the
schema's fields once and returns a plain function that does what `schema.dump` does
for the field types answers use (strings, numbers, booleans, timestamps, dates,
lists, nested schemas, and fields that answer what they hold, as an input field of a
schema used both ways does): the schema stays the one definition, documented in the
OpenAPI document, and tests/web/test_dumping.py checks both give the same output.
"""

import datetime

from marshmallow import fields

from postline import db

_MISSING = object()


def _same(value):
    return value


class NotCompilable(TypeError):
    """A field type the compiled dumper does not know: marshmallow dumps that schema."""


def compile_dump(schema):
    """A function obj -> dict equal to `schema.dump(obj)`, or NotCompilable."""
    plan = []
    for name, field in schema.dump_fields.items():
        attribute = field.attribute or name
        convert = _converter(field)
        # The common case inline: a plain attribute, and a value already of the type its
        # conversion returns (a str for a String) kept as it is, without a call.
        get = None if "." not in attribute else _getter(attribute)
        kind = _KEPT.get(convert)
        plan.append((field.data_key or name, attribute, get, None if convert is _same else convert, kind))
    # Per type of object dumped, the plan with each field's key in a model instance's
    # stored columns (its `__data__`), read there without an attribute lookup, or None.
    plans = {}

    def plan_for(cls):
        found = plans[cls] = [(*entry, None if entry[2] else db.stored_key(cls, entry[1])) for entry in plan]
        return found

    def dump(obj):
        out = {}
        is_dict = isinstance(obj, dict)
        data = None if is_dict else getattr(obj, "__data__", None)
        for key, attribute, get, convert, kind, column in plans.get(type(obj)) or plan_for(type(obj)):
            if column is not None:
                value = data.get(column)
            elif get is not None:
                value = get(obj)
            elif is_dict:
                value = obj.get(attribute, _MISSING)
            else:
                value = getattr(obj, attribute, _MISSING)
            if value is _MISSING:
                continue
            out[key] = value if convert is None or value is None or type(value) is kind else convert(value)
        return out

    return dump


# A value of this type comes out of the conversion as it is.
_KEPT = {str: str, int: int, bool: bool, float: float}


def _getter(attribute):
    """A dotted attribute's value (`schedule.name`), _MISSING or None where a part is."""
    parts = attribute.split(".")

    def get(obj):
        for part in parts:
            obj = obj.get(part, _MISSING) if isinstance(obj, dict) else getattr(obj, part, _MISSING)
            if obj is _MISSING or obj is None:
                return obj
        return obj

    return get


def _converter(field):
    if isinstance(field, fields.Nested):
        dump = compile_dump(field.schema)
        return (lambda values: [dump(v) for v in values]) if field.many else dump
    if isinstance(field, fields.List):
        inner = _converter(field.inner)
        return lambda values: [None if v is None else inner(v) for v in values]
    if isinstance(field, fields.Date):
        return datetime.date.isoformat
    if isinstance(field, fields.Integer):
        return int
    if isinstance(field, fields.Boolean):
        return bool
    if isinstance(field, fields.Float):
        return float
    if isinstance(field, fields.String):
        return str
    if type(field)._serialize is fields.Field._serialize:
        return _same  # marshmallow answers the value as it is (TimestampInput, Raw)
    raise NotCompilable(f"{type(field).__name__} is dumped by marshmallow")


class CompiledDump:
    """A Schema mixin: `dump` through compile_dump, made on first use; schemas with a
    field it does not know are dumped by marshmallow as before."""

    _compiled = None

    def dump(self, obj, *, many=None):
        if self._compiled is None:
            try:
                self._compiled = compile_dump(self)
            except NotCompilable:
                self._compiled = False
        if self._compiled is False:
            return super().dump(obj, many=many)
        many = self.many if many is None else many
        return [self._compiled(item) for item in obj] if many else self._compiled(obj)
