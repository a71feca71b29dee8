"""Managing connections: their channels, verification, refresh and removal (docs/api.md,
Connections)."""

import logging

from models import Channel, ChannelConnection, Connection
from postline import clock, platforms
from postline.connections import instances, settings, story, tokens
from postline.connections.authorization import link
from postline.errors import Invalid, NotFound, PlatformDown
from postline.statuses import ConnectionStatus

log = logging.getLogger(__name__)


def add_to_channel(key, connection_id, channel_id):
    """Link the connection to the channel (again: no change); returns the connection."""
    connection = Connection.get_visible(key, connection_id)
    channel_of(key, channel_id)
    link(channel_id, connection.id, clock.now_ms())
    story.channel_changed(key, connection, channel_id, added=True)
    return connection


def remove_from_channel(key, connection_id, channel_id):
    """Unlink the connection from the channel (not linked: no change)."""
    connection = Connection.get_visible(key, connection_id)
    channel_of(key, channel_id)
    ChannelConnection.delete().where(
        (ChannelConnection.channel == channel_id) & (ChannelConnection.connection == connection.id)
    ).execute()
    story.channel_changed(key, connection, channel_id, added=False)
    return connection


def channel_of(key, channel_id):
    """The key's channel `channel_id`, named in a request body: 400 naming `channelId` if none."""
    channel = Channel.visible_to(key).where(Channel.id == channel_id).first()
    if channel is None:
        raise Invalid.field("channelId", "No such channel.")
    return channel


def delete(key, connection_id):
    """Remove the connection, after asking the platform to revoke its tokens (best
    effort: the connection goes either way). Posts already sending to it end blocked
    CONNECTION_EXPIRED."""
    connection = Connection.get_visible(key, connection_id)
    if connection.simulated:
        connection.delete_instance()  # no platform to tell
        story.removed(key, connection, revoked=False)
        return
    adapter = platforms.provider(connection.provider)
    token = connection.refresh_token or connection.access_token
    if adapter is not None and adapter.revokes_access_token:
        token = connection.access_token
    if adapter is not None and token:
        adapter.revoke(instances.connection_settings(connection), tokens.decrypt(token), settings.timeout())
    connection.delete_instance()
    story.removed(key, connection, revoked=bool(adapter is not None and token))


def refresh(key, connection_id):
    """Refresh the connection's tokens now; the connection as it then stands."""
    connection = Connection.get_visible(key, connection_id)
    adapter = platforms.provider(connection.provider)
    if adapter is None or not adapter.refreshes or connection.simulated:
        raise Invalid.field(
            "id", f"{connection.platform} tokens cannot be refreshed", code="REFRESH_NOT_SUPPORTED"
        )
    if connection.refresh_token is None:
        raise Invalid.field(
            "id", "this connection has no refresh token: connect it again", code="REFRESH_NOT_SUPPORTED"
        )
    try:
        tokens.refresh(connection.id, connection.access_token)
    except tokens.ConnectionDead:
        pass  # now expired: the answer shows it
    except tokens.RefreshFailed as failure:
        raise PlatformDown(f"The platform could not refresh the token now: {failure.message}") from None
    return Connection.get_visible(key, connection_id)


def verify(key, connection_id):
    """Ask the platform who the token belongs to and record what it says."""
    return verify_one(Connection.get_visible(key, connection_id))


def verify_channel(key, channel_id):
    """Verify every connection of the channel; returns them."""
    channel = Channel.visible_to(key).where(Channel.id == channel_id).first()
    if channel is None:
        raise NotFound("No such channel.")
    ids = ChannelConnection.connections_of([channel.id])[channel.id]
    found = {row.id: row for row in Connection.select().where(Connection.id.in_(ids))}
    return [verify_one(found[connection_id]) for connection_id in ids if connection_id in found]


def verify_one(connection):
    """Verify one connection: `active` and refreshed profile fields if the platform knows
    the token; a refused token is refreshed first, as publishing does, so that only a
    refused refresh makes it `expired`. A refresh that may work later leaves it as it
    was, with `lastError`; a profile that cannot be read now makes it `error`."""
    if connection.status in ConnectionStatus.DEAD:
        return connection
    now = clock.now_ms()
    if connection.simulated:
        return _record(connection, last_verified_at=now)  # nothing to ask: it is Postline's own
    try:
        profiles = _profiles(connection)
    except tokens.ConnectionDead:
        return Connection.get_by_id(connection.id)  # expired by the refusal, event sent
    except tokens.RefreshFailed as failure:
        _record(
            connection,
            last_error_code="REFRESH_FAILED",
            last_error_message=failure.message,
            last_verified_at=now,
        )
        return Connection.get_by_id(connection.id)
    except platforms.TokenRefused as refusal:
        # Refused even with the token just refreshed: something is wrong, but the
        # platform has not refused the grant itself.
        _failed(connection, f"{refusal.message} (after a token refresh)", now)
        return Connection.get_by_id(connection.id)
    except platforms.PlatformUnavailable as failure:
        _failed(connection, failure.message, now)
        return Connection.get_by_id(connection.id)
    profile = next((p for p in profiles if p.account_id == connection.platform_account_id), None)
    if profile is None:
        _record(
            connection,
            status=ConnectionStatus.ERROR,
            last_error_code="ACCOUNT_MISMATCH",
            last_error_message="The token now belongs to another account.",
            last_verified_at=now,
        )
    else:
        _record(
            connection,
            status=ConnectionStatus.ACTIVE,
            username=profile.username,
            display_name=profile.display_name,
            avatar_url=profile.avatar_url,
            last_error_code=None,
            last_error_message=None,
            last_verified_at=now,
        )
    return Connection.get_by_id(connection.id)


def _profiles(connection):
    """The profiles the connection's token reaches. A token the platform refuses is
    refreshed (tokens.refreshed_call, as publishing does) and the profile asked for once
    more. ConnectionDead when the refresh is refused for good (the connection is then
    `expired` and `connection.expired` recorded), RefreshFailed when it may work later;
    TokenRefused or PlatformUnavailable from the platform."""
    adapter = platforms.provider(connection.provider)
    call = tokens.call_for(connection.id)
    try:
        return adapter.profiles(call.settings, call.access_token, call.timeout)
    except platforms.TokenRefused:
        call = tokens.refreshed_call(connection.id, call.access_token)
    return adapter.profiles(call.settings, call.access_token, call.timeout)


def _failed(connection, message, now):
    _record(
        connection,
        status=ConnectionStatus.ERROR,
        last_error_code="VERIFY_FAILED",
        last_error_message=message,
        last_verified_at=now,
    )


def _record(connection, **columns):
    """Write what a verification found, unless the connection died meanwhile."""
    Connection.update(**columns, updated_at=clock.now_ms()).where(
        (Connection.id == connection.id) & Connection.status.not_in(ConnectionStatus.DEAD)
    ).execute()


def attach_channel_ids(connections):
    """Load the channel ids of many connections in one query."""
    found = ChannelConnection.channels_of([connection.id for connection in connections])
    for connection in connections:
        connection._channel_ids = found[connection.id]
    return connections


def attach_connection_ids(channels):
    """Load the connection ids of many channels in one query."""
    found = ChannelConnection.connections_of([channel.id for channel in channels])
    for channel in channels:
        channel._connection_ids = found[channel.id]
    return channels
