"""Channels: named groups of platform connections that posts are published to."""

from peewee import CharField

from postline.models.accounts import TenantModel


class Channel(TenantModel):
    id_prefix = "ch"
    id = CharField(primary_key=True, max_length=40)
    name = CharField(max_length=100)
    color = CharField(max_length=7)

    class Meta:
        indexes = (
            (("account", "mode", "created_at", "id"), False),
            (("account", "mode", "name", "id"), False),
        )

    @property
    def connection_ids(self):
        """Ids of the connections the channel publishes to (a page loads them at once:
        postline/connections/records.py)."""
        if not hasattr(self, "_connection_ids"):
            # Imported here: the link table refers to this one, so its module comes after.
            from postline.models.connections import ChannelConnection

            self._connection_ids = ChannelConnection.connections_of([self.id])[self.id]
        return self._connection_ids
