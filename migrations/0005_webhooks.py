"""Webhooks: endpoints and the deliveries of events to them (with claim leases)."""
from peewee import *


def up(migrator, db):
    class Account(Model):
        id = CharField(primary_key=True, max_length=40)
        class Meta:
            database = db
            table_name = 'account'

    class Event(Model):
        id = CharField(primary_key=True, max_length=40)
        class Meta:
            database = db
            table_name = 'event'

    class Webhook(Model):
        id = CharField(primary_key=True, max_length=40)
        created_at = BigIntegerField()
        updated_at = BigIntegerField()
        account = ForeignKeyField(Account, field=Account.id, on_delete='CASCADE')
        mode = CharField(max_length=4)
        url = CharField(max_length=2048)
        events = TextField()
        active = BooleanField(default=True)
        description = CharField(null=True, max_length=500)
        secret = TextField()
        previous_secret = TextField(null=True)
        previous_secret_expires_at = BigIntegerField(null=True)
        class Meta:
            database = db
            table_name = 'webhook'
            indexes = ((('account', 'mode', 'created_at', 'id'), False),)
    db.create_tables([Webhook])

    class WebhookDelivery(Model):
        id = CharField(primary_key=True, max_length=40)
        created_at = BigIntegerField()
        updated_at = BigIntegerField()
        webhook = ForeignKeyField(Webhook, on_delete='CASCADE')
        event = ForeignKeyField(Event, on_delete='CASCADE')
        event_type = CharField(max_length=32)
        trigger = CharField(max_length=8)
        status = CharField(max_length=10)
        attempts = IntegerField(default=0)
        next_attempt_at = BigIntegerField(null=True)
        last_attempt_at = BigIntegerField(null=True)
        response_status = IntegerField(null=True)
        response_body = TextField(null=True)
        error = TextField(null=True)
        duration_ms = IntegerField(null=True)
        delivered_at = BigIntegerField(null=True)
        due_at = BigIntegerField(index=True, null=True)
        lease_owner = CharField(null=True, max_length=120)
        lease_expires_at = BigIntegerField(index=True, null=True)
        class Meta:
            database = db
            table_name = 'webhook_delivery'
            indexes = ((('webhook', 'created_at', 'id'), False),)
    db.create_tables([WebhookDelivery])


def down(migrator, db):
    migrator.migrate(migrator.drop_table('webhook_delivery'))
    migrator.migrate(migrator.drop_table('webhook'))
