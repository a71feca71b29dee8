"""Answers serialised without marshmallow's per-field machinery, from the same schemas.

Dumping a page of 20 posts through marshmallow costs more than reading them: every
field of every row goes through half a dozen calls. `compile_dump(schema)` reads the
schema's fields once and returns a plain function that does what `schema.dump` does
for the field types answers use (strings, numbers, booleans, timestamps, dates,
lists, nested schemas, and fields that answer what they hold, as an input field of a
schema used both ways does): the schema stays the one definition, documented in the
OpenAPI document, and tests/web/test_dumping.py checks both give the same output.
For each type of object it meets (a model, a dict) that function is written out once
as Python source, a line or two per field, so that dumping a row loops over nothing.
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
    dumpers = {}  # type of object dumped -> its dumper, written on first use

    def dump(obj):
        cls = type(obj)
        dumper = dumpers.get(cls)
        if dumper is None:
            dumper = dumpers[cls] = _dumper_of(plan, cls)
        return dumper(obj)

    return dump


def _dumper_of(plan, cls):
    """The dumper of `plan` for objects of `cls`, written out as one function with a line
    or two per field, in the schema's order: looping over a plan cost more than the
    dumping itself, a page of 20 posts being over 800 fields. A dict is read by key; a
    model instance's plain columns from its stored data (`db.stored_key`), without an
    attribute lookup; anything else by attribute."""
    namespace = {"_MISSING": _MISSING}
    lines = ["def dump(obj):", "    out = {}"]
    stored = [None if get else db.stored_key(cls, attribute) for _, attribute, get, _, _ in plan]
    if any(stored):
        lines.append("    data = obj.__data__")
    for index, ((key, attribute, get, convert, kind), column) in enumerate(zip(plan, stored, strict=True)):
        namespace[f"get{index}"], namespace[f"convert{index}"], namespace[f"kind{index}"] = get, convert, kind
        if column is not None:
            read = f"data.get({column!r})"  # None when absent, as peewee answers
        elif get is not None:
            read = f"get{index}(obj)"
        elif issubclass(cls, dict):
            read = f"obj.get({attribute!r}, _MISSING)"
        else:
            read = f"getattr(obj, {attribute!r}, _MISSING)"
        if convert is None:
            value = "value"
        elif type(convert) is _Each:
            namespace[f"convert{index}"] = convert.convert
            item = f"None if v is None else convert{index}(v)" if convert.none_kept else f"convert{index}(v)"
            value = f"value if value is None else [{item} for v in value]"
        elif kind is None:
            value = f"value if value is None else convert{index}(value)"
        else:
            value = f"value if value is None or type(value) is kind{index} else convert{index}(value)"
        lines.append(f"    value = {read}")
        indent = "    "
        if column is None:
            lines.append("    if value is not _MISSING:")
            indent += "    "
        lines.append(f"{indent}out[{key!r}] = {value}")
    lines.append("    return out")
    exec("\n".join(lines), namespace)  # names and keys are the schema's own, written by repr()
    return namespace["dump"]


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


class _Each:
    """The conversion of a list: `convert` of each item (None kept as None, for a List).
    A dumper writes it out as a comprehension rather than calling it (a page of posts
    holds three lists a post)."""

    def __init__(self, convert, none_kept):
        self.convert, self.none_kept = convert, none_kept

    def __call__(self, values):
        convert = self.convert
        if self.none_kept:
            return [None if v is None else convert(v) for v in values]
        return [convert(v) for v in values]


def _converter(field):
    if isinstance(field, fields.Nested):
        dump = compile_dump(field.schema)
        return _Each(dump, none_kept=False) if field.many else dump
    if isinstance(field, fields.List):
        return _Each(_converter(field.inner), none_kept=True)
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
