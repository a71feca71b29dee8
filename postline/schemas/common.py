"""What several resources' schemas share: the problem object (a failure's code and words)."""

from marshmallow import fields

from postline.web.envelopes import Answer
from postline.web.fields import described


class ProblemSchema(Answer):
    code = described(fields.String, "A stable code, e.g. `RATE_LIMITED`, `DELIVERY_UNCONFIRMED`")
    message = described(fields.String, "What happened, in words")
