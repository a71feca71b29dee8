"""The API's JSON answers, encoded by orjson (docs/benchmarks.md: it took 9% of a
listing request as Python's json).

The bytes differ from Python's json in one way only: characters beyond ASCII are
written as UTF-8, not as \\u escapes (the same JSON to any parser; the answers say
`application/json`, whose encoding is UTF-8). Fields keep the order the schemas
give them (id first, an error's type before its message); datetimes and dataclasses
go to Flask's own conversion as before; debug mode's indented answers and whatever
orjson refuses (an integer beyond 64 bits) are written by Python's json.
"""

import orjson
from flask.json.provider import DefaultJSONProvider

# What orjson would write its own way goes to Flask's `default` instead.
_OPTIONS = orjson.OPT_PASSTHROUGH_DATETIME | orjson.OPT_PASSTHROUGH_DATACLASS


class JSONProvider(DefaultJSONProvider):
    sort_keys = False  # fields in schema order
    ensure_ascii = False  # as orjson writes them, whichever encodes

    def dumps(self, obj, **kwargs):
        if kwargs:
            return super().dumps(obj, **kwargs)
        return self._encode(obj).decode()

    def response(self, *args, **kwargs):
        return self.answer(self._prepare_response_obj(args, kwargs))

    def answer(self, data, status=200):
        """The answer of `data` as JSON, with `status`: how a view's answer is made
        (postline/web/api.py, `Blueprint.response`)."""
        if self.compact is False or (self.compact is None and self._app.debug):
            answer = super().response(data)
            answer.status = status
            return answer
        # The full Content-Type given, which werkzeug would otherwise work out from the
        # mimetype on every answer (JSON's has no charset parameter).
        return self._app.response_class(self._encode(data) + b"\n", status=status, content_type=self.mimetype)

    def _encode(self, obj):
        try:
            return orjson.dumps(obj, default=self.default, option=_OPTIONS)
        except orjson.JSONEncodeError:
            return super().dumps(obj, separators=(",", ":")).encode()
