"""An OAuth run started in the console records the browser session that started it
(the ConsoleSession id, a keyed hash of its cookie): the callback refuses it in any
other session, so a run cannot connect someone else's platform account into the
account that started it (docs/connections.md, How an OAuth run is bound)."""
from peewee import *


def up(migrator, db):
    migrator.migrate(migrator.add_column('oauth_state', 'console_session', CharField(max_length=64, null=True)))


def down(migrator, db):
    migrator.migrate(migrator.drop_column('oauth_state', 'console_session'))
