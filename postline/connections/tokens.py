"""Tokens: encrypted at rest, refreshed ahead of expiry, one refresh at a time.

A refresh is serialised by a claim, not a lock: `refreshing_until` is set in a short
UPDATE (only where no live claim exists), the platform is called with no transaction
open (a lock held across a network call would stall every SQLite writer), and the new
pair is written by the one UPDATE that also ends the claim. Others that need the
connection meanwhile wait for the claim to end and read the new token.

Platforms that rotate refresh tokens (X) invalidate the old one as they answer. The
only moment a crash can still lose the new pair is between the platform's answer and
that one UPDATE's commit (microseconds, no other work in between); the connection then
answers `invalid_grant` at its next refresh and becomes `expired`, and the user
connects again. A claim outlives the longest refresh call, so a slow refresh is never
repeated with the spent token by another process.
"""

import time

from models import Connection
from postline import clock, db, platforms
from postline.connections import instances, settings, story
from postline.keyring import keyring
from postline.queries import connections as queries
from postline.statuses import ConnectionStatus
from postline.webhooks import events

# The worker refreshes tokens that expire within this long (docs/api-notes.md: Tokens),
# or within their provider's own `refresh_ahead_ms` where it is longer.
REFRESH_AHEAD_MS = 15 * 60 * 1000
# A token this close to its expiry is refreshed before a call rather than used.
USABLE_MARGIN_MS = 60 * 1000
WAIT_STEP_SECONDS = 0.1


class ConnectionDead(Exception):
    """The connection is gone, `expired` or `revoked`: posts to it are blocked."""

    def __init__(self, message):
        super().__init__(message)
        self.message = message


class RefreshFailed(Exception):
    """The platform could not refresh the token now; the connection stays `active`."""

    def __init__(self, message):
        super().__init__(message)
        self.message = message


def encrypt(token):
    return keyring.encrypt(token) if token else None


def decrypt(token):
    return keyring.decrypt(token) if token else None


def call_for(connection_id):
    """A platforms.Call with a usable access token for the connection, refreshing it
    first when it expires within a minute; a token nothing can renew is used until it
    ends, and then the connection is `expired`. ConnectionDead or RefreshFailed."""
    connection = _alive(connection_id)
    expires_at = connection.token_expires_at
    now = clock.now_ms()
    if expires_at is not None and connection.refresh_token is None:
        if expires_at <= now:
            _expire(connection)
    elif expires_at is not None and expires_at - USABLE_MARGIN_MS <= now:
        connection = refresh(connection_id, connection.access_token)
    return _call(connection)


def refreshed_call(connection_id, refused_token):
    """A Call with a new access token after the platform refused `refused_token` (a
    401): refreshed here unless another process replaced that token meanwhile."""
    return _call(refresh(connection_id, encrypt_match(connection_id, refused_token)))


def encrypt_match(connection_id, plaintext):
    """The stored (encrypted) access token if it still is `plaintext`, else None."""
    connection = _alive(connection_id)
    return connection.access_token if decrypt(connection.access_token) == plaintext else None


def _call(connection):
    return platforms.Call(
        instances.connection_settings(connection),
        decrypt(connection.access_token),
        settings.timeout(),
        connection.username,
        connection.platform_account_id,
    )


def _alive(connection_id):
    connection = queries.CONNECTION_BY_ID.first(connection_id)
    if connection is None:
        raise ConnectionDead("The connection was removed; connect the account again.")
    if connection.status in ConnectionStatus.DEAD:
        raise ConnectionDead(
            f"The {connection.platform} connection is {connection.status}; connect the account again."
        )
    return connection


def refresh(connection_id, stale_token):
    """Replace the connection's access token `stale_token` (as stored, encrypted) by a
    fresh one, or wait for the refresh another process is making; returns the fresh row.
    ConnectionDead on a definite refusal (the connection is marked `expired` and
    `connection.expired` recorded), RefreshFailed otherwise."""
    deadline = time.monotonic() + 2 * _claim_ms() / 1000
    while True:
        connection = _alive(connection_id)
        if stale_token is None or connection.access_token != stale_token:
            return connection  # refreshed by another process meanwhile
        claim = _claim(connection_id, stale_token)
        if claim is not None:
            return _refresh_claimed(connection_id, claim)
        if time.monotonic() >= deadline:
            raise RefreshFailed("Another refresh of this connection is taking too long.")
        time.sleep(WAIT_STEP_SECONDS)


def _claim_ms():
    # Longer than the refresh call can take, so a claim never ends while its call may still succeed.
    return int(2 * settings.timeout() * 1000) + 5000


def _claim(connection_id, stale_token):
    """Claim the right to refresh the access token `stale_token` (as stored); the claim's
    value, or None if another process holds a claim or has replaced that token already."""
    now = clock.now_ms()
    until = now + _claim_ms()
    claimed = (
        Connection.update(refreshing_until=until)
        .where(
            (Connection.id == connection_id)
            & (Connection.access_token == stale_token)
            & Connection.status.not_in(ConnectionStatus.DEAD)
            & (Connection.refreshing_until.is_null() | (Connection.refreshing_until <= now))
        )
        .execute()
    )
    return until if claimed == 1 else None


