"""The web console: the people who sign in, and their browser sessions."""
from peewee import *


def up(migrator, db):
    class Account(Model):
        id = CharField(primary_key=True, max_length=40)
        class Meta:
            database = db
            table_name = 'account'

    class ConsoleUser(Model):
        id = CharField(primary_key=True, max_length=40)
        created_at = BigIntegerField()
        updated_at = BigIntegerField()
        account = ForeignKeyField(Account, field=Account.id, on_delete='CASCADE')
        email = CharField(max_length=254, unique=True)
        password_hash = CharField(max_length=200)
        time_zone = CharField(max_length=64, default='UTC')
        failed_sign_ins = IntegerField(default=0)
        locked_until = BigIntegerField(null=True)
        last_sign_in_at = BigIntegerField(null=True)
        class Meta:
            database = db
            table_name = 'console_user'

    class ConsoleSession(Model):
        id = CharField(primary_key=True, max_length=64)
        created_at = BigIntegerField()
        updated_at = BigIntegerField()
        user = ForeignKeyField(ConsoleUser, field=ConsoleUser.id, on_delete='CASCADE')
        mode = CharField(max_length=4)
        csrf_token = CharField(max_length=64)
        expires_at = BigIntegerField(index=True)
        class Meta:
            database = db
            table_name = 'console_session'

    db.create_tables([ConsoleUser, ConsoleSession])


def down(migrator, db):
    migrator.migrate(migrator.drop_table('console_session'), migrator.drop_table('console_user'))
