"""Queries of platform connections."""

from models import ChannelConnection, Connection
from postline import db

# Every platform call reads its connection (its tokens) afresh.
CONNECTION_BY_ID = db.Compiled(
    lambda connection_id: Connection.select().where(Connection.id == connection_id)
)


def _accounts_of_channels(count):
    def build(*channel_ids):
        query = ChannelConnection.select(
            ChannelConnection.channel, Connection.platform, Connection.platform_account_id
        )
        return query.join(Connection).where(ChannelConnection.channel.in_(list(channel_ids))).tuples()

    return build


# ACCOUNTS_OF_CHANNELS[count].rows(*channel_ids): (channel id, platform, platform account
# id) of each connection of `count` channels; every post written is checked against them.
ACCOUNTS_OF_CHANNELS = db.Shaped(_accounts_of_channels, most=128)
