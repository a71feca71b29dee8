"""A board a connection may publish to (GET /v1/connections/{id}/boards)."""

from marshmallow import fields

from postline.web.envelopes import Answer
from postline.web.fields import described


class BoardSchema(Answer):
    id = described(fields.String, "The board's id: `platforms.pinterest.options.boardId` of a post")
    name = described(fields.String, "Its name, as the account sees it")
    description = described(fields.String, "Its description, or null", allow_none=True)
    privacy = described(fields.String, "PUBLIC, PROTECTED or SECRET")
