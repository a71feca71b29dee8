"""Webhook delivery tallies: deliveries per (webhook, event type, trigger), kept by
triggers as the post tallies are (0003), so a delivery history's total costs no scan.
Deliveries already stored are counted into the tally here."""
from peewee import *


def up(migrator, db):
    class WebhookDeliveryTally(Model):
        webhook_id = CharField(max_length=40)
        event_type = CharField(max_length=32)
        trigger = CharField(max_length=8)
        count = IntegerField()
        class Meta:
            database = db
            table_name = 'webhook_delivery_tally'
            primary_key = CompositeKey('webhook_id', 'event_type', 'trigger')

    class WebhookDeliveryTallyDelta(Model):
        id = AutoField()
        webhook_id = CharField(max_length=40)
        event_type = CharField(max_length=32)
        trigger = CharField(max_length=8)
        delta = IntegerField()
        class Meta:
            database = db
            table_name = 'webhook_delivery_tally_delta'

    db.create_tables([WebhookDeliveryTally, WebhookDeliveryTallyDelta])
    # Triggers first: on PostgreSQL creating them locks out writers until this migration
    # commits, so the count below and the deltas after it never overlap or miss a row.
    for statement in SQLITE_TRIGGERS if isinstance(db, SqliteDatabase) else POSTGRES_TRIGGERS:
        db.execute_sql(statement)
    db.execute_sql(
        f'INSERT INTO webhook_delivery_tally ({KEY}, count) '
        f'SELECT {KEY}, COUNT(*) FROM webhook_delivery GROUP BY {KEY}'
    )


KEY = 'webhook_id, event_type, "trigger"'
DELTA = f'INSERT INTO webhook_delivery_tally_delta ({KEY}, delta) '
# SQLite has row triggers only; PostgreSQL appends one delta per statement and group,
# from the statement's transition table.
SQLITE_TRIGGERS = [
    "CREATE TRIGGER webhook_delivery_tally_on_insert AFTER INSERT ON webhook_delivery BEGIN "
    + DELTA + 'VALUES (NEW.webhook_id, NEW.event_type, NEW."trigger", 1); END',
    "CREATE TRIGGER webhook_delivery_tally_on_delete AFTER DELETE ON webhook_delivery BEGIN "
    + DELTA + 'VALUES (OLD.webhook_id, OLD.event_type, OLD."trigger", -1); END',
]
POSTGRES_TRIGGERS = [
    """CREATE FUNCTION webhook_delivery_tally_track() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
        """ + DELTA + f"""SELECT {KEY}, CASE TG_OP WHEN 'INSERT' THEN COUNT(*) ELSE -COUNT(*) END
        FROM changed GROUP BY {KEY};
        RETURN NULL;
    END $$""",
    "CREATE TRIGGER webhook_delivery_tally_on_insert AFTER INSERT ON webhook_delivery "
    "REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION webhook_delivery_tally_track()",
    "CREATE TRIGGER webhook_delivery_tally_on_delete AFTER DELETE ON webhook_delivery "
    "REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION webhook_delivery_tally_track()",
]


def down(migrator, db):
    if isinstance(db, SqliteDatabase):
        for name in ("webhook_delivery_tally_on_insert", "webhook_delivery_tally_on_delete"):
            db.execute_sql(f"DROP TRIGGER IF EXISTS {name}")
    else:
        db.execute_sql("DROP FUNCTION IF EXISTS webhook_delivery_tally_track() CASCADE")
    migrator.migrate(migrator.drop_table('webhook_delivery_tally_delta'))
    migrator.migrate(migrator.drop_table('webhook_delivery_tally'))
