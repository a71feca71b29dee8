"""Rate-limit counters."""

from peewee import BigIntegerField, CharField, Model

from postline import db


class RateLimitCounter(Model):
    """The request counters of one rate-limit bucket: an API key, or a key on one endpoint.

    Each window (minute, hour, day) keeps its current fixed slot (Unix time divided
    by the window's length), the count in that slot and the count of the slot before;
    postline/limits/sql_store.py weighs the two into a sliding window and admits or
    refuses a request in one conditional upsert. One row per bucket, so concurrent
    requests of different keys never wait for each other's row. PostgreSQL's only: on
    SQLite the counters live in shared memory (postline/limits/shared_store.py).
    """

    bucket = CharField(primary_key=True, max_length=200)
    minute_slot = BigIntegerField(default=0)
    minute_count = BigIntegerField(default=0)
    minute_previous = BigIntegerField(default=0)
    hour_slot = BigIntegerField(default=0)
    hour_count = BigIntegerField(default=0)
    hour_previous = BigIntegerField(default=0)
    day_slot = BigIntegerField(default=0)
    day_count = BigIntegerField(default=0)
    day_previous = BigIntegerField(default=0)
    # When every window of the row has emptied: the purge deletes it after that.
    expires_at = BigIntegerField(index=True)

    class Meta:
        database = db.database
        legacy_table_names = False

    @classmethod
    def purge_expired(cls, now_ms):
        """Delete counters whose windows have all emptied."""
        return cls.delete().where(cls.expires_at < now_ms).execute()
