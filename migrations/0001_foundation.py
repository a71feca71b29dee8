"""The foundation: accounts, API keys, channels, worker heartbeats."""
from peewee import *


def up(migrator, db):
    class Account(Model):
        id = CharField(primary_key=True, max_length=40)
        created_at = BigIntegerField()
        updated_at = BigIntegerField()
        name = CharField(unique=True, max_length=100)
        plan = CharField(max_length=32)
        class Meta:
            database = db
            table_name = 'account'
    db.create_tables([Account])

    class ApiKey(Model):
        id = CharField(primary_key=True, max_length=40)
        created_at = BigIntegerField()
        updated_at = BigIntegerField()
        account = ForeignKeyField(Account, field=Account.id, on_delete='CASCADE')
        mode = CharField(max_length=4)
        name = CharField(max_length=100)
        prefix = CharField(unique=True, max_length=8)
        secret_hash = CharField(max_length=64)
        permissions = TextField()
        last_used_at = BigIntegerField(null=True)
        expires_at = BigIntegerField(null=True)
        revoked_at = BigIntegerField(null=True)
        class Meta:
            database = db
            table_name = 'api_key'
            indexes = ((('account', 'mode', 'created_at', 'id'), False),)
    db.create_tables([ApiKey])

    class Channel(Model):
        id = CharField(primary_key=True, max_length=40)
        created_at = BigIntegerField()
        updated_at = BigIntegerField()
        account = ForeignKeyField(Account, field=Account.id, on_delete='CASCADE')
        mode = CharField(max_length=4)
        name = CharField(max_length=100)
        color = CharField(max_length=7)
        class Meta:
            database = db
            table_name = 'channel'
            indexes = ((('account', 'mode', 'created_at', 'id'), False), (('account', 'mode', 'name', 'id'), False))
    db.create_tables([Channel])

    class WorkerHeartbeat(Model):
        worker_id = CharField(primary_key=True, max_length=120)
        hostname = CharField()
        pid = IntegerField()
        started_at = BigIntegerField()
        last_seen_at = BigIntegerField(index=True)
        class Meta:
            database = db
            table_name = 'worker_heartbeat'
    db.create_tables([WorkerHeartbeat])


def down(migrator, db):
    migrator.migrate(migrator.drop_table('worker_heartbeat'))
    migrator.migrate(migrator.drop_table('channel'))
    migrator.migrate(migrator.drop_table('api_key'))
    migrator.migrate(migrator.drop_table('account'))