def _refresh_claimed(connection_id, claim):
    connection = Connection.get_by_id(connection_id)
    adapter = platforms.provider(connection.provider)
    held = (Connection.id == connection_id) & (Connection.refreshing_until == claim)
    if not adapter.refreshes or connection.refresh_token is None:
        # The platform refused the token and nothing can renew it: only a reconnect helps.
        message = f"{connection.platform} refused the access token and the connection has no refresh token."
        mark_dead(connection, ConnectionStatus.EXPIRED, "TOKEN_REFUSED", message, held)
        raise ConnectionDead(message)
    try:
        tokens = adapter.refresh(
            settings.provider_settings(connection.provider),
            decrypt(connection.refresh_token),
            settings.timeout(),
        )
    except platforms.TokenRefused as refusal:
        mark_dead(connection, ConnectionStatus.EXPIRED, "TOKEN_REFUSED", refusal.message, held)
        raise ConnectionDead(refusal.message) from None
    except platforms.PlatformUnavailable as failure:
        Connection.update(
            refreshing_until=None,
            last_error_code="REFRESH_FAILED",
            last_error_message=failure.message,
            updated_at=clock.now_ms(),
        ).where(held).execute()
        story.refresh_failed(connection, failure.message)
        raise RefreshFailed(failure.message) from None
    # One statement writes the new pair and ends the claim.
    Connection.update(
        refreshing_until=None,
        status=ConnectionStatus.ACTIVE,
        **token_columns(tokens, keep_refresh_token=connection.refresh_token),
        last_error_code=None,
        last_error_message=None,
        updated_at=clock.now_ms(),
    ).where(held).execute()
    story.refreshed(connection, tokens.expires_at)
    return Connection.get_by_id(connection_id)


def token_columns(tokens, keep_refresh_token=None):
    """The columns that store `tokens`; a refresh token the platform did not send again
    keeps `keep_refresh_token` (already encrypted)."""
    columns = {
        "access_token": encrypt(tokens.access_token),
        "refresh_token": encrypt(tokens.refresh_token) if tokens.refresh_token else keep_refresh_token,
        "token_expires_at": tokens.expires_at,
    }
    if tokens.scopes:
        columns["scopes"] = tokens.scopes
    return columns


def mark_dead(connection, status, code, message, where=None):
    """Mark the connection `expired` or `revoked` and record `connection.expired`, in one
    transaction; `where` narrows the UPDATE (a refresh claim). Whether it changed it."""
    now = clock.now_ms()
    condition = (Connection.id == connection.id) & Connection.status.not_in(ConnectionStatus.DEAD)
    if where is not None:
        condition &= where
    with db.database.atomic():
        changed = (
            Connection.update(
                status=status,
                refreshing_until=None,
                last_error_code=code,
                last_error_message=message,
                updated_at=now,
            )
            .where(condition)
            .execute()
        )
        if changed:
            events.record(
                connection.account_id,
                connection.mode,
                "connection.expired",
                {
                    "connection_id": connection.id,
                    "provider": connection.provider,
                    "platform": connection.platform,
                    "status": status,
                    "reason": {"code": code, "message": message},
                },
            )
    if changed:
        story.died(connection, status, code, message)
    return bool(changed)


def refresh_expiring(limit=50):
    """Job: refresh the active tokens that expire within their provider's lead (15
    minutes; a week for Threads); returns how many were refreshed. A failure leaves
    its connection for the next run."""
    now = clock.now_ms()
    due = (
        Connection.select(Connection.id, Connection.access_token)
        .where(
            Connection.status.not_in(ConnectionStatus.DEAD)
            & Connection.refresh_token.is_null(False)
            & _expiring(now)
            & (Connection.refreshing_until.is_null() | (Connection.refreshing_until <= now))
        )
        .order_by(Connection.token_expires_at)
        .limit(limit)
    )
    refreshed = 0
    for row in list(due):
        claim = _claim(row.id, row.access_token)
        if claim is None:
            continue
        try:
            _refresh_claimed(row.id, claim)
            refreshed += 1
        except (ConnectionDead, RefreshFailed):
            continue  # logged where it happened
    return refreshed


def _expiring(now):
    """Tokens within their provider's refresh lead: REFRESH_AHEAD_MS, or the longer
    `refresh_ahead_ms` of a provider whose tokens renew only while they live (Threads':
    a week), so that a worker down for a while does not let them lapse."""
    condition = Connection.token_expires_at <= now + REFRESH_AHEAD_MS
    for name, adapter in platforms.PROVIDERS.items():
        lead = getattr(adapter, "refresh_ahead_ms", None)
        if lead:
            condition |= (Connection.provider == name) & (Connection.token_expires_at <= now + lead)
    return condition


def expire_lapsed(limit=100):
    """Job: mark `expired` (and record `connection.expired` for) the connections whose
    access token has ended with no refresh token to renew it (LinkedIn's, outside its
    partner apps); returns how many."""
    lapsed = Connection.select().where(_lapsed(clock.now_ms())).order_by(Connection.token_expires_at)
    expired = 0
    for connection in list(lapsed.limit(limit)):
        expired += _expire(connection, raises=False)
    return expired


def _lapsed(now):
    return (
        Connection.status.not_in(ConnectionStatus.DEAD)
        & Connection.refresh_token.is_null()
        & (Connection.token_expires_at <= now)
    )


def _expire(connection, raises=True):
    """Mark the lapsed connection `expired`, unless a reconnect renewed it meanwhile."""
    message = f"The {connection.platform} access token expired; connect the account again."
    changed = mark_dead(
        connection, ConnectionStatus.EXPIRED, "TOKEN_EXPIRED", message, _lapsed(clock.now_ms())
    )
    if raises:
        raise ConnectionDead(message)
    return changed
