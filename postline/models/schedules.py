"""When posts go out: a channel's posting schedule (its queue) and the series of a
recurring post (docs/scheduling.md)."""

import json

from peewee import BigIntegerField, BooleanField, CharField, ForeignKeyField, IntegerField, TextField, fn

from postline.db import ListField
from postline.models.accounts import Account, TenantModel
from postline.models.channels import Channel
from postline.models.posts import Post


class ChannelSchedule(TenantModel):
    """A channel's posting schedule: weekly wall-clock slots in its zone. Posts with
    `queue: true` take its free slots; a slot's posts are counted from `post.slot`.

    Queue posts lock the row while they take slots (one taker per channel at a time).
    `full_until` lets the search for a free slot start late: every slot from now until
    then is full (lowered when a post leaves its slot, cleared when the schedule changes).
    """

    account = ForeignKeyField(Account, on_delete="CASCADE")  # indexed: no other index leads with it
    channel = ForeignKeyField(Channel, primary_key=True, on_delete="CASCADE")
    timezone = CharField(max_length=64)
    slots = TextField()  # JSON: [{"day": "mon", "time": "09:00"}], in week order
    max_per_slot = IntegerField(default=1)
    paused = BooleanField(default=False)
    full_until = BigIntegerField(null=True)

    @property
    def slot_list(self):
        return json.loads(self.slots)

    @classmethod
    def of_channel(cls, key, channel_id):
        """The schedule of a channel the key may see, or None."""
        return cls.visible_to(key).where(cls.channel == channel_id).first()

    @staticmethod
    def taken_query(channel_id, first_ms, last_ms):
        """(slot, posts holding it) of the channel's slots from `first_ms` to `last_ms`."""
        return (
            Post.select(Post.slot, fn.COUNT(Post.id))
            .where((Post.channel == channel_id) & Post.slot.between(first_ms, last_ms))
            .group_by(Post.slot)
            .tuples()
        )

    @classmethod
    def lower_full_until(cls, channel_id, slot):
        """A post left `slot`: the search for free slots starts no later than it."""
        cls.update(full_until=slot).where((cls.channel == channel_id) & (cls.full_until > slot)).execute()


class Series(TenantModel):
    """A recurring post: its rule (a subset of RFC 5545 RRULE), evaluated in `timezone`
    from `start_local` (the wall-clock DTSTART, `YYYY-MM-DDTHH:MM`), and the template its
    occurrences are made from. Each occurrence is a post of its own (`post.series_id`,
    `post.occurrence_at`, unique together). `last_occurrence_at` is the latest occurrence
    made (or passed over); `due_at` when the worker makes the next one, NULL when the
    rule has no more. Indexed only where set (migration 0015).
    """

    id_prefix = "ser"
    id = CharField(primary_key=True, max_length=40)
    account = ForeignKeyField(Account, on_delete="CASCADE")  # indexed: no other index leads with it
    channel = ForeignKeyField(Channel, on_delete="CASCADE")
    recurrence = CharField(max_length=500)
    timezone = CharField(max_length=64)
    start_local = CharField(max_length=16)
    content = TextField(null=True)
    media = ListField()
    thread = TextField(null=True)
    first_comment = TextField(null=True)
    platforms = TextField(null=True)
    skipped = ListField()  # occurrence times (Unix ms) that are not to be made
    last_occurrence_at = BigIntegerField(null=True)
    due_at = BigIntegerField(null=True)

    @property
    def skipped_times(self):
        return {int(moment) for moment in self.skipped}

    @property
    def thread_parts(self):
        return json.loads(self.thread) if self.thread else []

    @property
    def first_comment_value(self):
        return json.loads(self.first_comment) if self.first_comment else None

    @property
    def platform_versions(self):
        return json.loads(self.platforms) if self.platforms else {}
