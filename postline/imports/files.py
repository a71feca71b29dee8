"""Reading an import's file: its bytes as rows of post fields, named as the API names
them (docs/imports.md, Columns).

A problem with the file as a whole (not UTF-8, a line over MAX_LINE_BYTES, a CSV
that does not parse, an unknown column) is Invalid naming the line (`line`) or the
column: nothing of the file is imported. A problem with one row is that row's own
(`Row.problems`): it is rejected with its line number, and the other rows go on.
"""

import csv
import io
import json
import re
from dataclasses import dataclass, field

from postline import platforms
from postline.errors import Invalid

CSV = "csv"
NDJSON = "ndjson"
FORMATS = (CSV, NDJSON)
MAX_LINE_BYTES = 64 * 1024
BOM = "\ufeff"
# The columns of the post itself; `channelId` or `channel` (a name) names the channel.
POST_COLUMNS = (
    "channelId",
    "channel",
    "content",
    "scheduledFor",
    "queue",
    "timezone",
    "media",
    "status",
    "thread",
    "firstComment",
)
# `<platform>.<field>`: the post's version for one platform (postline/posts/versions.py).
VERSION_FIELDS = ("content", "media", "thread", "firstComment", "options")
VERSION_PLATFORMS = tuple(name for name in platforms.PUBLISHERS if name != platforms.sandbox.ADAPTER.platform)
COLUMNS = POST_COLUMNS + tuple(f"{p}.{f}" for p in VERSION_PLATFORMS for f in VERSION_FIELDS)
# A CSV cell of media names them separated by spaces or commas.
MEDIA_SEPARATORS = re.compile(r"[\s,]+")
TRUE, FALSE = ("true", "1", "yes"), ("false", "0", "no")


@dataclass
class Row:
    """One row: its line in the file, its fields as a JSON body of POST /v1/posts would
    hold them (`platforms` nested), and what is wrong with it already."""

    line: int
    values: dict
    problems: list = field(default_factory=list)


def read(body, kind):
    """The rows of a file of `kind` (CSV or NDJSON); Invalid for a file that cannot be
    read as a whole."""
    if not body.strip():
        raise Invalid.field("body", "is empty: send a header line and at least one row")
    _check_line_lengths(body)
    text = _decoded(body)
    rows = _csv_rows(text) if kind == CSV else _ndjson_rows(text)
    if not rows:
        raise Invalid.field("body", "has no rows")
    return rows


def _check_line_lengths(body):
    start, number = 0, 1
    while start <= len(body):
        end = body.find(b"\n", start)
        end = len(body) if end < 0 else end
        if end - start > MAX_LINE_BYTES:
            message = (
                f"line {number} is {end - start:,} bytes long; a line may have at most {MAX_LINE_BYTES:,}"
            )
            raise Invalid.field("line", message)
        start, number = end + 1, number + 1


def _decoded(body):
    try:
        return body.decode("utf-8").removeprefix(BOM)
    except UnicodeDecodeError as error:
        line = body.count(b"\n", 0, error.start) + 1
        message = f"line {line} is not UTF-8 (byte 0x{body[error.start]:02x}); save the file as UTF-8"
        raise Invalid.field("line", message) from None


def _csv_rows(text):
    reader = csv.reader(io.StringIO(text, newline=""), strict=True)
    header, rows = None, []
    try:
        while True:
            line = reader.line_num + 1
            cells = next(reader, None)
            if cells is None:
                break
            if not any(cell.strip() for cell in cells):
                continue  # a blank line, or a row of empty cells a spreadsheet left
            if header is None:
                header = _checked_header(cells)
                continue
            rows.append(_csv_row(line, header, cells))
    except csv.Error as error:
        raise Invalid.field("line", f"line {reader.line_num} is not valid CSV: {error}") from None
    return rows


