"""API keys: issuing, checking, changing and revoking them (docs/api-notes.md: API keys).

A key reads `service_sk_<mode>_<prefix>_<secret>`. Only the prefix and a keyed
hash of the secret are stored; the full key exists once, in the answer that
creates it.
"""

import hmac
import re
import secrets
import string

from peewee import OperationalError

from models import LIVE, ApiKey
from postline import clock, db
from postline.errors import Forbidden, NotFound, Unauthenticated
from postline.keyring import keyring
from postline.queries import accounts as queries

PERMISSIONS = (
    "posts:read",
    "posts:write",
    "channels:read",
    "channels:write",
    "connections:read",
    "connections:write",
    "webhooks:read",
    "webhooks:write",
    "api-keys:read",
    "api-keys:write",
    "analytics:read",
    "media:read",
    "media:write",
)
KEY_PATTERN = re.compile(r"service_sk_(live|test)_([a-z0-9]{8})_([A-Za-z0-9]{32,128})")
PREFIX_ALPHABET = string.ascii_lowercase + string.digits
SECRET_ALPHABET = string.ascii_letters + string.digits
SECRET_LENGTH = 40
# lastUsedAt is written at most this often per key, so reads cost no write.
LAST_USED_INTERVAL_MS = 60_000


# Run on every request: its SQL is written once (postline/db/compiled.py).


def issue_key(account_id, name, mode=LIVE, permissions=PERMISSIONS, expires_in_days=None):
    """Create a key; return (record, full key). The full key is never stored."""
    now = clock.now_ms()
    prefix = "".join(secrets.choice(PREFIX_ALPHABET) for _ in range(8))
    secret = "".join(secrets.choice(SECRET_ALPHABET) for _ in range(SECRET_LENGTH))
    record = ApiKey.create_for_account(
        account_id,
        mode,
        name=name,
        prefix=prefix,
        secret_hash=keyring.keyed_hash(secret),
        permissions=ordered(permissions),
        expires_at=None if expires_in_days is None else now + expires_in_days * clock.DAY_MS,
    )
    return record, f"service_sk_{mode}_{prefix}_{secret}"


def ordered(permissions):
    """Permissions without duplicates, in the contract's order."""
    return sorted(set(permissions), key=PERMISSIONS.index)


def create(creator, fields):
    """A key made by `creator` (a key with api-keys:write); returns (record, full key).

    Without `permissions` the new key gets every permission of its creator, and the
    creator's mode unless it asks for another; it can grant no more than it holds.
    """
    permissions = fields.get("permissions", creator.permissions)
    mode = fields.get("mode", creator.mode)
    check_grant(creator, permissions, mode)
    return issue_key(creator.account_id, fields["name"], mode, permissions, fields.get("expires_in"))


def update(caller, key_id, fields):
    """Rename a key or change its permissions (never beyond the caller's own)."""
    if "permissions" in fields:
        check_grant(caller, fields["permissions"])
        fields["permissions"] = ordered(fields["permissions"])
    return ApiKey.update_visible(caller, key_id, fields)


def revoke(caller, key_id):
    """Revoke a key the caller may see: it answers 401 from the next request on."""
    now = clock.now_ms()
    visible = ApiKey.visible_to(caller).where(ApiKey.id == key_id).select(ApiKey.id)
    if ApiKey.update(revoked_at=now, updated_at=now).where(ApiKey.id.in_(visible)).execute() != 1:
        raise NotFound


def authenticate(authorization):
    """The live key named by an `Authorization: Bearer ...` header, or Unauthenticated."""
    if not authorization:
        raise Unauthenticated(
            "No API key given. Send 'Authorization: Bearer <API_KEY>'.", code="MISSING_API_KEY"
        )
    scheme, _, token = authorization.strip().partition(" ")
    match = KEY_PATTERN.fullmatch(token.strip()) if scheme.lower() == "bearer" else None
    if match is None:
        raise _invalid_key()
    mode, prefix, secret = match.groups()
    key = queries.KEY_WITH_PREFIX.first(prefix)
    now = clock.now_ms()
    if (
        key is None
        or key.mode != mode
        or not hmac.compare_digest(key.secret_hash, keyring.keyed_hash(secret))
        or key.is_expired(now)
    ):
        raise _invalid_key()
    _record_use(key, now)
    return key


def _record_use(key, now):
    """Write lastUsedAt (at most once a minute), but never wait for the write: on SQLite
    another process may hold the write lock for seconds, and a read must not."""
    if not key.touch_due(now, LAST_USED_INTERVAL_MS):
        return
    try:
        with db.without_waiting():
            key.touch(now, LAST_USED_INTERVAL_MS)
    except OperationalError as error:
        if "locked" not in str(error):
            raise


def check_grant(creator, requested_permissions, requested_mode=None):
    """Refuse (Forbidden) a key asking for more than its creator holds: no escalation."""
    if requested_mode == LIVE and creator.mode != LIVE:
        raise Forbidden("A test key cannot create a live key.", field="mode")
    missing = [p for p in requested_permissions if p not in creator.permissions]
    if missing:
        raise Forbidden(
            f"Cannot grant permissions this key does not hold: {', '.join(missing)}.",
            field="permissions",
        )


def _invalid_key():
    return Unauthenticated("The API key is invalid, expired or revoked.", code="INVALID_API_KEY")
