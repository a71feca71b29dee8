"""Idempotency keys and the answers they kept."""

from peewee import BigIntegerField, CharField, ForeignKeyField, IntegerField, TextField

from postline.models.accounts import ApiKey
from postline.models.base import BaseModel


class IdempotencyKey(BaseModel):
    """A client's Idempotency-Key for one endpoint and API key, and the answer it got."""

    api_key = ForeignKeyField(ApiKey, on_delete="CASCADE", index=False)  # leads the unique index
    endpoint = CharField(max_length=100)
    key = CharField(max_length=255)
    fingerprint = CharField(max_length=64)
    # Until the first request finishes, `response_body` is NULL and `locked_until`
    # bounds how long a crashed request keeps the key in flight.
    locked_until = BigIntegerField()
    response_status = IntegerField(null=True)
    response_body = TextField(null=True)
    expires_at = BigIntegerField(index=True)

    class Meta:
        indexes = ((("api_key", "endpoint", "key"), True),)

    @classmethod
    def purge_expired(cls, now_ms):
        """Delete keys past their 24 hours, with the answers they kept."""
        return cls.delete().where(cls.expires_at <= now_ms).execute()
