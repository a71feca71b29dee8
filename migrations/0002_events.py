"""Events: the outbox of things that happened (post.created, post.delivered, ...)."""
from peewee import *

def up(migrator, db):
    class Account(Model):
        id = CharField(primary_key=True, max_length=40)
        class Meta:
            database = db
            table_name = 'account'

    class Event(Model):
        id = CharField(primary_key=True, max_length=40)
        created_at = BigIntegerField()
        updated_at = BigIntegerField()
        account = ForeignKeyField(Account, field=Account.id, on_delete='CASCADE')
        mode = CharField(max_length=4)
        type = CharField(max_length=32)
        data = TextField()
        class Meta:
            database = db
            table_name = 'event'
            indexes = ((('account', 'mode', 'created_at', 'id'), False),)
    db.create_tables([Event])


def down(migrator, db):
    migrator.migrate(migrator.drop_table('event'))
