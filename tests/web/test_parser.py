"""The body parser (postline/web/api.py, Parser): the one hook into webargs' internals."""

from webargs.flaskparser import FlaskParser

from postline.web.api import Parser
from tests.support.client import assert_error


def test_webargs_still_has_the_hook_the_parser_overrides():
    assert callable(getattr(FlaskParser, "_raw_load_json", None))
    assert Parser._raw_load_json is not FlaskParser._raw_load_json


def test_the_hook_sees_every_json_body(api):
    response = api.post("/v1/channels", json={"name": "Launch", "color": "#00000\u0000"})
    error = assert_error(response, 400, "VALIDATION_ERROR")
    assert error["details"] == [
        {"field": "color", "message": "must not contain NUL characters or unpaired surrogates"}
    ]
