"""One error shape for everything that can go wrong (docs/api.md, Errors)."""

import re

import pytest

from app import create_app
from postline.jobs import heartbeat
from tests.support.client import assert_error


def test_unknown_path_is_structured_404(api):
    assert_error(api.get("/v1/nothing-here"), 404, "NOT_FOUND", "not_found_error")
    assert_error(api.get("/not-even-v1"), 404, "NOT_FOUND", "not_found_error")


def test_unknown_path_without_key_is_still_404(client):
    assert_error(client.get("/v1/nothing-here"), 404, "NOT_FOUND")


def test_wrong_method_is_405_with_allow_header(api):
    response = api.delete("/v1/health")
    assert_error(response, 405, "METHOD_NOT_ALLOWED", "invalid_request_error")
    assert "GET" in response.headers["Allow"]


def test_malformed_json_is_400(api):
    response = api.post("/v1/channels", data="{not json", content_type="application/json")
    error = assert_error(response, 400, "VALIDATION_ERROR", "validation_error")
    assert error["details"] == [{"field": "body", "message": "Invalid JSON body."}]


@pytest.mark.parametrize("body", ["[]", '"text"', "42", "null"])
def test_json_that_is_not_an_object_is_400(api, body):
    response = api.post("/v1/channels", data=body, content_type="application/json")
    error = assert_error(response, 400, "VALIDATION_ERROR")
    assert error["details"]


def test_unknown_body_field_is_rejected_not_ignored(api):
    response = api.post("/v1/channels", json={"name": "Launch", "colour": "#112233"})
    error = assert_error(response, 400, "VALIDATION_ERROR")
    assert error["details"] == [{"field": "colour", "message": "Unknown field."}]
    assert api.get("/v1/channels").get_json()["meta"]["pagination"]["total"] == 0


def test_unknown_query_parameter_is_rejected(api):
    error = assert_error(api.get("/v1/channels?pgae=2"), 400, "VALIDATION_ERROR")
    assert error["details"][0]["field"] == "pgae"


def test_wrong_content_type_is_415(api):
    response = api.post("/v1/channels", data="name=Launch", content_type="application/x-www-form-urlencoded")
    assert_error(response, 415, "UNSUPPORTED_MEDIA_TYPE", "invalid_request_error")


def test_unexpected_exception_is_500_without_internals(api, monkeypatch):
    def explode(*args, **kwargs):
        raise RuntimeError("SELECT secret FROM internals -- Traceback")

    monkeypatch.setattr(heartbeat, "worker_status", explode)
    response = api.get("/v1/health")
    assert_error(response, 500, "INTERNAL_ERROR", "api_error")
    text = response.get_data(as_text=True)
    assert "SELECT" not in text and "Traceback" not in text and "RuntimeError" not in text


def test_unreachable_database_is_503(settings, data_dir):
    # Nothing listens on port 1: every query fails to connect.
    settings["database"] = {"url": "postgresql://postgres@127.0.0.1:1/none", "auto_migrate": False}
    key = "service_sk_live_abcdefgh_" + "a" * 40
    response = (
        create_app(settings).test_client().get("/v1/health", headers={"Authorization": f"Bearer {key}"})
    )
    assert_error(response, 503, "SERVICE_UNAVAILABLE", "api_error")
    assert "127.0.0.1" not in response.get_data(as_text=True)


def test_request_id_is_echoed_when_sane_and_generated_otherwise(api):
    response = api.get("/v1/health", headers={"X-Request-Id": "client-42.a:b"})
    assert response.headers["X-Request-Id"] == "client-42.a:b"
    response = api.get("/v1/health", headers={"X-Request-Id": "bad id\u00e9<script>"})
    assert re.fullmatch(r"req_[0-9a-f]{24}", response.headers["X-Request-Id"])
    listing = api.get("/v1/channels", headers={"X-Request-Id": "trace-1"})
    assert listing.get_json()["meta"]["request_id"] == "trace-1"
