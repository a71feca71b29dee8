"""Platform quotas: what a provider's app spent of the allowance the platform gives its
project a day, counted by Postline so that work that would go over is held before it
starts (YouTube's upload quota: docs/platforms/youtube.md, Quota)."""

from peewee import BigIntegerField, CharField

from postline import db
from postline.models.base import BaseModel


class PlatformQuota(BaseModel):
    """One project's spending on one quota day: `project` the app's client_id at
    `provider`, `day` the platform's quota day (YYYY-MM-DD in the platform's own time
    zone), `units` the quota units its calls cost, `uploads` the uploads it started
    (where uploads have an allowance of their own). One row a project and day."""

    provider = CharField(max_length=32)
    project = CharField(max_length=255)
    day = CharField(max_length=10)
    units = BigIntegerField(default=0)
    uploads = BigIntegerField(default=0)

    class Meta:
        table_name = "platform_quota"
        indexes = ((("provider", "project", "day"), True),)

    @classmethod
    def spend(cls, provider, project, day, now, units=0, uploads=0, most_units=None, most_uploads=None):
        """Count `units` and `uploads` on the project's day, unless that would take the
        day past `most_units` or `most_uploads` (None: no bound); whether it counted."""
        key = (cls.provider == provider) & (cls.project == project) & (cls.day == day)
        within = key
        if most_units is not None:
            within &= cls.units + units <= most_units
        if most_uploads is not None:
            within &= cls.uploads + uploads <= most_uploads
        with db.database.atomic():
            cls.insert(
                provider=provider, project=project, day=day, created_at=now, updated_at=now
            ).on_conflict_ignore().execute()
            counted = cls.update(units=cls.units + units, uploads=cls.uploads + uploads, updated_at=now)
            return counted.where(within).execute() == 1

    @classmethod
    def spent(cls, provider, project, day):
        """(units, uploads) the project spent on `day`."""
        row = cls.get_or_none((cls.provider == provider) & (cls.project == project) & (cls.day == day))
        return (row.units, row.uploads) if row is not None else (0, 0)
