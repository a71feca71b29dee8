"""Inputs that answered 500 in the drills, and a property test that throws arbitrary
JSON and query strings at the parsing layer: every answer is a 4xx, never a 5xx."""

import json
import socket
import time
from urllib.parse import urlencode, urlsplit

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.support.client import assert_error

# Inputs that once answered 500, several from the database: run on each backend.
pytestmark = pytest.mark.storage

JSON_ENDPOINTS = [
    ("POST", "/v1/channels"),
    ("POST", "/v1/posts"),
    ("POST", "/v1/posts/batch"),
    ("PATCH", "/v1/posts/batch"),
    ("DELETE", "/v1/posts/batch"),
    ("POST", "/v1/webhooks"),
    ("POST", "/v1/api-keys"),
]
DEEP = "[" * 1000 + "]" * 1000


@pytest.mark.parametrize("method, path", JSON_ENDPOINTS)
@pytest.mark.parametrize("idempotency_key", [None, "deep-1"])
def test_json_nested_1000_levels_is_a_400(api, method, path, idempotency_key):
    headers = {"Idempotency-Key": idempotency_key} if idempotency_key else {}
    response = api.request(method, path, data=DEEP, content_type="application/json", headers=headers)
    error = assert_error(response, 400, "VALIDATION_ERROR")
    assert error["details"] == [{"field": "body", "message": "must not be nested more than 32 levels deep"}]


@pytest.mark.parametrize("digits", [17, 4301, 10_000])
def test_huge_integers_in_any_field_are_a_400(api, digits):
    number = "9" * digits
    cases = ((f'{{"name": {number}}}', "name"), (f'{{"name": "L", "color": [{number}]}}', "color[0]"))
    for body, field in cases:
        response = api.post("/v1/channels", data=body, content_type="application/json")
        error = assert_error(response, 400, "VALIDATION_ERROR")
        assert error["details"][0]["field"] == field and "numbers must be between" in error["message"]


@pytest.mark.parametrize("value", ["²", "٣", "１２３", "1²", "2027-01-15T08:00:00+01:0²"])
def test_timestamps_in_other_digits_are_a_400(api, value):
    channel = api.post("/v1/channels", json={"name": "Drill"}).get_json()["data"]["id"]
    response = api.post("/v1/posts", json={"channelId": channel, "content": "x", "scheduledFor": value})
    assert_error(response, 400, "VALIDATION_ERROR")
    for field in ("createdAt", "scheduledFor"):
        response = api.get(f"/v1/posts?{urlencode({f'filter[{field}][gt]': value})}")
        assert_error(response, 400, "VALIDATION_ERROR")


@pytest.mark.parametrize("value", ["1969-12-31T23:59:59Z", "0001-01-01T00:00:00Z", -1, 253_402_300_800_000])
def test_timestamps_outside_1970_to_9999_are_a_400(api, value):
    channel = api.post("/v1/channels", json={"name": "Drill"}).get_json()["data"]["id"]
    response = api.post("/v1/posts", json={"channelId": channel, "content": "x", "scheduledFor": value})
    error = assert_error(response, 400, "VALIDATION_ERROR")
    assert error["details"][0]["field"] == "scheduledFor"


def test_a_fraction_where_a_whole_number_is_promised_is_a_400(api):
    response = api.post("/v1/api-keys", json={"name": "ci", "expiresIn": 1.5})
    error = assert_error(response, 400, "VALIDATION_ERROR")
    assert error["details"][0]["field"] == "expiresIn"


