"""API keys: what a key looks like (the full key only in the answer that creates it), and
what creating or changing one reads."""

from marshmallow import Schema, fields, validate

from postline.web.choices import MODE, Choice
from postline.web.envelopes import Answer
from postline.web.fields import (
    KEY_NAME,
    CreatedAt,
    Name,
    Permissions,
    Timestamp,
    UpdatedAt,
    WholeNumber,
    described,
)


class ApiKeySchema(Answer):
    id = described(fields.String, "The key's id, `key_...` (not the key itself)")
    name = described(fields.String, "Its label")
    prefix = fields.String(metadata={"description": "The key's visible 8-character prefix"})
    mode = described(Choice, "live or test", MODE)
    permissions = described(fields.List, "What the key may do", fields.String())
    last_used_at = described(
        Timestamp,
        "When it was last used (Unix ms; updated at most once a minute)",
        data_key="lastUsedAt",
        allow_none=True,
    )
    expires_at = described(
        Timestamp, "When it stops working (Unix ms), or null", data_key="expiresAt", allow_none=True
    )
    created_at = CreatedAt()
    updated_at = UpdatedAt()


class ApiKeyCreatedSchema(ApiKeySchema):
    key = fields.String(metadata={"description": "The full key; shown in this answer only"})


class ApiKeyCreateSchema(Schema):
    name = Name(required=True, metadata={"description": KEY_NAME})
    permissions = Permissions(metadata={"description": "Default: every permission of the creating key"})
    mode = described(
        fields.String,
        "live or test; default the creating key's (a test key cannot create a live key)",
        validate=validate.OneOf(["live", "test"]),
    )
    expires_in = WholeNumber(
        data_key="expiresIn",
        validate=validate.Range(min=1, max=3650),
        metadata={"description": "Days until the key stops working"},
    )


class ApiKeyUpdateSchema(Schema):
    name = Name(metadata={"description": KEY_NAME})
    permissions = Permissions(metadata={"description": "The new permissions, within the caller's own"})
