"""Marshmallow field types of the API, and how the OpenAPI document describes them."""

import re

from marshmallow import ValidationError, fields, validate

from postline import timestamps

NO_NUL = r"^[^\u0000]*$"
# Timestamps lie between 1970 and 9999 (postline/timestamps.py): the year says so.
ISO_1970_TO_9999 = r"^(19[7-9][0-9]|[2-9][0-9]{3})-"


class Timestamp(fields.Integer):
    """A timestamp in an answer: Unix milliseconds."""


class WholeNumber(fields.Integer):
    """A whole number a client sends: a JSON integer, or in a query string ASCII digits.
    Never a fraction (`1.5` is not truncated to 1), a boolean, or other scripts' digits
    (Python's int() would read `٣` as 3)."""

    QUERY_DIGITS = re.compile(r"-?[0-9]{1,16}")

    def _validated(self, value):
        if isinstance(value, str) and self.QUERY_DIGITS.fullmatch(value):
            value = int(value)
        if isinstance(value, bool) or not isinstance(value, int):
            raise self.make_error("invalid", input=value)
        return super()._validated(value)


class TimestampInput(fields.Field):
    """A timestamp a client sends: Unix milliseconds or ISO 8601 with Z or an offset."""

    def _deserialize(self, value, attr, data, **kwargs):
        try:
            return timestamps.parse(value)
        except timestamps.TimestampError as error:
            raise ValidationError(str(error)) from None


class LocalTimestampInput(TimestampInput):
    """Like TimestampInput, but an ISO time without an offset is kept (as a naive
    datetime) for the domain to read in the post's `timezone`."""

    def _deserialize(self, value, attr, data, **kwargs):
        try:
            return timestamps.parse_local(value)
        except timestamps.TimestampError as error:
            raise ValidationError(str(error)) from None


class CommaList(fields.Field):
    """A comma-separated query value as a list of 1 to MAX_ITEMS items; empty items are
    dropped. With `choices`, every item must be one of them. Both rules are in the
    documented `pattern`."""

    MAX_ITEMS = 100

    def __init__(self, choices=(), **kwargs):
        super().__init__(**kwargs)
        self.choices = tuple(choices)

    def _deserialize(self, value, attr, data, **kwargs):
        if not isinstance(value, str):
            raise ValidationError("must be a comma-separated list")
        items = [item for item in value.split(",") if item]
        if not items:
            raise ValidationError("needs at least one value")
        if len(items) > self.MAX_ITEMS:
            raise ValidationError(f"must be at most {self.MAX_ITEMS} values")
        unknown = [item for item in items if self.choices and item not in self.choices]
        if unknown:
            raise ValidationError(f"must be a comma-separated list of: {', '.join(self.choices)}")
        return items

    def pattern(self):
        if self.choices:
            one = "(" + "|".join(re.escape(choice) for choice in self.choices) + ")"
        else:
            one = "[^,\\u0000]+"
        return f"^,*{one}(,+{one}){{0,{self.MAX_ITEMS - 1}}},*$"


def input_field_properties(converter, field, **kwargs):
    """OpenAPI for our input fields: TimestampInput (ms or date-time), CommaList (pattern),
    and the rule that text holds no NUL character (no database stores one)."""
    if isinstance(field, CommaList):
        return {"type": "string", "pattern": field.pattern()}
    documented = "pattern" in field.metadata or any(isinstance(v, validate.Regexp) for v in field.validators)
    if isinstance(field, fields.String) and not documented:
        return {"pattern": NO_NUL}
    if isinstance(field, TimestampInput):
        milliseconds = {"type": "integer", "format": "int64", "minimum": 0, "maximum": timestamps.MAX_MS}
        iso = {"type": "string", "format": "date-time", "pattern": ISO_1970_TO_9999}
        return {"oneOf": [milliseconds, iso]}
    return {}
