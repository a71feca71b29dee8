"""Time, handled for people: channel queues, recurring posts and evergreen posts
(docs/scheduling.md).

- channel_schedule: a channel's posting schedule (its zone, weekly slots, how many
  posts a slot takes, paused), one row per channel; the row queue posts lock while
  they take slots. `full_until` is where the search for a free slot may start (every
  slot from now until then is full).
- series: a recurring post's rule, zone and start, the template its occurrences are
  made from, the occurrences skipped, and the latest one made (`due_at`: when the
  worker makes the next).
- post.slot: the queue slot a post holds (slots are counted from posts), indexed per
  channel where set.
- post.series_id, post.occurrence_at: the occurrence a post is, unique per series, so
  no occurrence is ever made twice; post.series_detached: a PATCH took it out of the
  series' changes.
- post.evergreen (its settings, JSON), post.evergreen_state (waiting, repeated,
  ended), post.evergreen_of and post.evergreen_repeat (the original and which repeat
  this is, unique together, so no repeat is ever made twice).
"""
from peewee import *


def up(migrator, db):
    class Account(Model):
        id = CharField(primary_key=True, max_length=40)
        class Meta:
            database = db
            table_name = 'account'

    class Channel(Model):
        id = CharField(primary_key=True, max_length=40)
        class Meta:
            database = db
            table_name = 'channel'

    class ChannelSchedule(Model):
        channel = ForeignKeyField(Channel, primary_key=True, on_delete='CASCADE')
        created_at = BigIntegerField()
        updated_at = BigIntegerField()
        account = ForeignKeyField(Account, on_delete='CASCADE')
        mode = CharField(max_length=4)
        timezone = CharField(max_length=64)
        slots = TextField()
        max_per_slot = IntegerField(default=1)
        paused = BooleanField(default=False)
        full_until = BigIntegerField(null=True)
        class Meta:
            database = db
            table_name = 'channel_schedule'

    class Series(Model):
        id = CharField(primary_key=True, max_length=40)
        created_at = BigIntegerField()
        updated_at = BigIntegerField()
        account = ForeignKeyField(Account, on_delete='CASCADE')
        mode = CharField(max_length=4)
        channel = ForeignKeyField(Channel, on_delete='CASCADE')
        recurrence = CharField(max_length=500)
        timezone = CharField(max_length=64)
        start_local = CharField(max_length=16)
        content = TextField(null=True)
        media = TextField()
        thread = TextField(null=True)
        first_comment = TextField(null=True)
        platforms = TextField(null=True)
        skipped = TextField()
        last_occurrence_at = BigIntegerField(null=True)
        due_at = BigIntegerField(null=True)
        class Meta:
            database = db
            table_name = 'series'

    db.create_tables([ChannelSchedule, Series])
    migrator.migrate(
        migrator.add_index('series', ('due_at',), False, where=SQL('due_at IS NOT NULL'), name='series_due_at'),
        migrator.add_column('post', 'slot', BigIntegerField(null=True)),
        migrator.add_column('post', 'series_id', CharField(max_length=40, null=True)),
        migrator.add_column('post', 'occurrence_at', BigIntegerField(null=True)),
        migrator.add_column('post', 'evergreen', TextField(null=True)),
        migrator.add_column('post', 'evergreen_state', CharField(max_length=8, null=True)),
        migrator.add_column('post', 'evergreen_of', CharField(max_length=40, null=True)),
        migrator.add_column('post', 'evergreen_repeat', IntegerField(null=True)),
    )
    # In SQL: the migrator would rebuild SQLite's post table for a NOT NULL column, and
    # the rebuild would drop the post tally's triggers (migration 0003).
    db.execute_sql('ALTER TABLE post ADD COLUMN series_detached BOOLEAN NOT NULL DEFAULT FALSE')
    migrator.migrate(*[
        migrator.add_index('post', columns, unique, where=SQL(where), name=name)
        for name, columns, unique, where in POST_INDEXES
    ])


POST_INDEXES = (
    ('post_channel_slot', ('channel_id', 'slot'), False, 'slot IS NOT NULL'),
    ('post_series_occurrence', ('series_id', 'occurrence_at'), True, 'series_id IS NOT NULL'),
    ('post_evergreen_state', ('evergreen_state', 'status'), False, 'evergreen_state IS NOT NULL'),
    ('post_evergreen_repeat', ('evergreen_of', 'evergreen_repeat'), True, 'evergreen_of IS NOT NULL'),
)
POST_COLUMNS = (
    'slot', 'series_id', 'occurrence_at', 'series_detached', 'evergreen', 'evergreen_state', 'evergreen_of',
    'evergreen_repeat',
)


def down(migrator, db):
    migrator.migrate(*[migrator.drop_index('post', name) for name, _, _, _ in POST_INDEXES])
    migrator.migrate(*[migrator.drop_column('post', column) for column in POST_COLUMNS])
    migrator.migrate(migrator.drop_table('series'), migrator.drop_table('channel_schedule'))
