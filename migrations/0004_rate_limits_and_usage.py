"""Rate limits and usage: sliding-window counters per key, usage per account, mode and UTC day."""
from peewee import *

def up(migrator, db):
    class Account(Model):
        id = CharField(primary_key=True, max_length=40)
        class Meta:
            database = db
            table_name = 'account'

    class RateLimitCounter(Model):
        bucket = CharField(primary_key=True, max_length=200)
        minute_slot = BigIntegerField(default=0)
        minute_count = BigIntegerField(default=0)
        minute_previous = BigIntegerField(default=0)
        hour_slot = BigIntegerField(default=0)
        hour_count = BigIntegerField(default=0)
        hour_previous = BigIntegerField(default=0)
        day_slot = BigIntegerField(default=0)
        day_count = BigIntegerField(default=0)
        day_previous = BigIntegerField(default=0)
        expires_at = BigIntegerField(index=True)
        class Meta:
            database = db
            table_name = 'rate_limit_counter'
    db.create_tables([RateLimitCounter])

    class UsageDay(Model):
        account = ForeignKeyField(Account, on_delete='CASCADE')
        mode = CharField(max_length=4)
        day = DateField()
        requests = BigIntegerField(default=0)
        posts_created = BigIntegerField(default=0)
        posts_delivered = BigIntegerField(default=0)
        posts_failed = BigIntegerField(default=0)
        webhook_deliveries = BigIntegerField(default=0)
        media_bytes = BigIntegerField(default=0)
        class Meta:
            database = db
            table_name = 'usage_day'
            primary_key = CompositeKey('account', 'mode', 'day')
            indexes = ((('day',), False),)
    db.create_tables([UsageDay])

    class UsageEndpointDay(Model):
        account = ForeignKeyField(Account, on_delete='CASCADE')
        mode = CharField(max_length=4)
        day = DateField()
        endpoint = CharField(max_length=200)
        requests = BigIntegerField(default=0)
        class Meta:
            database = db
            table_name = 'usage_endpoint_day'
            primary_key = CompositeKey('account', 'mode', 'day', 'endpoint')
            indexes = ((('day',), False),)
    db.create_tables([UsageEndpointDay])


def down(migrator, db):
    migrator.migrate(migrator.drop_table('usage_endpoint_day'))
    migrator.migrate(migrator.drop_table('usage_day'))
    migrator.migrate(migrator.drop_table('rate_limit_counter'))
