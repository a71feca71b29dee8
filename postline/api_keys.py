"""Accounts and API keys: issuing, parsing and checking keys (decisions.md section 3).

A key reads `service_sk_<mode>_<prefix>_<secret>`. Only the prefix and a keyed
hash of the secret are stored; the full key exists once, in the answer that
creates it.
"""

import hmac
import re
import secrets
import string

from models import LIVE, Account, ApiKey
from postline import clock, ids
from postline.errors import ApiError
from postline.keyring import keyring

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
DEFAULT_ACCOUNT = "default"
# lastUsedAt is written at most this often per key, so reads cost no write.
LAST_USED_INTERVAL_MS = 60_000


def find_or_create_account(name, plan):
    """The account called `name`, created on the given plan if it does not exist."""
    account = Account.get_or_none(Account.name == name)
    if account is None:
        account = Account.create(id=ids.new_id("acct"), name=name, plan=plan)
    return account


def issue_key(account_id, name, mode=LIVE, permissions=PERMISSIONS, expires_in_days=None):
    """Create a key; return (record, full key). The full key is never stored."""
    now = clock.now_ms()
    prefix = "".join(secrets.choice(PREFIX_ALPHABET) for _ in range(8))
    secret = "".join(secrets.choice(SECRET_ALPHABET) for _ in range(SECRET_LENGTH))
    record = ApiKey.create(
        id=ids.new_id("key", now),
        account=account_id,
        mode=mode,
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


def authenticate(authorization):
    """The live key named by an `Authorization: Bearer ...` header, or a 401 ApiError."""
    if not authorization:
        raise _unauthenticated("MISSING_API_KEY", "No API key given. Send 'Authorization: Bearer <API_KEY>'.")
    scheme, _, token = authorization.strip().partition(" ")
    match = KEY_PATTERN.fullmatch(token.strip()) if scheme.lower() == "bearer" else None
    if match is None:
        raise _invalid_key()
    mode, prefix, secret = match.groups()
    key = ApiKey.by_prefix(prefix)
    now = clock.now_ms()
    if (
        key is None
        or key.mode != mode
        or not hmac.compare_digest(key.secret_hash, keyring.keyed_hash(secret))
        or key.is_expired(now)
    ):
        raise _invalid_key()
    key.touch(now, LAST_USED_INTERVAL_MS)
    return key


def check_grant(creator, requested_permissions, requested_mode=None):
    """Refuse (403) a key asking for more than its creator holds: no escalation."""
    if requested_mode == LIVE and creator.mode != LIVE:
        raise ApiError.forbidden("A test key cannot create a live key.", field="mode")
    missing = [p for p in requested_permissions if p not in creator.permissions]
    if missing:
        raise ApiError.forbidden(
            f"Cannot grant permissions this key does not hold: {', '.join(missing)}.",
            field="permissions",
        )


def _invalid_key():
    return _unauthenticated("INVALID_API_KEY", "The API key is invalid, expired or revoked.")


def _unauthenticated(code, message):
    return ApiError(401, "authentication_error", code, message)
