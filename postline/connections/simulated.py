"""Test mode's simulated connections (docs/api.md, Test mode): a connection of any
network on a test channel. It has that network's `provider` and `platform`, is listed
like any connection, and its posts are checked against that network's rules and
published by the sandbox with ids and urls shaped like the network's: an integrator
develops against every platform without an account. It holds no tokens and no call
ever leaves Postline for it."""

from models import LIVE, Connection
from postline import clock, ids, platforms
from postline.connections import records, story
from postline.connections.authorization import link
from postline.errors import Forbidden, Invalid
from postline.keyring import keyring
from postline.statuses import ConnectionStatus


def create(key, platform, channel_id, username=None):
    """A simulated `platform` connection added to the test channel `channel_id`."""
    if key.mode == LIVE:
        raise Forbidden(
            "Simulated connections are for test mode: use a service_sk_test_ key.",
            field="mode",
            detail="requires a test-mode key",
        )
    provider = platforms.provider_of(platform)
    if provider is None:
        raise Invalid.field("platform", f"no such platform: {platform}")
    channel = records.channel_of(key, channel_id)
    now = clock.now_ms()
    name = username or f"{platform}_tester"
    connection = Connection.create_for(
        key,
        provider=provider,
        platform=platform,
        platform_account_id=ids.new_id("sim", now),
        username=name,
        display_name=f"{name} (simulated)",
        status=ConnectionStatus.ACTIVE,
        scopes=[],
        access_token=keyring.encrypt("simulated: no token"),
        simulated=True,
        last_verified_at=now,
    )
    link(channel.id, connection.id, now)
    story.simulated(key, connection, channel.id)
    return connection
