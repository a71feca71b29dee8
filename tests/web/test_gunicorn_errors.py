"""gunicorn's own refusals answer in the one error shape (postline/web/gunicorn_errors.py)."""

import json

import pytest

from tests.support.client import raw_request


@pytest.mark.parametrize(
    "request_bytes, status, code",
    [
        (b"GET /v1/posts?" + b"a" * 9000 + b" HTTP/1.1\r\nHost: x\r\n\r\n", 414, "REQUEST_LINE_TOO_LONG"),
        (b"GET /v1/health HTTP/1.1\r\nHost: x\r\nX-Bad: a\x00b\r\n\r\n", 400, "BAD_REQUEST"),
        (b"NOT A REQUEST\r\n\r\n", 400, "BAD_REQUEST"),
    ],
    ids=["request-line-too-long", "nul-in-a-header", "garbage"],
)
def test_gunicorns_refusals_are_json_errors(gunicorn, request_bytes, status, code):
    url = gunicorn(workers=1)
    answered, headers, body = raw_request(url, request_bytes)
    assert answered == status
    assert headers["Content-Type"] == "application/json"
    error = json.loads(body)["error"]
    assert error["code"] == code and error["message"] and error["request_id"].startswith("req_")


def test_an_in_filter_of_100_ids_fits_the_request_line(gunicorn, make_key):
    """The most an `in` filter takes: 100 ids of the longest kind, every separator encoded."""
    url = gunicorn(workers=1)
    ids = "%2C".join(f"ch_{n:037d}" for n in range(100))
    path = f"/v1/posts?filter%5BchannelId%5D%5Bin%5D={ids}"
    headers = f"Host: x\r\nAuthorization: Bearer {make_key()}\r\nConnection: close\r\n"
    request = f"GET {path} HTTP/1.1\r\n{headers}\r\n"
    assert len(path) > 4094  # gunicorn's default limit would refuse it
    status, _, body = raw_request(url, request.encode())
    assert status == 200 and json.loads(body)["data"] == []
