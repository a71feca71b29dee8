"""Posts in parts: a thread's replies and a first comment, each sent once.

- post_part: what a target publishes, piece by piece (the post itself at position 0,
  the replies of its thread, its first comment), each with the state a target had:
  status, the platform's id and url, the error, the processing check. A first comment
  retried on its own after its post was done is claimable (due_at and a lease).
- Every existing target becomes one part, position 0, with its state; post_target
  keeps only where it goes (the connection and platform): its status is read from its
  parts.
- post.thread, post.first_comment, post.platforms: the post's thread, its first
  comment and its per-platform versions as the client sent them (JSON).
- connection.simulated: test mode's simulated connections of any network.
- sandbox_publication.position: which part the sandbox published; its platform_post_id
  as long as a platform's (a simulated LinkedIn comment's URN is longer than 40).
"""
from peewee import *


def up(migrator, db):
    class PostTarget(Model):
        class Meta:
            database = db
            table_name = 'post_target'

    class PostPart(Model):
        created_at = BigIntegerField()
        updated_at = BigIntegerField()
        target = ForeignKeyField(PostTarget, on_delete='CASCADE')
        post_id = CharField(max_length=40, index=True)
        position = IntegerField()
        kind = CharField(max_length=8)
        content = TextField(null=True)
        media = TextField()
        status = CharField(max_length=12)
        attempts = IntegerField(default=0)
        platform_post_id = CharField(max_length=255, null=True)
        url = TextField(null=True)
        error_code = CharField(max_length=64, null=True)
        error_message = TextField(null=True)
        published_at = BigIntegerField(null=True)
        check_at = BigIntegerField(null=True)
        processing_since = BigIntegerField(null=True)
        platform_state = TextField(null=True)
        next_attempt_at = BigIntegerField(null=True)
        due_at = BigIntegerField(null=True)
        lease_owner = CharField(max_length=120, null=True)
        lease_expires_at = BigIntegerField(null=True)
        class Meta:
            database = db
            table_name = 'post_part'
            indexes = ((('target', 'position'), True),)

    db.create_tables([PostPart])
    migrator.migrate(
        migrator.add_index('post_part', ('due_at',), False, where=SQL('due_at IS NOT NULL'), name='postpart_due_at'),
        migrator.add_index(
            'post_part', ('lease_expires_at',), False, where=SQL('lease_expires_at IS NOT NULL'),
            name='postpart_lease_expires_at',
        ),
    )
    db.execute_sql(
        "INSERT INTO post_part (created_at, updated_at, target_id, post_id, position, kind, content, media,"
        " status, attempts, platform_post_id, url, error_code, error_message, published_at, check_at,"
        " processing_since, platform_state)"
        " SELECT t.created_at, t.updated_at, t.id, t.post_id, 0, 'post', p.content, p.media, t.status,"
        " CASE WHEN t.status = 'pending' THEN 0 ELSE 1 END, t.platform_post_id, t.url, t.error_code,"
        " t.error_message, t.published_at, t.check_at, t.processing_since, t.platform_state"
        " FROM post_target t JOIN post p ON p.id = t.post_id"
    )
    migrator.migrate(*[
        migrator.drop_column('post_target', column) for column in MOVED
    ])
    migrator.migrate(
        migrator.add_column('post', 'thread', TextField(null=True)),
        migrator.add_column('post', 'first_comment', TextField(null=True)),
        migrator.add_column('post', 'platforms', TextField(null=True)),
        migrator.add_column('connection', 'simulated', BooleanField(default=False)),
        migrator.add_column('sandbox_publication', 'position', IntegerField(default=0)),
        migrator.alter_column_type('sandbox_publication', 'platform_post_id', CharField(max_length=255)),
    )


MOVED = (
    'status', 'platform_post_id', 'url', 'error_code', 'error_message', 'published_at',
    'check_at', 'processing_since', 'platform_state',
)


def down(migrator, db):
    migrator.migrate(
        migrator.alter_column_type('sandbox_publication', 'platform_post_id', CharField(max_length=40)),
        migrator.drop_column('sandbox_publication', 'position'),
        migrator.drop_column('connection', 'simulated'),
        migrator.drop_column('post', 'platforms'),
        migrator.drop_column('post', 'first_comment'),
        migrator.drop_column('post', 'thread'),
        migrator.add_column('post_target', 'status', CharField(max_length=12, default='pending')),
        migrator.add_column('post_target', 'platform_post_id', CharField(null=True)),
        migrator.add_column('post_target', 'url', TextField(null=True)),
        migrator.add_column('post_target', 'error_code', CharField(null=True, max_length=64)),
        migrator.add_column('post_target', 'error_message', TextField(null=True)),
        migrator.add_column('post_target', 'published_at', BigIntegerField(null=True)),
        migrator.add_column('post_target', 'check_at', BigIntegerField(null=True)),
        migrator.add_column('post_target', 'processing_since', BigIntegerField(null=True)),
        migrator.add_column('post_target', 'platform_state', TextField(null=True)),
    )
    for column in MOVED:
        db.execute_sql(
            f"UPDATE post_target SET {column} = (SELECT {column} FROM post_part"
            " WHERE post_part.target_id = post_target.id AND post_part.position = 0)"
        )
    migrator.migrate(migrator.drop_table('post_part'))
