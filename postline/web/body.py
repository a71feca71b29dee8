"""Reading a JSON request body strictly (docs/api-notes.md: Request bodies).

One reader for the body parser and the idempotency fingerprint, so both see the
same value and refuse the same bodies, with a 400 naming `body` or the field:
- larger than `[server] max_body_bytes`, with or without Content-Length: 413;
- not UTF-8 or not JSON;
- nested more than MAX_DEPTH levels (a deep body would exhaust the parser's stack);
- a number beyond what JSON clients can represent exactly (+/- 2^53 - 1), an integer
  of thousands of digits (Python would refuse to convert it), NaN or Infinity: the
  400 names the field that holds it (`expiresIn`, `posts[0].scheduledFor`);
- text no database stores (NUL characters, unpaired surrogates).

A view marked `@body_limit(section, key)` reads a larger body of its own type (a file
import's CSV, up to `[imports] max_bytes`) with `raw_body()`, under the same 413.
"""

import functools
import json
import math

from flask import current_app, request

from postline.errors import Invalid
from postline.web.errors import ApiError

MAX_DEPTH = 32
MAX_SAFE_INTEGER = 2**53 - 1
MAX_INTEGER_DIGITS = len(str(MAX_SAFE_INTEGER))
NUMBER_RANGE = f"numbers must be between -{MAX_SAFE_INTEGER} and {MAX_SAFE_INTEGER}"
UNSTORABLE = "must not contain NUL characters or unpaired surrogates"
_PARSED = "postline.json_body"
_LIMIT = "postline.body_limit"


class _Unrepresentable:
    """A number or constant the body may not hold, kept in its place while parsing so
    the refusal can name the field that holds it (the parser's hooks do not know)."""

    def __init__(self, reason):
        self.reason = reason


def json_body():
    """The request's JSON body (None when it has none), parsed once per request."""
    if _PARSED not in request.environ:
        request.environ[_PARSED] = _parse(_read())
    return request.environ[_PARSED]


def body_limit(section, key):
    """Let this view's body be as large as the setting `[section] key` rather than
    `[server] max_body_bytes`. Put it above `@idempotent`, which reads the body first."""

    def decorator(view):
        @functools.wraps(view)
        def wrapper(*args, **kwargs):
            request.environ[_LIMIT] = current_app.config["POSTLINE"][section][key]
            return view(*args, **kwargs)

        return wrapper

    return decorator


def raw_body():
    """The request's body as bytes, read once, within its view's limit."""
    return _read()


def _read():
    limit = request.environ.get(_LIMIT, current_app.config["MAX_CONTENT_LENGTH"])
    # One byte more than allowed is read, so a body without Content-Length (chunked)
    # that is too large is told apart from one of exactly the limit.
    request.max_content_length = limit + 1
    data = request.get_data(cache=True)
    if len(data) > limit:
        raise ApiError.from_status(413, f"The request body is larger than {limit} bytes.")
    return data


def _parse(data):
    if not data:
        return None
    try:
        value = json.loads(
            data.decode("utf-8"), parse_int=_integer, parse_float=_float, parse_constant=_constant
        )
    except RecursionError:
        raise Invalid.field("body", f"must not be nested more than {MAX_DEPTH} levels deep") from None
    except (UnicodeDecodeError, json.JSONDecodeError):
        raise Invalid.field("body", "Invalid JSON body.") from None
    _check_tree(value)
    return value


def _integer(text):
    if len(text.lstrip("-")) > MAX_INTEGER_DIGITS or abs(int(text)) > MAX_SAFE_INTEGER:
        return _Unrepresentable(NUMBER_RANGE)
    return int(text)


def _float(text):
    number = float(text)
    if not math.isfinite(number) or abs(number) > MAX_SAFE_INTEGER:
        return _Unrepresentable(NUMBER_RANGE)
    return number


def _constant(name):
    return _Unrepresentable(f"{name} is not a JSON number")


def _check_tree(value):
    """Refuse deep nesting, unstorable text and unrepresentable numbers, naming the field
    (`posts[3].content`)."""
    pending = [(value, "", 0)]
    while pending:
        item, path, depth = pending.pop()
        if depth > MAX_DEPTH:
            raise Invalid.field("body", f"must not be nested more than {MAX_DEPTH} levels deep")
        if isinstance(item, _Unrepresentable):
            raise Invalid.field(path or "body", item.reason)
        if isinstance(item, str):
            if not storable_text(item):
                raise Invalid.field(path or "body", UNSTORABLE)
        elif isinstance(item, dict):
            if not all(storable_text(key) for key in item):
                raise Invalid.field(path or "body", UNSTORABLE)
            # Pushed in reverse, so the first problem in document order is the one reported.
            children = [(child, f"{path}.{key}" if path else str(key)) for key, child in item.items()]
            pending.extend((child, name, depth + 1) for child, name in reversed(children))
        elif isinstance(item, list):
            pending.extend((item[i], f"{path}[{i}]", depth + 1) for i in reversed(range(len(item))))


def storable_text(text):
    """True for text every database stores: no NUL, no unpaired surrogate."""
    if "\x00" in text:
        return False
    try:
        text.encode()
    except UnicodeEncodeError:
        return False
    return True
