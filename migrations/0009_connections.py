"""Connections: platform accounts with their encrypted tokens, the channels they publish
to, authorizations in progress, and targets that wait for a platform to finish."""
from peewee import *


def up(migrator, db):
    class Account(Model):
        id = CharField(primary_key=True, max_length=40)
        class Meta:
            database = db
            table_name = 'account'

    class Channel(Model):
        id = CharField(primary_key=True, max_length=40)
        class Meta:
            database = db
            table_name = 'channel'

    class Connection(Model):
        id = CharField(primary_key=True, max_length=40)
        created_at = BigIntegerField()
        updated_at = BigIntegerField()
        account = ForeignKeyField(Account, field=Account.id, on_delete='CASCADE')
        mode = CharField(max_length=4)
        provider = CharField(max_length=16)
        platform = CharField(max_length=16)
        platform_account_id = CharField(max_length=128)
        username = CharField(null=True)
        display_name = CharField(null=True)
        avatar_url = TextField(null=True)
        status = CharField(max_length=8)
        scopes = TextField()
        access_token = TextField()
        refresh_token = TextField(null=True)
        token_expires_at = BigIntegerField(null=True, index=True)
        refreshing_until = BigIntegerField(null=True)
        last_verified_at = BigIntegerField(null=True)
        last_error_code = CharField(max_length=64, null=True)
        last_error_message = TextField(null=True)
        class Meta:
            database = db
            table_name = 'connection'
            indexes = (
                (('account', 'mode', 'created_at', 'id'), False),
                (('account', 'mode', 'platform', 'platform_account_id'), True),
            )

    class ChannelConnection(Model):
        channel = ForeignKeyField(Channel, field=Channel.id, on_delete='CASCADE')
        connection = ForeignKeyField(Connection, field=Connection.id, on_delete='CASCADE')
        created_at = BigIntegerField()
        class Meta:
            database = db
            table_name = 'channel_connection'
            primary_key = CompositeKey('channel', 'connection')
            indexes = ((('connection',), False),)

    class OAuthState(Model):
        id = CharField(primary_key=True, max_length=64)
        created_at = BigIntegerField()
        updated_at = BigIntegerField()
        account = ForeignKeyField(Account, field=Account.id, on_delete='CASCADE')
        mode = CharField(max_length=4)
        provider = CharField(max_length=16)
        channel_id = CharField(max_length=40, null=True)
        return_to = TextField(null=True)
        code_verifier = TextField()
        expires_at = BigIntegerField(index=True)
        class Meta:
            database = db
            table_name = 'oauth_state'

    db.create_tables([Connection, ChannelConnection, OAuthState])
    migrator.migrate(
        migrator.add_column('post_target', 'check_at', BigIntegerField(null=True)),
        migrator.add_column('post_target', 'processing_since', BigIntegerField(null=True)),
        migrator.add_column('post_target', 'platform_state', TextField(null=True)),
    )


def down(migrator, db):
    migrator.migrate(
        migrator.drop_column('post_target', 'check_at'),
        migrator.drop_column('post_target', 'processing_since'),
        migrator.drop_column('post_target', 'platform_state'),
        migrator.drop_table('oauth_state'),
        migrator.drop_table('channel_connection'),
        migrator.drop_table('connection'),
    )
