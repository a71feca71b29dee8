"""What several resources' schemas share: the problem object (a failure's code and words)."""

from marshmallow import Schema, fields

from postline.web.fields import described


class ProblemSchema(Schema):
    code = described(fields.String, "A stable code, e.g. `RATE_LIMITED`, `DELIVERY_UNCONFIRMED`")
    message = described(fields.String, "What happened, in words")
