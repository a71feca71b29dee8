"""The OpenAPI document describes what the API really does."""

import collections
import re
import time
import uuid

import requests
import schemathesis
from hypothesis import HealthCheck, given, settings
from openapi_schema_validator import OAS30Validator
from openapi_spec_validator import validate
from schemathesis.checks import not_a_server_error
from schemathesis.core.failures import FailureGroup
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    positive_data_acceptance,
    response_schema_conformance,
    status_code_conformance,
)

from models import LIVE, TEST
from postline.jobs import heartbeat
from tests.support import offline_env
from tests.support.client import v1_routes


def test_document_is_valid_openapi(client):
    spec = client.get("/openapi.json").get_json()
    validate(spec)
    assert spec["openapi"] == "3.0.3"
    assert spec["components"]["securitySchemes"]["bearerAuth"] == {
        "type": "http",
        "scheme": "bearer",
        "bearerFormat": "service_sk_<mode>_<prefix>_<secret>",
    }
    assert spec["security"] == [{"bearerAuth": []}]


def test_every_route_is_documented_with_its_errors(app, client):
    spec = client.get("/openapi.json").get_json()
    for method, path, rule in v1_routes(app):
        documented = re.sub(r"missing_(\w+)", r"{\1}", path)
        operation = spec["paths"][documented][method.lower()]
        assert operation["summary"], (method, path)
        responses = operation["responses"]
        assert "default" in responses, (method, path)
        if rule.keyless:
            assert operation["security"] == [], (method, path)  # the OAuth callback
            continue
        assert "401" in responses, (method, path)
        if rule.permission:
            assert "403" in responses and operation["x-permission"] == rule.permission


def test_error_responses_document_the_one_error_shape(client):
    spec = client.get("/openapi.json").get_json()
    error = spec["components"]["schemas"]["ErrorBody"]["properties"]
    assert set(error) == {"type", "code", "message", "details", "request_id"}
    unauthorized = spec["components"]["responses"]["UNAUTHORIZED"]
    assert unauthorized["content"]["application/json"]["schema"] == {"$ref": "#/components/schemas/Error"}


def test_docs_page_is_served_with_local_assets(client):
    page = client.get("/docs")
    assert page.status_code == 200
    html = page.get_data(as_text=True)
    assert "/docs/assets/swagger-ui-bundle.js" in html and "/openapi.json" in html
    assert "cdn" not in html.lower()
    for asset in ("swagger-ui-bundle.js", "swagger-ui.css"):
        with client.get(f"/docs/assets/{asset}") as response:
            assert response.status_code == 200


# Generated channel ids and media keys name nothing the caller owns, so schema-valid
# bodies of these operations are rightly 400 (docs/api.md, Posts); and some rules
# span two parameters, which OpenAPI cannot state (usage history: from <= to, at most
# 366 days). A generated file is random bytes, which is no image or video, so an
# upload of it is rightly 415; a generated URL names no server that answers with a
# file, so an import of it is rightly 400. Every other check still applies to them;
# tests/posts/, tests/limits/ and tests/media/ cover their valid inputs.
# The test app has no X app configured, so starting an auth is rightly 400
# PROVIDER_NOT_CONFIGURED (tests/connections/ configure a fake X), and a generated
# state was never signed, so the callback rightly answers its 400 page.
VALID_MAY_BE_REFUSED = {
    "POST /v1/posts",
    "POST /v1/posts/batch",
    "PATCH /v1/posts/batch",
    "PATCH /v1/posts/{post_id}",
    "GET /v1/usage/history",
    "POST /v1/media/upload",
    "POST /v1/media/import",
    "GET /v1/connections/{provider}/auth",
    "GET /v1/connections/{provider}/callback",
}
# Examples per operation, on each backend: 25 keeps both backends' runs together under
# two minutes on two cores; the required checks run on every one of them.
EXAMPLES = 25
# Run on every example whatever schemathesis enables by default (save the exclusions above).
REQUIRED_CHECKS = [
    not_a_server_error,
    response_schema_conformance,
    status_code_conformance,
    content_type_conformance,
]


