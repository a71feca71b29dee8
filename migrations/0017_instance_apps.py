"""Mastodon, on any instance (docs/platforms/mastodon.md).

- instance_app: the app Postline registered on each server of a federated network, the
  first time an account there was connected: its client_id and client_secret
  (encrypted with the keyring), what it was registered with, and the limits the
  server last reported; one per provider and host.
- oauth_state.instance: the server an OAuth run was started on, whose app the
  callback exchanges the code with.
"""
from peewee import *
from postline.db.fields import ListField


def up(migrator, db):
    class InstanceApp(Model):
        created_at = BigIntegerField()
        updated_at = BigIntegerField()
        provider = CharField(max_length=16)
        host = CharField(max_length=255)
        base_url = TextField()
        client_id = TextField()
        client_secret = TextField()
        redirect_uri = TextField()
        scopes = ListField()
        pkce = BooleanField(default=False)
        limits = TextField(null=True)
        limits_read_at = BigIntegerField(null=True)
        class Meta:
            database = db
            table_name = 'instance_app'
            indexes = ((('provider', 'host'), True),)

    db.create_tables([InstanceApp])
    migrator.migrate(migrator.add_column('oauth_state', 'instance', CharField(max_length=255, null=True)))


def down(migrator, db):
    migrator.migrate(migrator.drop_column('oauth_state', 'instance'), migrator.drop_table('instance_app'))
