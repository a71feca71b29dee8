"""Media: uploaded and imported files, addressed by their keys."""
from peewee import *

def up(migrator, db):
    class Account(Model):
        id = CharField(primary_key=True, max_length=40)
        class Meta:
            database = db
            table_name = 'account'

    class Media(Model):
        id = CharField(primary_key=True, max_length=48)
        created_at = BigIntegerField()
        updated_at = BigIntegerField()
        account = ForeignKeyField(Account, field=Account.id, on_delete='CASCADE')
        mode = CharField(max_length=4)
        filename = CharField()
        content_type = CharField(max_length=32)
        size = BigIntegerField()
        sha256 = CharField(max_length=64)
        width = IntegerField(null=True)
        height = IntegerField(null=True)
        duration_ms = BigIntegerField(null=True)
        alt_text = TextField(null=True)
        class Meta:
            database = db
            table_name = 'media'
            indexes = ((('account', 'mode', 'created_at', 'id'), False),)
    db.create_tables([Media])


def down(migrator, db):
    migrator.migrate(migrator.drop_table('media'))
