"""Platform quotas (docs/platforms/youtube.md, Quota).

- platform_quota: what one project (a provider's app, by its client_id) spent of its
  daily quota at the platform, per quota day: the units its calls cost and the uploads
  it started; one row a provider, project and day.
"""
from peewee import *


def up(migrator, db):
    class PlatformQuota(Model):
        created_at = BigIntegerField()
        updated_at = BigIntegerField()
        provider = CharField(max_length=32)
        project = CharField(max_length=255)
        day = CharField(max_length=10)
        units = BigIntegerField(default=0)
        uploads = BigIntegerField(default=0)
        class Meta:
            database = db
            table_name = 'platform_quota'
            indexes = ((('provider', 'project', 'day'), True),)

    db.create_tables([PlatformQuota])


def down(migrator, db):
    migrator.migrate(migrator.drop_table('platform_quota'))
