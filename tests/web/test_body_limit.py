"""Request bodies over `[server] max_body_bytes` are 413 PAYLOAD_TOO_LARGE."""

import pytest

from tests.support.client import assert_error


@pytest.fixture
def settings(settings):
    settings["server"]["max_body_bytes"] = 1000
    return settings


def test_body_over_the_limit_is_413(api):
    response = api.post("/v1/channels", json={"name": "x" * 2000})
    assert_error(response, 413, "PAYLOAD_TOO_LARGE", "invalid_request_error")
    assert api.get("/v1/channels").get_json()["data"] == []


def test_body_under_the_limit_is_read(api):
    assert api.post("/v1/channels", json={"name": "x" * 100}).status_code == 201
