"""Uploaded and imported media files."""

from peewee import BigIntegerField, CharField, IntegerField, TextField

from postline import db
from postline.models.accounts import TenantModel


class Media(TenantModel):
    """An uploaded or imported file (docs/media.md). The id is the media key,
    `med_<id>.<ext>`, which also names the stored object; `filename` is for display."""

    id_prefix = "med"
    id = CharField(primary_key=True, max_length=48)
    filename = CharField(max_length=255)
    content_type = CharField(max_length=32)
    size = BigIntegerField()
    sha256 = CharField(max_length=64)
    width = IntegerField(null=True)
    height = IntegerField(null=True)
    duration_ms = BigIntegerField(null=True)
    alt_text = TextField(null=True)

    class Meta:
        indexes = ((("account", "mode", "created_at", "id"), False),)

    @classmethod
    def owned_keys(cls, key, media_keys):
        """Those of `media_keys` the key may use, share-locked so that a concurrent delete
        waits for the caller's transaction (call inside one)."""
        query = cls.visible_to(key).where(cls.id.in_(list(media_keys))).select(cls.id)
        return {media.id for media in db.for_update(query, "FOR SHARE")}
