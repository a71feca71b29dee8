"""Platform connections, the channels that publish to them, and OAuth runs in progress."""

from peewee import BigIntegerField, BooleanField, CharField, CompositeKey, ForeignKeyField, Model, TextField

from postline.db import ListField, database
from postline.models.accounts import Account, TenantModel
from postline.models.base import BaseModel, HasLastError
from postline.models.channels import Channel


class Connection(HasLastError, TenantModel):
    """A platform account the service may publish to (docs/api-notes.md: Connections).

    `access_token` and `refresh_token` are encrypted with the keyring and never leave
    the service. `refreshing_until` is a claim: while it lies in the future one process
    is refreshing the tokens and the others wait for its result, so a rotating refresh
    token is spent once (postline/connections/tokens.py).
    """

    id_prefix = "conn"
    id = CharField(primary_key=True, max_length=40)
    provider = CharField(max_length=16)
    platform = CharField(max_length=16)
    platform_account_id = CharField(max_length=128)
    username = CharField(max_length=255, null=True)
    display_name = CharField(max_length=255, null=True)
    avatar_url = TextField(null=True)
    status = CharField(max_length=8)
    scopes = ListField()
    access_token = TextField()
    refresh_token = TextField(null=True)
    token_expires_at = BigIntegerField(null=True, index=True)
    refreshing_until = BigIntegerField(null=True)
    last_verified_at = BigIntegerField(null=True)
    last_error_code = CharField(max_length=64, null=True)
    last_error_message = TextField(null=True)
    # A test-mode connection of any network that publishes through the sandbox (docs/api.md,
    # Test mode): no tokens, no platform calls.
    simulated = BooleanField(default=False)

    class Meta:
        indexes = (
            (("account", "mode", "created_at", "id"), False),
            (("account", "mode", "platform", "platform_account_id"), True),
        )

    @property
    def channel_ids(self):
        if not hasattr(self, "_channel_ids"):
            self._channel_ids = ChannelConnection.channels_of([self.id])[self.id]
        return self._channel_ids


class ChannelConnection(Model):
    """A connection a channel publishes to."""

    channel = ForeignKeyField(Channel, on_delete="CASCADE", index=False)  # leads the primary key
    connection = ForeignKeyField(Connection, on_delete="CASCADE")
    created_at = BigIntegerField()

    class Meta:
        database = database
        legacy_table_names = False
        primary_key = CompositeKey("channel", "connection")
        indexes = ((("connection",), False),)

    @classmethod
    def channels_of(cls, connection_ids):
        """{connection id: [channel ids, oldest link first]} for `connection_ids`."""
        return cls._linked(cls.connection, cls.channel, connection_ids)

    @classmethod
    def connections_of(cls, channel_ids):
        """{channel id: [connection ids, oldest link first]} for `channel_ids`."""
        return cls._linked(cls.channel, cls.connection, channel_ids)

    @classmethod
    def _linked(cls, side, other, ids):
        found = {id: [] for id in ids}
        if found:
            query = cls.select(side, other).where(side.in_(list(found))).order_by(cls.created_at, other)
            for row in query.tuples():
                found[row[0]].append(row[1])
        return found


class OAuthState(BaseModel):
    """An authorization in progress: what its signed `state` names. The callback deletes
    the row as it reads it, so a state works once; `code_verifier` (PKCE) is encrypted.
    `console_session`: the ConsoleSession (its id, a keyed hash of the cookie) that
    started it in the console, the only browser session that may finish it; None for a
    run started through the API (docs/connections.md)."""

    id = CharField(primary_key=True, max_length=64)
    account = ForeignKeyField(Account, on_delete="CASCADE")
    mode = CharField(max_length=4)
    provider = CharField(max_length=16)
    channel_id = CharField(max_length=40, null=True)
    return_to = TextField(null=True)
    code_verifier = TextField()
    console_session = CharField(max_length=64, null=True)
    # The server of a provider with one app per server (Mastodon's instance, its host),
    # whose app the callback exchanges the code with; None for the others.
    instance = CharField(max_length=255, null=True)
    expires_at = BigIntegerField(index=True)

    class Meta:
        table_name = "oauth_state"

    @classmethod
    def purge_expired(cls, now_ms):
        """Delete authorizations that expired before `now_ms`."""
        return cls.delete().where(cls.expires_at <= now_ms).execute()
