"""On PostgreSQL, the tables workers claim rows from notify the channel `postline_work`
(with the table's name) when a statement inserts rows that are due now, so that
workers start on them at once instead of at their next poll (postline/db/wakeups.py).
Rows scheduled for later notify nothing: a commit that notifies takes PostgreSQL's
one notification lock, so only writes that bring work pay for it. "Now" is the
database's clock and a second more, for app servers whose clocks run a little ahead.
SQLite needs nothing here: its listener reads `PRAGMA data_version` and the tables'
last rowids.
"""
from peewee import *

TABLES = ('post', 'post_part', 'post_import', 'webhook_delivery')
FUNCTION = 'postline_work_inserted'


def up(migrator, db):
    if isinstance(db, SqliteDatabase):
        return
    db.execute_sql(
        f"""CREATE FUNCTION {FUNCTION}() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
            IF EXISTS (
                SELECT 1 FROM inserted
                WHERE due_at <= (extract(epoch FROM clock_timestamp()) * 1000)::bigint + 1000
            ) THEN
                PERFORM pg_notify('postline_work', TG_TABLE_NAME);
            END IF;
            RETURN NULL;
        END $$"""
    )
    for table in TABLES:
        db.execute_sql(
            f"CREATE TRIGGER {table}_work_on_insert AFTER INSERT ON {table} "
            f"REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION {FUNCTION}()"
        )


def down(migrator, db):
    if isinstance(db, SqliteDatabase):
        return
    for table in TABLES:
        db.execute_sql(f"DROP TRIGGER {table}_work_on_insert ON {table}")
    db.execute_sql(f"DROP FUNCTION {FUNCTION}()")
