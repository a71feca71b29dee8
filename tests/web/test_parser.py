"""The parser (postline/web/api.py, Parser): the one hook into webargs' internals, for
bodies and for listings' query strings, loaded once per string."""

import inspect

from webargs.flaskparser import FlaskParser

from postline.web.api import Parser
from routes.posts import LISTING
from tests.support.client import assert_error


def test_webargs_still_has_the_hooks_the_parser_overrides():
    assert callable(getattr(FlaskParser, "_raw_load_json", None))
    assert Parser._raw_load_json is not FlaskParser._raw_load_json
    process = getattr(FlaskParser, "_process_location_data", None)
    assert list(inspect.signature(process).parameters) == [
        "self",
        "location_data",
        "schema",
        "req",
        "location",
        "unknown",
        "validators",
    ]


def test_a_listings_query_is_loaded_once_and_each_request_gets_its_own_arguments(app):
    query = "/v1/posts?filter[status][in]=queued,done&per_page=5"
    schema = LISTING.query_schema()  # marked pure_query, as the one flask-smorest holds
    loads = []
    load = schema.load
    schema.load = lambda *args, **kwargs: loads.append(args) or load(*args, **kwargs)
    parser = Parser()
    with app.test_request_context(query):
        first = parser.parse(schema, location="query")
        first["filter[status][in]"].append("failed")  # a view changing its arguments
        first["per_page"] = 50
    with app.test_request_context(query):
        again = parser.parse(schema, location="query")
    assert again == {"filter[status][in]": ["queued", "done"], "per_page": 5, "sort": "scheduledFor"}
    assert again is not first and len(loads) == 1


def test_a_bad_query_is_refused_each_time_it_is_sent(api, make_key):
    tester = api.as_key(make_key(mode="test"))
    for _ in range(2):
        error = assert_error(
            tester.get("/v1/posts?filter[status][in]=queued,nonsense"), 400, "VALIDATION_ERROR"
        )
        assert error["details"][0]["field"] == "filter[status][in]"
    listed = tester.get("/v1/posts?filter[status][in]=queued")
    assert listed.status_code == 200 and listed.get_json()["data"] == []


def test_the_hook_sees_every_json_body(api):
    response = api.post("/v1/channels", json={"name": "Launch", "color": "#00000\u0000"})
    error = assert_error(response, 400, "VALIDATION_ERROR")
    assert error["details"] == [
        {"field": "color", "message": "must not contain NUL characters or unpaired surrogates"}
    ]
