"""Marshmallow field types of the API, and how the OpenAPI document describes them:
the generic ones (timestamps, whole numbers), then the fields clients
send with their rules (names, colors, URLs, event types...), for schemas.py."""

import functools
import re
import zoneinfo

from flask_smorest.fields import Upload
from marshmallow import ValidationError, fields, validate
from werkzeug.datastructures import FileStorage

from postline import timestamps
from postline.accounts.keys import PERMISSIONS
from postline.web.choices import known_values
from postline.webhooks import events

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


class ScheduleInput(LocalTimestampInput):
    """When to publish: like LocalTimestampInput, but a number small enough to be Unix
    seconds is refused rather than read as milliseconds of January 1970 (which would
    publish at once)."""

    SMALLEST_MS = 100_000_000_000  # 1973-03-03: a seconds count passes it only in 5138

    def _deserialize(self, value, attr, data, **kwargs):
        moment = super()._deserialize(value, attr, data, **kwargs)
        if not isinstance(value, str) or value.strip().isdigit():
            if moment < self.SMALLEST_MS:
                raise ValidationError("looks like Unix seconds; send milliseconds")
        return moment


def input_field_properties(converter, field, **kwargs):
    """OpenAPI for our input fields: TimestampInput (ms or date-time), and the rule that
    text holds no NUL character (no database stores one)."""
    documented = "pattern" in field.metadata or any(isinstance(v, validate.Regexp) for v in field.validators)
    if isinstance(field, fields.String) and not documented:
        return {"pattern": NO_NUL}
    if isinstance(field, TimestampInput):
        milliseconds = {
            "type": "integer",
            "format": "int64",
            "minimum": getattr(field, "SMALLEST_MS", 0),  # ScheduleInput refuses seconds
            "maximum": timestamps.MAX_MS,
        }
        iso = {"type": "string", "pattern": ISO_1970_TO_9999}
        if not isinstance(field, LocalTimestampInput):
            iso["format"] = "date-time"  # a local time (no offset) is no RFC 3339 date-time
        return {"oneOf": [milliseconds, iso]}
    return {}


# The fields clients send, each with its rule and its documentation -----------------

HEX_COLOR = r"^#[0-9A-Fa-f]{6}$"
IANA_ZONES = sorted(zoneinfo.available_timezones())


# Characters that count as blank, spelled out so Python's `re` (validation) and
# ECMA regexes (clients reading the documented `pattern`) agree on them.
BLANK = r"\t\n\v\f\r \x1c-\x1f\x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff"
NOT_BLANK = validate.Regexp(f"^[{BLANK}]*[^{BLANK}\\u0000][^\\u0000]*$", error="must not be blank")

Name = functools.partial(fields.String, validate=[validate.Length(min=1, max=100), NOT_BLANK])


def described(field_class, description, *args, metadata=None, **kwargs):
    """A field with its OpenAPI description: `described(fields.String, "...")`."""
    return field_class(*args, metadata={"description": description, **(metadata or {})}, **kwargs)


CreatedAt = functools.partial(
    Timestamp, data_key="createdAt", metadata={"description": "When it was created (Unix ms)"}
)
UpdatedAt = functools.partial(
    Timestamp, data_key="updatedAt", metadata={"description": "When it last changed (Unix ms)"}
)

CHANNEL_NAME = "1 to 100 characters, not blank"
CHANNEL_COLOR = "A hex color, #RRGGBB; a palette color when omitted at create"
HexColor = functools.partial(
    fields.String,
    validate=validate.Regexp(HEX_COLOR, error="must be a #RRGGBB hex color"),
    metadata={"description": CHANNEL_COLOR},
)

Permissions = functools.partial(
    fields.List,
    fields.String(validate=validate.OneOf(PERMISSIONS, error="is not a known permission")),
)
KEY_NAME = "A label, 1 to 100 characters"


def unique_items(values):
    if len(set(values)) != len(values):
        raise ValidationError("must not repeat an item")


EventTypes = functools.partial(
    fields.List,
    # An open set (postline/web/choices.py): known today, checked here, no enum for clients.
    fields.String(validate=known_values(events.TYPES, "event type")),
    validate=validate.Length(min=1, error="needs at least one event type"),
    metadata={"description": f"Event types to receive, from: {', '.join(events.TYPES)}"},
)
# The common form of a webhook URL, documented so that generated examples are accepted.
# The service checks more than a pattern can say (postline/net/ssrf.py) and also takes
# public IP addresses, longer names and, where configured, http.
WEBHOOK_URL_PATTERN = (
    r"^https://(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.){1,2}[a-z]{2,63}"
    r"(?::[1-9][0-9]{0,3})?(?:/[A-Za-z0-9._~!$&'()*+,;=:@%/?-]*)?$"
)
WebhookUrl = functools.partial(
    fields.String,
    validate=validate.Length(min=1, max=2048),
    metadata={
        "description": "An https URL on the public internet. Refused (400): http, user names or "
        "passwords, localhost, and hosts that are or resolve to private, loopback, link-local, "
        "carrier-grade NAT, multicast or reserved addresses, or IPv4 in other than dotted-decimal form.",
        "pattern": WEBHOOK_URL_PATTERN,
        "example": "https://hooks.example.com/postline",
    },
)
# Control characters other than tab and line breaks (PostgreSQL cannot store NUL).
NO_CONTROL_CHARACTERS = validate.Regexp(
    r"^[^\x00-\x08\x0b\x0c\x0e-\x1f\x7f]*$", error="must not contain control characters"
)
Description = functools.partial(
    fields.String,
    allow_none=True,
    validate=[validate.Length(max=500), NO_CONTROL_CHARACTERS],
    metadata={"description": "A note for you, up to 500 characters, or null"},
)


class StrictBoolean(fields.Boolean):
    """JSON true or false only; marshmallow's Boolean would also take 1, "yes" or "true"."""

    def _deserialize(self, value, attr, data, **kwargs):
        if not isinstance(value, bool):
            raise self.make_error("invalid")
        return value


AltText = functools.partial(
    fields.String,
    data_key="altText",
    allow_none=True,
    validate=[validate.Length(max=1000), NO_CONTROL_CHARACTERS],
    metadata={"description": "Up to 1,000 characters, passed to platforms that take alt text"},
)


class FilePart(Upload):
    """A file part of a multipart body (not a text field of the same name)."""

    def _deserialize(self, value, attr, data, **kwargs):
        if not isinstance(value, FileStorage):
            raise ValidationError("must be a file part (Content-Disposition with a filename)")
        return value


class Day(fields.Date):
    """A UTC calendar day, exactly `YYYY-MM-DD` (not the other ISO 8601 spellings)."""

    def _deserialize(self, value, attr, data, **kwargs):
        if not isinstance(value, str) or not re.fullmatch(r"\d{4}-\d{2}-\d{2}", value):
            raise ValidationError("must be a date written YYYY-MM-DD")
        return super()._deserialize(value, attr, data, **kwargs)