@pytest.mark.parametrize(
    "path", ["/v1/channels/{id}", "/v1/posts/{id}", "/v1/api-keys/{id}", "/v1/webhooks/{id}"]
)
def test_patch_without_a_body_is_a_400(api, path):
    channel = api.post("/v1/channels", json={"name": "Drill"}).get_json()["data"]
    ids = {
        "/v1/channels/{id}": channel["id"],
        "/v1/posts/{id}": api.post("/v1/posts", json={"channelId": channel["id"], "content": "x"}).get_json()[
            "data"
        ]["id"],
        "/v1/api-keys/{id}": api.post("/v1/api-keys", json={"name": "ci"}).get_json()["data"]["id"],
        "/v1/webhooks/{id}": "wh_missing",
    }
    response = api.patch(path.format(id=ids[path]))
    error = assert_error(response, 400, "VALIDATION_ERROR")
    assert error["details"] == [{"field": "body", "message": "is required: send a JSON object"}]


def test_50000_unknown_fields_get_a_short_answer(api):
    body = json.dumps({f"field{n}": n for n in range(50_000)})
    started = time.monotonic()
    response = api.post("/v1/channels", data=body, content_type="application/json")
    elapsed = time.monotonic() - started
    error = assert_error(response, 400, "VALIDATION_ERROR")
    assert len(error["details"]) == 50
    assert error["details"][0] == {"field": "field0", "message": "Unknown field."}
    assert error["details"][-1] == {"field": "body", "message": "and 49951 more problems"}
    assert len(response.get_data()) < 10_000
    print(f"\n50,000 unknown fields: {len(response.get_data())} bytes in {elapsed * 1000:.0f} ms")


def test_a_chunked_body_over_the_limit_is_a_413(gunicorn, make_key):
    url = urlsplit(gunicorn(workers=1))
    body = b'{"name": "' + b"x" * 1_100_000 + b'"}'
    chunks = b"".join(b"%x\r\n%s\r\n" % (len(part), part) for part in (body[:600_000], body[600_000:]))
    request = (
        b"POST /v1/channels HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
        b"Transfer-Encoding: chunked\r\nConnection: close\r\n"
        + f"Authorization: Bearer {make_key()}\r\n\r\n".encode()
        + chunks
        + b"0\r\n\r\n"
    )
    with socket.create_connection((url.hostname, url.port), timeout=30) as sock:
        sock.sendall(request)
        answer = b""
        while chunk := sock.recv(65536):
            answer += chunk
    head, _, payload = answer.partition(b"\r\n\r\n")
    assert head.split(b" ")[1] == b"413", answer[:500]
    assert json.loads(payload)["error"]["code"] == "PAYLOAD_TOO_LARGE"


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(),
    lambda children: (
        st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=12), children, max_size=4)
    ),
    max_leaves=25,
)
QUERY_NAMES = [
    "page",
    "per_page",
    "sort",
    "filter[status]",
    "filter[status][in]",
    "filter[createdAt][gt]",
    "filter[scheduledFor][lte]",
    "filter[channelId][in]",
    "filter[content][contains]",
    "from",
    "to",
    "date",
]


@settings(max_examples=150, deadline=None, database=None, suppress_health_check=list(HealthCheck))
@given(
    endpoint=st.sampled_from(JSON_ENDPOINTS),
    body=json_values | st.binary(max_size=200),
    idempotent=st.booleans(),
)
def test_arbitrary_bodies_never_get_a_5xx(api, endpoint, body, idempotent):
    method, path = endpoint
    data = body if isinstance(body, bytes) else json.dumps(body, allow_nan=True)
    headers = {"Idempotency-Key": "fuzz"} if idempotent else {}
    response = api.request(method, path, data=data, content_type="application/json", headers=headers)
    assert response.status_code < 500, response.get_data(as_text=True)


@settings(max_examples=150, deadline=None, database=None, suppress_health_check=list(HealthCheck))
@given(
    path=st.sampled_from(["/v1/posts", "/v1/channels", "/v1/usage/history", "/v1/usage/day", "/v1/api-keys"]),
    query=st.dictionaries(
        st.sampled_from(QUERY_NAMES) | st.text(max_size=20), st.text(max_size=40), max_size=4
    ),
)
def test_arbitrary_query_strings_never_get_a_5xx(api, path, query):
    response = api.get(f"{path}?{urlencode(query)}")
    assert response.status_code < 500, response.get_data(as_text=True)