def test_generated_requests_get_documented_answers(gunicorn, worker_process, make_key):
    """Schemathesis reads the live /openapi.json of gunicorn and sends valid and invalid
    requests to every operation, with live and test keys; each answer must be a documented
    status and content type with a body matching its documented schema, never a 5xx."""
    # gunicorn and a worker on the test database: the API as deployed, /healthz 200 too.
    # Neither resolves the generated hostnames of webhook and import URLs: no DNS query leaves.
    live_url = gunicorn(workers=2, **offline_env())
    worker = worker_process(POSTLINE_WORKER_POLL_INTERVAL="0.2", **offline_env())
    deadline = time.monotonic() + 30
    while requests.get(f"{live_url}/healthz", timeout=5).status_code != 200:
        assert time.monotonic() < deadline, f"no worker heartbeat within 30 s\n{worker.output()}"
        time.sleep(0.2)
    # One gunicorn process saw the heartbeat; the other may still answer from its reading
    # of "no worker" made less than LastSeen's second ago (postline/jobs/heartbeat.py),
    # and /healthz is among the first operations tried.
    time.sleep(heartbeat.LastSeen().fresh_ms / 1000 + 0.2)
    schema = schemathesis.openapi.from_url(f"{live_url}/openapi.json")
    operations = [result.ok() for result in schema.get_all_operations()]
    assert len(operations) >= 20
    failures, sent = {}, collections.Counter()
    with requests.Session() as session:
        for operation in operations:
            # Keys of its own per operation, so the free plan's 60 requests a minute per
            # key leave every example a real answer rather than a 429.
            keys = {"live": make_key(mode=LIVE), "test": make_key(mode=TEST)}
            try:
                check_operation(operation, live_url, session, keys, sent)
            except (AssertionError, FailureGroup) as failure:
                # Every operation runs; their failures are reported together.
                failures[operation.label] = failure
    requests_sent = sum(sent.values())
    print(f"\nschemathesis: {len(operations)} operations, {requests_sent} requests, {len(failures)} failing")
    report = "\n\n".join(f"{label}:\n{failure!r}" for label, failure in failures.items())
    assert not failures, f"{report}\n\nworker output:\n{worker.output()}"
    assert worker.process.poll() is None, f"the worker exited:\n{worker.output()}"


def check_operation(operation, base_url, session, keys, sent):
    excluded = [positive_data_acceptance] if operation.label in VALID_MAY_BE_REFUSED else []

    @given(case=operation.as_strategy())
    @settings(max_examples=EXAMPLES, deadline=None, database=None, suppress_health_check=list(HealthCheck))
    def conforms(case):
        key = (case.headers or {}).get("Idempotency-Key")
        if key and len(key) <= 255:
            # Reusing one valid key with another body is a 422 by design; give each
            # generated request its own key so the check sees first answers.
            case.headers["Idempotency-Key"] = uuid.uuid4().hex
        mode = "live" if sent[operation.label] % 2 == 0 else "test"
        sent[operation.label] += 1
        headers = {"Authorization": f"Bearer {keys[mode]}"}
        case.call_and_validate(
            base_url=base_url,
            session=session,
            headers=headers,
            additional_checks=REQUIRED_CHECKS,
            excluded_checks=excluded,
        )

    conforms()


def operations(spec):
    for path, item in spec["paths"].items():
        for method, operation in item.items():
            if method != "parameters":
                yield f"{method.upper()} {path}", path, operation


def conforms(spec, schema, example):
    """Validate `example` against an OpenAPI `schema` of `spec` ($refs into its components)."""
    OAS30Validator({**schema, "components": spec["components"]}).validate(example)


def test_every_operation_is_described_with_examples_that_fit_its_schemas(client):
    """What /docs shows: a summary and a description for each operation, a description
    for every parameter and property, and realistic examples that the schemas accept."""
    spec = client.get("/openapi.json").get_json()
    for label, path, operation in operations(spec):
        assert operation.get("summary") and operation.get("description"), label
        parameters = spec["paths"][path].get("parameters", []) + operation.get("parameters", [])
        for parameter in parameters:
            assert parameter.get("description"), (label, parameter["name"])
            if parameter["in"] == "path":
                assert parameter.get("example"), (label, parameter["name"])
        body = operation.get("requestBody", {}).get("content", {})
        if "application/json" in body:
            assert "example" in body["application/json"], label
            conforms(spec, body["application/json"]["schema"], body["application/json"]["example"])
        for status, response in operation["responses"].items():
            json_body = (
                response.get("content", {}).get("application/json") if isinstance(response, dict) else None
            )
            if status.startswith("2") and json_body:
                assert "example" in json_body, (label, status)
                conforms(spec, json_body["schema"], json_body["example"])
    for name, schema in spec["components"]["schemas"].items():
        for prop, definition in schema.get("properties", {}).items():
            assert definition.get("description"), f"{name}.{prop}"


def test_try_it_out_with_the_post_example_schedules_a_post(client, api):
    """The example /docs offers for POST /v1/posts succeeds once the channel id is one's own."""
    spec = client.get("/openapi.json").get_json()
    example = spec["paths"]["/v1/posts"]["post"]["requestBody"]["content"]["application/json"]["example"]
    channel = api.post("/v1/channels", json={"name": "Docs"}).get_json()["data"]["id"]
    response = api.post("/v1/posts", json={**example, "channelId": channel})
    assert response.status_code == 201, response.get_data(as_text=True)
