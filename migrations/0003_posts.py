"""Posts, their targets, the sandbox's feed, idempotency keys, and the post tallies kept by triggers."""
from peewee import *

def up(migrator, db):
    class Account(Model):
        id = CharField(primary_key=True, max_length=40)
        class Meta:
            database = db
            table_name = 'account'

    class ApiKey(Model):
        id = CharField(primary_key=True, max_length=40)
        class Meta:
            database = db
            table_name = 'api_key'

    class Channel(Model):
        id = CharField(primary_key=True, max_length=40)
        class Meta:
            database = db
            table_name = 'channel'

    class IdempotencyKey(Model):
        created_at = BigIntegerField()
        updated_at = BigIntegerField()
        api_key = ForeignKeyField(ApiKey, on_delete='CASCADE')
        endpoint = CharField(max_length=100)
        key = CharField()
        fingerprint = CharField(max_length=64)
        locked_until = BigIntegerField()
        response_status = IntegerField(null=True)
        response_body = TextField(null=True)
        expires_at = BigIntegerField(index=True)
        class Meta:
            database = db
            table_name = 'idempotency_key'
            indexes = ((('api_key', 'endpoint', 'key'), True),)
    db.create_tables([IdempotencyKey])

    class Post(Model):
        id = CharField(primary_key=True, max_length=40)
        created_at = BigIntegerField()
        updated_at = BigIntegerField()
        account = ForeignKeyField(Account, field=Account.id, on_delete='CASCADE')
        mode = CharField(max_length=4)
        channel = ForeignKeyField(Channel, on_delete='CASCADE')
        content = TextField(null=True)
        scheduled_for = BigIntegerField()
        timezone = CharField(null=True, max_length=64)
        media = TextField()
        status = CharField(max_length=12)
        attempts = IntegerField(default=0)
        next_attempt_at = BigIntegerField(null=True)
        last_error_code = CharField(null=True, max_length=64)
        last_error_message = TextField(null=True)
        delivered_at = BigIntegerField(null=True)
        has_targets = BooleanField(default=False)
        due_at = BigIntegerField(index=True, null=True)
        lease_owner = CharField(null=True, max_length=120)
        lease_expires_at = BigIntegerField(null=True)
        class Meta:
            database = db
            table_name = 'post'
            indexes = ((('account', 'mode', 'scheduled_for', 'id'), False), (('account', 'mode', 'created_at', 'id'), False), (('account', 'mode', 'status', 'scheduled_for', 'id'), False), (('account', 'mode', 'status', 'created_at', 'id'), False), (('account', 'mode', 'channel', 'scheduled_for', 'id'), False))
    db.create_tables([Post])

    class PostTally(Model):
        account_id = CharField(max_length=40)
        mode = CharField(max_length=4)
        channel_id = CharField(max_length=40)
        status = CharField(max_length=12)
        count = IntegerField()
        class Meta:
            database = db
            table_name = 'post_tally'
            primary_key = CompositeKey('account_id', 'mode', 'channel_id', 'status')
    db.create_tables([PostTally])

    class PostTallyDelta(Model):
        account_id = CharField(max_length=40)
        mode = CharField(max_length=4)
        channel_id = CharField(max_length=40)
        status = CharField(max_length=12)
        delta = IntegerField()
        class Meta:
            database = db
            table_name = 'post_tally_delta'
            indexes = ((('account_id', 'mode', 'status', 'channel_id'), False),)
    db.create_tables([PostTallyDelta])

    class PostTarget(Model):
        created_at = BigIntegerField()
        updated_at = BigIntegerField()
        post = ForeignKeyField(Post, on_delete='CASCADE')
        connection_id = CharField(null=True, max_length=40)
        platform = CharField(max_length=16)
        status = CharField(max_length=12)
        platform_post_id = CharField(null=True)
        url = TextField(null=True)
        error_code = CharField(null=True, max_length=64)
        error_message = TextField(null=True)
        published_at = BigIntegerField(null=True)
        class Meta:
            database = db
            table_name = 'post_target'
    db.create_tables([PostTarget])

    class SandboxPublication(Model):
        created_at = BigIntegerField()
        updated_at = BigIntegerField()
        target = ForeignKeyField(PostTarget, on_delete='CASCADE')
        post_id = CharField(index=True, max_length=40)
        platform_post_id = CharField(max_length=40)
        content = TextField(null=True)
        class Meta:
            database = db
            table_name = 'sandbox_publication'
    db.create_tables([SandboxPublication])
    for statement in SQLITE_TRIGGERS if isinstance(db, SqliteDatabase) else POSTGRES_TRIGGERS:
        db.execute_sql(statement)


# Every change to a post's status or channel appends -1 for the old pair and +1 for
# the new one; appends never contend, and the worker folds them into post_tally.
DELTA = "INSERT INTO post_tally_delta (account_id, mode, channel_id, status, delta) VALUES "
SQLITE_TRIGGERS = [
    "CREATE TRIGGER post_tally_on_insert AFTER INSERT ON post BEGIN "
    + DELTA + "(NEW.account_id, NEW.mode, NEW.channel_id, NEW.status, 1); END",
    "CREATE TRIGGER post_tally_on_delete AFTER DELETE ON post BEGIN "
    + DELTA + "(OLD.account_id, OLD.mode, OLD.channel_id, OLD.status, -1); END",
    "CREATE TRIGGER post_tally_on_update AFTER UPDATE OF status, channel_id ON post "
    "WHEN OLD.status IS NOT NEW.status OR OLD.channel_id IS NOT NEW.channel_id BEGIN "
    + DELTA + "(OLD.account_id, OLD.mode, OLD.channel_id, OLD.status, -1), "
    "(NEW.account_id, NEW.mode, NEW.channel_id, NEW.status, 1); END",
]
POSTGRES_TRIGGERS = [
    """CREATE FUNCTION post_tally_track() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
        IF TG_OP <> 'INSERT' THEN
            """ + DELTA + """(OLD.account_id, OLD.mode, OLD.channel_id, OLD.status, -1);
        END IF;
        IF TG_OP <> 'DELETE' THEN
            """ + DELTA + """(NEW.account_id, NEW.mode, NEW.channel_id, NEW.status, 1);
        END IF;
        RETURN NULL;
    END $$""",
    "CREATE TRIGGER post_tally_on_insert_delete AFTER INSERT OR DELETE ON post "
    "FOR EACH ROW EXECUTE FUNCTION post_tally_track()",
    "CREATE TRIGGER post_tally_on_update AFTER UPDATE OF status, channel_id ON post FOR EACH ROW "
    "WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.channel_id IS DISTINCT FROM NEW.channel_id) "
    "EXECUTE FUNCTION post_tally_track()",
]


def down(migrator, db):
    migrator.migrate(migrator.drop_table('sandbox_publication'))
    if isinstance(db, SqliteDatabase):
        for name in ("post_tally_on_insert", "post_tally_on_delete", "post_tally_on_update"):
            db.execute_sql(f"DROP TRIGGER IF EXISTS {name}")
    else:
        db.execute_sql("DROP FUNCTION IF EXISTS post_tally_track() CASCADE")
    migrator.migrate(migrator.drop_table('post_target'))
    migrator.migrate(migrator.drop_table('post_tally_delta'))
    migrator.migrate(migrator.drop_table('post_tally'))
    migrator.migrate(migrator.drop_table('post'))
    migrator.migrate(migrator.drop_table('idempotency_key'))
