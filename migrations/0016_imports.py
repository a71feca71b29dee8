"""Bulk imports of posts (docs/imports.md).

- post_import: one file sent to POST /v1/posts/import or `flask import-posts`, its
  counts and status; claimable by the worker (due_at, a lease) while rows wait.
  file_key (the file's SHA-256 on a real run, NULL on a dry run) is unique per account
  and mode: the same file imported twice creates its posts once.
- post_import_row: the rows still to be created (their fields) and the rejected ones
  (their errors); a created row is deleted.
"""
from peewee import *


def up(migrator, db):
    class Account(Model):
        id = CharField(primary_key=True, max_length=40)
        class Meta:
            database = db
            table_name = 'account'

    class PostImport(Model):
        id = CharField(primary_key=True, max_length=40)
        created_at = BigIntegerField()
        updated_at = BigIntegerField()
        account = ForeignKeyField(Account, on_delete='CASCADE')
        mode = CharField(max_length=4)
        format = CharField(max_length=8)
        dry_run = BooleanField(default=False)
        sha256 = CharField(max_length=64)
        file_key = CharField(max_length=64, null=True)
        status = CharField(max_length=12)
        actor_id = CharField(max_length=40, null=True)
        total = IntegerField()
        created = IntegerField(default=0)
        rejected = IntegerField(default=0)
        completed_at = BigIntegerField(null=True)
        due_at = BigIntegerField(null=True)
        lease_owner = CharField(max_length=120, null=True)
        lease_expires_at = BigIntegerField(null=True)
        class Meta:
            database = db
            table_name = 'post_import'
            indexes = (
                (('account', 'mode', 'created_at', 'id'), False),
                (('account', 'mode', 'file_key'), True),
            )

    class PostImportRow(Model):
        id = AutoField()
        created_at = BigIntegerField()
        updated_at = BigIntegerField()
        upload = ForeignKeyField(PostImport, on_delete='CASCADE', index=False)
        line = IntegerField()
        status = CharField(max_length=10)
        fields = TextField(null=True)
        errors = TextField(null=True)
        class Meta:
            database = db
            table_name = 'post_import_row'
            indexes = ((('upload', 'status', 'line'), False),)

    db.create_tables([PostImport, PostImportRow])
    migrator.migrate(
        migrator.add_index('post_import', ('due_at',), False, where=SQL('due_at IS NOT NULL'), name='postimport_due_at'),
        migrator.add_index(
            'post_import', ('lease_expires_at',), False, where=SQL('lease_expires_at IS NOT NULL'),
            name='postimport_lease_expires_at',
        ),
    )


def down(migrator, db):
    migrator.migrate(migrator.drop_table('post_import_row'), migrator.drop_table('post_import'))
