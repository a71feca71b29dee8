"""Marshmallow field types of the API, and how the OpenAPI document describes them."""

import re

from marshmallow import ValidationError, fields, validate

from postline import timestamps

NO_NUL = r"^[^\u0000]*$"


class Timestamp(fields.Integer):
    """A timestamp in an answer: Unix milliseconds."""


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
    """A comma-separated query value as a list; empty items are dropped.

    With `choices`, every item must be one of them (documented as a `pattern`).
    """

    def __init__(self, choices=(), **kwargs):
        super().__init__(**kwargs)
        self.choices = tuple(choices)

    def _deserialize(self, value, attr, data, **kwargs):
        if not isinstance(value, str):
            raise ValidationError("must be a comma-separated list")
        items = [item for item in value.split(",") if item]
        if not items:
            raise ValidationError("needs at least one value")
        unknown = [item for item in items if self.choices and item not in self.choices]
        if unknown:
            raise ValidationError(f"must be a comma-separated list of: {', '.join(self.choices)}")
        return items

    def pattern(self):
        if not self.choices:
            return r"^[^\u0000]*[^,\u0000][^\u0000]*$"  # some item, and no NUL
        one = "(" + "|".join(re.escape(choice) for choice in self.choices) + ")"
        return f"^,*{one}(,+{one})*,*$"


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
        return {"oneOf": [milliseconds, {"type": "string", "format": "date-time"}]}
    return {}
