"""Usage per account, mode and UTC day."""

from peewee import BigIntegerField, CharField, CompositeKey, DateField, ForeignKeyField, Model

from postline.db import database
from postline.models.accounts import Account


class UsageRow(Model):
    """Usage of an account in one mode on one UTC day (a table per breakdown)."""

    account = ForeignKeyField(Account, on_delete="CASCADE", index=False)  # leads the unique index
    mode = CharField(max_length=4)
    day = DateField()

    class Meta:
        database = database
        legacy_table_names = False

    @classmethod
    def purge_before(cls, cutoff_day):
        """Delete days before `cutoff_day` (a date)."""
        return cls.delete().where(cls.day < cutoff_day).execute()


class UsageDay(UsageRow):
    """An account's usage in one mode on one UTC day."""

    requests = BigIntegerField(default=0)
    posts_created = BigIntegerField(default=0)
    posts_delivered = BigIntegerField(default=0)
    posts_failed = BigIntegerField(default=0)
    webhook_deliveries = BigIntegerField(default=0)
    media_bytes = BigIntegerField(default=0)

    class Meta:
        primary_key = CompositeKey("account", "mode", "day")
        indexes = ((("day",), False),)


class UsageEndpointDay(UsageRow):
    """Requests of an account in one mode on one UTC day to one endpoint (`GET /v1/usage/day`)."""

    endpoint = CharField(max_length=200)
    requests = BigIntegerField(default=0)

    class Meta:
        primary_key = CompositeKey("account", "mode", "day", "endpoint")
        indexes = ((("day",), False),)
