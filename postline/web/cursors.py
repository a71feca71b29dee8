"""Cursors of lists (docs/api.md, Lists): opaque to clients, signed by the server.

A cursor names the last row of a page by its position in the list's order (its sort
value and id, or a day) and the listing it was made for, as a fingerprint of the
list, the caller's scope, the sort and the filters. The next page starts after that
position, so rows added or removed meanwhile shift nothing: a row that was there when
the first page was read appears once, wherever it is. A cursor that was altered, or
that was made for another sort, filter, list or key, is a 400 naming `cursor`.
"""

import base64
import binascii
import hashlib
import hmac
import json

from postline.errors import Invalid
from postline.keyring import keyring

VERSION = 1
ALTERED = "is not a cursor this list gave (it may be cut short or altered)"
ELSEWHERE = "was made for another sort, filter or key: send the sort and filters of the first page"


def fingerprint(*parts):
    """What a cursor is for, from JSON-able parts: the list, scope, sort and filters."""
    text = json.dumps(parts, sort_keys=True, separators=(",", ":"), default=str)
    return hashlib.sha256(text.encode()).hexdigest()[:32]


def encode(made_for, position):
    """The cursor of `position` (JSON-able) in the listing `made_for` names."""
    payload = json.dumps([VERSION, made_for, position], separators=(",", ":"))
    text = base64.urlsafe_b64encode(payload.encode()).rstrip(b"=").decode()
    return f"{text}.{keyring.cursor_signature(text)}"


def decode(cursor, made_for):
    """The position a cursor names, if it was made for `made_for`; else Invalid."""
    text, _, signature = cursor.partition(".")
    if not hmac.compare_digest(signature.encode(), keyring.cursor_signature(text).encode()):
        raise Invalid.field("cursor", ALTERED)
    try:
        version, cursor_for, position = json.loads(base64.urlsafe_b64decode(text + "=" * (-len(text) % 4)))
    except (binascii.Error, ValueError, TypeError):
        raise Invalid.field("cursor", ALTERED) from None
    if version != VERSION or cursor_for != made_for:
        raise Invalid.field("cursor", ELSEWHERE)
    return position
