"""Worker heartbeats."""

from peewee import BigIntegerField, CharField, IntegerField, Model, fn

from postline.db import database


class WorkerHeartbeat(Model):
    """One row per worker process, rewritten every second (or `[worker] poll_interval`,
    if longer) while it runs."""

    worker_id = CharField(primary_key=True, max_length=120)
    hostname = CharField(max_length=255)
    pid = IntegerField()
    started_at = BigIntegerField()
    last_seen_at = BigIntegerField(index=True)

    class Meta:
        database = database
        legacy_table_names = False

    @classmethod
    def beat(cls, worker_id, hostname, pid, started_at, now_ms):
        (
            cls.insert(
                worker_id=worker_id,
                hostname=hostname,
                pid=pid,
                started_at=started_at,
                last_seen_at=now_ms,
            )
            .on_conflict(conflict_target=[cls.worker_id], update={cls.last_seen_at: now_ms})
            .execute()
        )

    @classmethod
    def last_seen(cls):
        """The newest heartbeat of any worker, or None if no worker ever ran."""
        return cls.select(fn.MAX(cls.last_seen_at)).scalar()

    @classmethod
    def purge_before(cls, cutoff_ms):
        """Delete the heartbeats of workers gone since before `cutoff_ms`."""
        return cls.delete().where(cls.last_seen_at < cutoff_ms).execute()
