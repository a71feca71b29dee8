"""Channels: what a channel looks like, and what creating or changing one reads."""

from marshmallow import Schema, fields

from postline.web.envelopes import Answer
from postline.web.fields import CHANNEL_NAME, CreatedAt, HexColor, Name, UpdatedAt, described


class ChannelSchema(Answer):
    id = described(fields.String, "The channel's id, `ch_...`")
    name = described(fields.String, "The channel's name")
    color = described(fields.String, "Its color, #RRGGBB")
    connection_ids = described(
        fields.List,
        "The platform connections its posts are published to (POST /v1/connections/{id}/add-to-channel)",
        fields.String(),
        data_key="connectionIds",
    )
    created_at = CreatedAt()
    updated_at = UpdatedAt()


class ChannelCreateSchema(Schema):
    name = Name(required=True, metadata={"description": CHANNEL_NAME})
    color = HexColor()


class ChannelUpdateSchema(Schema):
    name = Name(metadata={"description": CHANNEL_NAME})
    color = HexColor()
