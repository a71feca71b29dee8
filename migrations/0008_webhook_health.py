"""Webhooks that stop working are disabled: since when every delivery has failed, and why
a webhook was disabled."""
from peewee import *


def up(migrator, db):
    migrator.migrate(
        migrator.add_column('webhook', 'failing_since', BigIntegerField(null=True)),
        migrator.add_column('webhook', 'disabled_reason', TextField(null=True)),
    )


def down(migrator, db):
    migrator.migrate(
        migrator.drop_column('webhook', 'failing_since'),
        migrator.drop_column('webhook', 'disabled_reason'),
    )
