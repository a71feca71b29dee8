"""What the logs say of a connection (docs/operations.md, Logs): made (through OAuth, or
simulated in test mode), added to or removed from a channel, its tokens refreshed (or
not), expired or revoked, removed. Each line carries `connection_id`, and a change a
client made names who made it (`key_id`, or the console's `user_id`); no line holds a
token.
"""

import logging

from postline import logs

log = logging.getLogger("postline.connections")


def _about(connection):
    return {
        "connection_id": connection.id,
        "provider": connection.provider,
        "platform": connection.platform,
        "username": connection.username,
    }


def _named(connection):
    """The platform and the account's handle (`x @postline`), or the platform alone when
    the account has none (a LinkedIn member: a name, no handle)."""
    if not connection.username:
        return connection.platform
    return f"{connection.platform} @{connection.username}"


def authorization_started(key, provider, channel_id):
    """An OAuth run began: its callback's line (`connected`) names the same account."""
    logs.event(
        log,
        f"connection to {provider} started: OAuth authorization sent to the browser",
        provider=provider,
        account_id=key.account_id,
        channel_id=channel_id,
        **logs.actor(key),
    )


def connected(connections, account_id, mode, channel_id):
    """An OAuth run finished: a line per connection it made or renewed."""
    for connection in connections:
        logs.event(
            log,
            f"connection {connection.id} made: {_named(connection)}",
            **_about(connection),
            account_id=account_id,
            mode=mode,
            channel_id=channel_id,
            token_expires_at=logs.instant(connection.token_expires_at),
        )


def simulated(key, connection, channel_id):
    logs.event(
        log,
        f"connection {connection.id} made: simulated {_named(connection)}",
        **_about(connection),
        mode=key.mode,
        channel_id=channel_id,
        **logs.actor(key),
    )


def channel_changed(key, connection, channel_id, added):
    said = "added to" if added else "removed from"
    logs.event(
        log,
        f"connection {connection.id} {said} channel {channel_id}",
        connection_id=connection.id,
        channel_id=channel_id,
        **logs.actor(key),
    )


def removed(key, connection, revoked):
    """The connection was deleted; `revoked`: whether the platform was asked to revoke
    its tokens first."""
    logs.event(
        log,
        f"connection {connection.id} removed: {_named(connection)}",
        **_about(connection),
        revoked=revoked,
        **logs.actor(key),
    )


def refreshed(connection, expires_at):
    logs.event(
        log,
        f"connection {connection.id}: tokens refreshed",
        **_about(connection),
        token_expires_at=logs.instant(expires_at),
    )


def refresh_failed(connection, message):
    logs.event(
        log,
        f"connection {connection.id}: refresh failed, trying again later",
        logging.WARNING,
        **_about(connection),
        error_message=message,
    )


def died(connection, status, code, message):
    """The connection is `expired` or `revoked`: its posts are blocked until it is
    connected again."""
    logs.event(
        log,
        f"connection {connection.id} is {status}: {message}",
        logging.WARNING,
        **_about(connection),
        status=status,
        error_code=code,
        error_message=message,
    )
