"""Media files: what one looks like, uploads, imports and alt text."""

from marshmallow import Schema, fields, validate

from postline.media import kinds
from postline.web.envelopes import Answer
from postline.web.fields import AltText, CreatedAt, FilePart, UpdatedAt, described


class MediaSchema(Answer):
    id = fields.String(data_key="key", metadata={"description": "`med_<id>.<ext>`: how posts name the file"})
    filename = fields.String(metadata={"description": "The name it was uploaded with, for display only"})
    content_type = fields.String(
        data_key="contentType", metadata={"description": ", ".join(kinds.BY_CONTENT_TYPE)}
    )
    size = fields.Integer(metadata={"description": "Bytes"})
    sha256 = fields.String(metadata={"description": "Hex SHA-256 of the bytes"})
    width = fields.Integer(allow_none=True, metadata={"description": "Pixels; images only"})
    height = fields.Integer(allow_none=True, metadata={"description": "Pixels; images only"})
    duration_ms = fields.Integer(
        data_key="durationMs", allow_none=True, metadata={"description": "Videos, where the file says"}
    )
    alt_text = described(fields.String, "Its alt text, or null", data_key="altText", allow_none=True)
    created_at = CreatedAt()
    updated_at = UpdatedAt()


class MediaUploadSchema(Schema):
    file = FilePart(
        required=True, metadata={"description": f"The image or video: {kinds.NAMES}, told by its bytes"}
    )
    alt_text = AltText(allow_none=False)


class MediaDeletedSchema(Answer):
    key = described(fields.String, "The deleted file's key")
    deleted = described(fields.Boolean, "Always true")


class MediaUpdateSchema(Schema):
    alt_text = AltText(required=True)


class MediaImportSchema(Schema):
    url = fields.String(
        required=True,
        validate=validate.Length(min=1, max=2048),
        metadata={
            "description": "An https URL on the public internet, answering 200 with the file "
            "(refused like webhook URLs; redirects are not followed)",
            "example": "https://images.example.com/launch.png",
        },
    )