def _checked_header(cells):
    names = [cell.strip() for cell in cells]
    problems = [{"field": name, "message": "is not a known column"} for name in names if name not in COLUMNS]
    problems += [
        {"field": name, "message": "appears twice in the header"}
        for index, name in enumerate(names)
        if name in names[:index]
    ]
    if not {"channelId", "channel"} & set(names):
        problems.append({"field": "channelId", "message": "the header needs a channelId or a channel column"})
    if problems:
        raise Invalid(
            problems, "The file's header line: " + "; ".join(f"{p['field']} {p['message']}" for p in problems)
        )
    return names


def _csv_row(line, header, cells):
    row = Row(line, {})
    if len(cells) > len(header):
        message = f"has {len(cells)} cells; the header names {len(header)} columns"
        row.problems.append({"field": "line", "message": message})
        return row
    for name, cell in zip(header, cells, strict=False):
        if cell.strip():
            _put(row, name, _cell_value(row, name, cell))
    return row


def _cell_value(row, name, cell):
    """A CSV cell as the API would take the field: lists, booleans and objects parsed."""
    field_name = name.rpartition(".")[2]
    if field_name == "media":
        return [item for item in MEDIA_SEPARATORS.split(cell.strip()) if item]
    if field_name == "queue":
        word = cell.strip().lower()
        return True if word in TRUE else False if word in FALSE else cell
    if field_name == "firstComment":
        return {"content": cell}
    if field_name in ("thread", "options"):
        try:
            return json.loads(cell, parse_constant=_no_constant)
        except (ValueError, RecursionError):
            kind = "a JSON array of parts" if field_name == "thread" else "a JSON object"
            row.problems.append({"field": name, "message": f"must be {kind}"})
            return None
    return cell.strip() if field_name in ("channelId", "scheduledFor", "timezone", "status") else cell


def _ndjson_rows(text):
    rows = []
    for number, line in enumerate(text.split("\n"), start=1):
        if not line.strip():
            continue
        row = Row(number, {})
        try:
            values = json.loads(line, parse_constant=_no_constant)
        except (ValueError, RecursionError):
            values = None
        if not isinstance(values, dict):
            row.problems.append({"field": "line", "message": "is not a JSON object"})
        else:
            for name, value in values.items():
                _put(row, name, _json_value(name, value))
        rows.append(row)
    return rows


def _json_value(name, value):
    """An NDJSON field, with the shorthands a CSV cell has: media as one string, a first
    comment as its text."""
    field_name = name.rpartition(".")[2]
    if field_name == "media" and isinstance(value, str):
        return [item for item in MEDIA_SEPARATORS.split(value.strip()) if item]
    if field_name == "firstComment" and isinstance(value, str):
        return {"content": value}
    return value


def _put(row, name, value):
    """Set a field of the row: `x.content` goes to `platforms.x.content`; a thread part
    given as text is `{content}`."""
    if not storable(value):
        row.problems.append(
            {"field": name, "message": "must not contain NUL characters or unpaired surrogates"}
        )
        return
    if name.rpartition(".")[2] == "thread" and isinstance(value, list):
        value = [{"content": part} if isinstance(part, str) else part for part in value]
    platform, dot, field_name = name.partition(".")
    if dot and platform in VERSION_PLATFORMS:
        versions = row.values.setdefault("platforms", {})
        if isinstance(versions, dict):
            version = versions.setdefault(platform, {})
            if isinstance(version, dict):
                version[field_name] = value
                return
        row.problems.append({"field": name, "message": "conflicts with the row's platforms field"})
        return
    row.values[name] = value


def storable(value):
    """True for a value whose every text any database stores: no NUL, no unpaired surrogate."""
    if isinstance(value, str):
        try:
            value.encode()
        except UnicodeEncodeError:
            return False
        return "\x00" not in value
    if isinstance(value, dict):
        return all(storable(key) and storable(item) for key, item in value.items())
    if isinstance(value, list):
        return all(storable(item) for item in value)
    return True


def _no_constant(name):
    raise ValueError(f"{name} is not a JSON number")
