"""The OpenAPI document describes what the API really does, in a form client
generators read well (docs/api.md, The OpenAPI document)."""

import collections
import re
import time
import uuid

import flask
import jsonschema
import pytest
import requests
import schemathesis
from flask.views import MethodView
from hypothesis import HealthCheck, given, settings
from marshmallow import Schema, fields
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

from devtools.fakes.bluesky import FakeBluesky
from models import LIVE, TEST
from postline import platforms
from postline.jobs import heartbeat
from postline.schemas.versions import OPTIONS
from postline.web.api import Api, Blueprint
from postline.web.choices import CLOSED_SETS, PlatformChoice
from postline.webhooks import events
from tests.support import offline_env
from tests.support.client import assert_error, v1_routes


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
    """Each operation declares the error statuses it can answer (docs/api.md, Errors):
    the key's (401, 429), the permission's (403), an id's (404), a query's or body's
    (400), a JSON body's size (413) and a write's body type (415), beside `default`.
    tests/web/test_openapi_answers.py checks real answers against them."""
    spec = client.get("/openapi.json").get_json()
    for method, path, rule in v1_routes(app):
        documented = re.sub(r"(?:[a-z]+_)?missing_(\w+)", r"{\1}", path)
        operation = spec["paths"][documented][method.lower()]
        assert operation["summary"], (method, path)
        responses = operation["responses"]
        assert "default" in responses, (method, path)
        if rule.keyless:
            assert operation["security"] == [], (method, path)  # the OAuth callback
            continue
        expected = {"401", "429"}
        assert operation["x-permission"] == rule.permission, (method, path)
        if rule.permission:
            expected.add("403")
        else:  # any valid key, as the document says in words too
            assert "403" not in responses and "Any valid key may call it." in operation["description"]
        if "{" in documented:
            expected.add("404")
        body = operation.get("requestBody", {}).get("content", {})
        if body or [p for p in operation.get("parameters", []) if p["in"] != "path"]:
            expected.add("400")
        if "application/json" in body:
            expected.add("413")
        if method in ("POST", "PATCH", "DELETE"):
            expected.add("415")
        assert expected <= set(responses), (method, path, expected - set(responses))
        for status in expected:
            answer = resolve(spec, responses[status])
            schema = answer["content"]["application/json"]["schema"]
            assert schema == {"$ref": "#/components/schemas/ErrorResponse"}


# The verbs an operationId may start with, by method (docs/api.md, The OpenAPI document).
VERBS = {
    "get": ("list", "get", "start", "finish"),
    "post": (
        "create",
        "upload",
        "import",
        "add",
        "remove",
        "refresh",
        "verify",
        "send",
        "retry",
        "skip",
        "reflow",
    ),
    "put": ("update",),
    "patch": ("update",),
    "delete": ("delete",),
}


def test_operation_ids_are_a_verb_and_a_resource_in_camel_case(client):
    spec = client.get("/openapi.json").get_json()
    ids = []
    for label, _, operation in operations(spec):
        method = label.split()[0].lower()
        verb, resource = re.fullmatch(r"([a-z]+)((?:[A-Z][a-z0-9]*)+)", operation["operationId"]).groups()
        assert verb in VERBS[method], label
        ok = resolve(spec, operation["responses"].get("200", {}))
        answers_a_list = ok.get("content", {}).get("application/json", {}).get("schema", {}).get("$ref", "")
        if method == "get":
            assert (verb == "list") == answers_a_list.endswith("ListResponse"), label
            assert verb != "list" or resource.endswith(("s", "Days")), label  # a plural
        ids.append(operation["operationId"])
    assert len(ids) == len(set(ids))
    assert {"listPosts", "createPost", "getPost", "updatePost", "deletePost", "createPostBatch"} <= set(ids)
    webhooks = spec["x-webhooks"].values()
    assert all(re.fullmatch(r"receive[A-Z][A-Za-z]+Event", hook["post"]["operationId"]) for hook in webhooks)


def test_error_responses_document_the_one_error_shape(client):
    spec = client.get("/openapi.json").get_json()
    error = spec["components"]["schemas"]["ErrorBody"]["properties"]
    assert set(error) == {"type", "code", "message", "details", "request_id"}
    unauthorized = spec["components"]["responses"]["UNAUTHORIZED"]
    schema = unauthorized["content"]["application/json"]["schema"]
    assert schema == {"$ref": "#/components/schemas/ErrorResponse"}


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
# bodies of these operations are rightly 400 (docs/api.md, Posts), as is a generated
# file, whose header names no known column (docs/imports.md); and some rules
# span two parameters, which OpenAPI cannot state (usage history: from <= to, at most
# 366 days). A generated file is random bytes, which is no image or video, so an
# upload of it is rightly 415; a generated URL names no server that answers with a
# file, so an import of it is rightly 400. Every other check still applies to them;
# tests/posts/, tests/limits/ and tests/media/ cover their valid inputs.
# The test app has no X app configured, so starting an auth is rightly 400
# PROVIDER_NOT_CONFIGURED (tests/connections/ configure a fake X), and a generated
# state was never signed, so the callback rightly answers its 400 page. Bluesky points at
# its fake, which knows no generated handle: a sign-in is rightly 400 naming `handle`.
# Open sets (event types, providers), time zones and RRULEs are strings in the document, so
# that a new value breaks no older client; the server refuses a value it does not know.
VALID_MAY_BE_REFUSED = {
    "GET /v1/connections",
    "GET /v1/webhooks/{webhook_id}/deliveries",
    "POST /v1/webhooks",
    "PATCH /v1/webhooks/{webhook_id}",
    "POST /v1/posts",
    "POST /v1/posts/batch",
    "POST /v1/posts/import",
    "PATCH /v1/posts/batch",
    "PATCH /v1/posts/{post_id}",
    "PUT /v1/channels/{channel_id}/schedule",
    "PATCH /v1/series/{series_id}",
    "GET /v1/usage/history",
    "POST /v1/media/upload",
    "POST /v1/media/import",
    "GET /v1/connections/{provider}/auth",
    "POST /v1/connections/sandbox",
    "GET /v1/connections/{provider}/callback",
    "POST /v1/connections/bluesky",
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


def test_generated_requests_get_documented_answers(gunicorn, worker_process, make_key, request):
    """Schemathesis reads the live /openapi.json of gunicorn and sends valid and invalid
    requests to every operation, with live and test keys; each answer must be a documented
    status and content type with a body matching its documented schema, never a 5xx."""
    # gunicorn and a worker on the test database: the API as deployed, the worker's check 200 too.
    # Neither resolves the generated hostnames of webhook and import URLs: no DNS query leaves.
    bluesky = FakeBluesky()
    request.addfinalizer(bluesky.close)
    live_url = gunicorn(workers=2, **offline_env(), **bluesky.env())
    worker = worker_process(POSTLINE_WORKER_POLL_INTERVAL="0.2", **offline_env(), **bluesky.env())
    deadline = time.monotonic() + 30
    while requests.get(f"{live_url}/healthz?worker=required", timeout=5).status_code != 200:
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
        if case.query:
            # A cursor is the server's own, signed: a generated one is rightly a 400
            # (tests/web/test_cursors.py covers cursors).
            case.query.pop("cursor", None)
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


def resolve(spec, node):
    """`node`, or what its `$ref` points to in `spec`."""
    while isinstance(node, dict) and "$ref" in node:
        target = spec
        for part in node["$ref"].removeprefix("#/").split("/"):
            target = target[part]
        node = target
    return node


def conforms(spec, schema, example):
    """Validate `example` against an OpenAPI `schema` of `spec` ($refs into its components),
    formats (`date-time`, `int64`) included."""
    validator = OAS30Validator(
        {**schema, "components": spec["components"]}, format_checker=OAS30Validator.FORMAT_CHECKER
    )
    validator.validate(example)


SCHEMA_KEYS = ("type", "oneOf", "anyOf", "allOf")


def examples(node, where="#"):
    """(where, schema, example) for every example in the document: of a media type or a
    parameter (beside its `schema`, one `example` or named `examples`), or of a schema
    itself."""
    if isinstance(node, dict):
        if "example" in node and isinstance(node.get("schema"), dict):
            yield where, node["schema"], node["example"]
        elif "example" in node and any(key in node for key in SCHEMA_KEYS):
            yield where, {k: v for k, v in node.items() if k != "example"}, node["example"]
        if isinstance(node.get("examples"), dict) and isinstance(node.get("schema"), dict):
            for name, named in node["examples"].items():
                yield f"{where}/examples/{name}", node["schema"], named["value"]
        for key, value in node.items():
            if key not in ("example", "examples"):
                yield from examples(value, f"{where}/{key}")
    elif isinstance(node, list):
        for index, value in enumerate(node):
            yield from examples(value, f"{where}/{index}")


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
            json_body = body["application/json"]
            # One or the other (OpenAPI: they exclude each other); Swagger UI offers the first.
            assert ("example" in json_body) != ("examples" in json_body), label
            offered = [json_body["example"]] if "example" in json_body else json_body["examples"].values()
            for example in offered:
                conforms(spec, json_body["schema"], example["value"] if "examples" in json_body else example)
        for status, response in operation["responses"].items():
            json_body = (
                response.get("content", {}).get("application/json") if isinstance(response, dict) else None
            )
            if status.startswith("2") and json_body:
                assert "example" in json_body, (label, status)
    for name, schema in spec["components"]["schemas"].items():
        for prop, definition in schema.get("properties", {}).items():
            assert definition.get("description"), f"{name}.{prop}"


def test_every_example_in_the_document_fits_its_schema(client):
    """Request and answer bodies, parameters and schemas' own examples, formats included:
    the batch example's local time is no `date-time`, and its schema does not say it is."""
    spec = client.get("/openapi.json").get_json()
    found = list(examples(spec))
    assert len(found) > 80
    for where, schema, example in found:
        try:
            conforms(spec, schema, example)
        except Exception as error:
            raise AssertionError(f"{where}: {error}") from None
    batch = spec["paths"]["/v1/posts/batch"]["post"]["requestBody"]["content"]["application/json"]
    assert batch["examples"]["scheduled"]["value"]["posts"][1]["scheduledFor"] == "2030-01-15T13:00:00"
    assert "#/components/schemas/PostCreate/properties/evergreen" in {where for where, _, _ in found}


def test_a_format_the_example_does_not_meet_is_caught(client):
    """The check above can fail: a local time is refused where `date-time` is documented."""
    spec = client.get("/openapi.json").get_json()
    created_after = next(
        p for p in spec["paths"]["/v1/posts"]["get"]["parameters"] if p["name"] == "filter[createdAt][gt]"
    )
    conforms(spec, created_after["schema"], "2030-01-15T13:00:00Z")
    with pytest.raises(jsonschema.ValidationError):
        conforms(spec, created_after["schema"], "2030-01-15T13:00:00")


def test_post_create_is_a_plain_object_with_its_rule_in_words(client):
    spec = client.get("/openapi.json").get_json()
    schemas = spec["components"]["schemas"]
    for name in ("PostCreate", "PostUpdate", "PostBatchUpdateItem"):
        schema = schemas[name]
        assert schema["type"] == "object" and not {"anyOf", "oneOf", "allOf"} & set(schema), name
    assert "`content` is required unless `media`" in schemas["PostCreate"]["description"]
    assert schemas["PostCreate"]["required"] == ["channelId"]


def test_time_zones_are_strings_the_server_checks(client, api):
    spec = client.get("/openapi.json").get_json()
    timezone = spec["components"]["schemas"]["PostCreate"]["properties"]["timezone"]
    assert timezone["type"] == "string" and timezone["nullable"] is True and "enum" not in timezone
    assert "IANA" in timezone["description"]
    assert max(len(node["enum"]) for node in enums(spec)) < 20  # no enum of tz names anywhere
    channel = api.post("/v1/channels", json={"name": "Zones"}).get_json()["data"]["id"]
    body = {"channelId": channel, "content": "x", "scheduledFor": "2030-01-15T13:00:00"}
    refused = api.post("/v1/posts", json={**body, "timezone": "Mars/Olympus_Mons"})
    assert refused.status_code == 400
    assert refused.get_json()["error"]["details"] == [
        {"field": "timezone", "message": "is not a known IANA time zone"}
    ]
    assert api.post("/v1/posts", json={**body, "timezone": "Europe/Berlin"}).status_code == 201


def enums(node):
    if isinstance(node, dict):
        if isinstance(node.get("enum"), list):
            yield node
        for value in node.values():
            yield from enums(value)
    elif isinstance(node, list):
        for value in node:
            yield from enums(value)


def test_answers_require_what_they_always_hold_and_say_what_may_be_null(client):
    spec = client.get("/openapi.json").get_json()
    schemas = spec["components"]["schemas"]
    post = schemas["Post"]
    assert set(post["required"]) == set(post["properties"])
    assert "additionalProperties" not in post  # an answer may gain a field
    assert post["properties"]["deliveredAt"]["nullable"] is True
    assert post["properties"]["lastError"]["anyOf"] == [
        {"$ref": "#/components/schemas/Problem"},
        {"type": "object", "nullable": True, "enum": [None]},
    ]
    assert "nullable" not in post["properties"]["createdAt"]
    assert "secret" not in schemas["WebhookWithSecret"]["required"]  # not after a PATCH without rotation
    assert "secret" in schemas["WebhookWithSecret"]["properties"]
    assert "key" in schemas["ApiKeyCreated"]["required"]
    assert set(schemas["ErrorResponse"]["required"]) == {"error"}
    assert set(schemas["ErrorBody"]["required"]) == {"type", "code", "message", "request_id"}
    for name, schema in schemas.items():
        if "properties" in schema and schema.get("additionalProperties") is not False:  # an answer
            assert schema["required"] and set(schema["required"]) <= set(schema["properties"]), name
    # Request bodies still refuse unknown fields.
    assert schemas["PostCreate"]["additionalProperties"] is False
    assert schemas["ChannelCreate"]["additionalProperties"] is False


def test_closed_sets_are_named_enums_and_open_sets_strings(client):
    spec = client.get("/openapi.json").get_json()
    schemas = spec["components"]["schemas"]
    for closed_set in CLOSED_SETS:
        assert schemas[closed_set.name]["enum"] == list(closed_set.values)
    properties = {
        ("Post", "status"): "PostStatus",
        ("PostTarget", "status"): "TargetStatus",
        ("Connection", "status"): "ConnectionStatus",
        ("WebhookDelivery", "status"): "DeliveryStatus",
        ("WebhookDelivery", "trigger"): "DeliveryTrigger",
        ("ApiKey", "mode"): "Mode",
        ("UsageSummary", "mode"): "Mode",
    }
    for (schema, field), enum in properties.items():
        assert schemas[schema]["properties"][field]["allOf"] == [{"$ref": f"#/components/schemas/{enum}"}]
    for schema, field in [
        ("Connection", "provider"),
        ("Connection", "platform"),
        ("PostTarget", "platform"),
        ("WebhookDelivery", "event"),
        ("ErrorBody", "code"),
    ]:
        definition = schemas[schema]["properties"][field]
        assert definition["type"] == "string" and "enum" not in definition, (schema, field)
        assert "known" in definition["description"].lower(), (schema, field)
    events_item = schemas["WebhookCreate"]["properties"]["events"]["items"]
    assert "enum" not in events_item
    connections = {p["name"]: p for p in spec["paths"]["/v1/connections"]["get"]["parameters"]}
    assert connections["filter[provider][eq]"]["schema"]["type"] == "string"
    assert connections["filter[status][eq]"]["schema"] == {"$ref": "#/components/schemas/ConnectionStatus"}


def test_platform_options_are_strings_naming_their_values_the_server_checks(client, api):
    """A platform defines its options' values and may add one (X did, `subscribers`): a
    string whose description names them, not an enum an older client would refuse."""
    schemas = client.get("/openapi.json").get_json()["components"]["schemas"]
    checked = 0
    for options in OPTIONS.values():
        documented = schemas[options.__name__.removesuffix("Schema")]["properties"]
        for name, field in options().fields.items():
            assert "enum" not in documented[name], (options.__name__, name)
            if isinstance(field, PlatformChoice):
                assert documented[name]["type"] == "string"
                assert all(value in documented[name]["description"] for value in field.values), name
                checked += 1
    assert checked >= 7
    channel = api.post("/v1/channels", json={"name": "Options"}).get_json()["data"]["id"]
    body = {"channelId": channel, "content": "x", "platforms": {"x": {"options": {"replySettings": "all"}}}}
    refused = assert_error(api.post("/v1/posts", json=body), 400, "VALIDATION_ERROR")
    assert refused["details"] == [
        {
            "field": "platforms.x.options.replySettings",
            "message": "Must be one of: following, mentionedUsers, subscribers, verified.",
        }
    ]


def test_open_sets_list_every_value_the_registry_knows(client):
    """Every open set's description lists, as known today, each provider, platform and
    event type there is: a network added to the registry is listed everywhere at once."""
    spec = client.get("/openapi.json").get_json()
    registry = {
        "provider": set(platforms.PROVIDERS),
        "platform": set(platforms.PUBLISHERS) - {"sandbox"},
        "event": set(events.TYPES),
    }
    described = [
        (f"{name}.{field}", field.removesuffix("s"), definition)
        for name, schema in spec["components"]["schemas"].items()
        for field, definition in schema.get("properties", {}).items()
        if field.removesuffix("s") in registry
        and "string" in (definition.get("type"), definition.get("items", {}).get("type"))
        and "enum" not in definition  # an event body's own `event`
    ]
    described += [
        (f"{path} {parameter['name']}", "provider", parameter)
        for path, item in spec["paths"].items()
        for operation in [item, *(item[method] for method in item if method != "parameters")]
        for parameter in operation.get("parameters", [])
        if "provider" in parameter["name"]
    ]
    assert len(described) >= 20
    for where, kind, definition in described:
        listed = re.split(r"known today: |from: ", definition["description"])[-1]
        assert registry[kind] <= set(re.findall(r"[\w.]+", listed)), where


def test_filters_are_named_as_sent_with_a_style_generators_handle(client, api):
    spec = client.get("/openapi.json").get_json()
    parameters = {p["name"]: p for p in spec["paths"]["/v1/posts"]["get"]["parameters"]}
    listed = parameters["filter[status][in]"]
    assert listed["in"] == "query" and listed["style"] == "form" and listed["explode"] is False
    assert listed["schema"]["type"] == "array" and listed["schema"]["maxItems"] == 100
    assert listed["schema"]["items"] == {"$ref": "#/components/schemas/PostStatus"}
    assert "filter[channelId][in]" in parameters and "filter[content][contains]" in parameters
    assert parameters["filter[createdAt][gt]"]["schema"] == {"$ref": "#/components/schemas/Instant"}
    assert not [name for name in parameters if name.startswith("filter") and "[" not in name]
    # As documented (a,b) and as a client that repeats the parameter sends it: the same list.
    channel = api.post("/v1/channels", json={"name": "Styles"}).get_json()["data"]["id"]
    for status in ("draft", "queued"):
        api.post("/v1/posts", json={"channelId": channel, "content": status, "status": status})
    comma = api.get("/v1/posts?filter[status][in]=draft,queued").get_json()["data"]
    repeated = api.get("/v1/posts?filter[status][in]=draft&filter[status][in]=queued").get_json()["data"]
    assert len(comma) == 2 and comma == repeated
    one = api.get("/v1/posts?filter[status][in]=draft&filter[status][in]=").get_json()["data"]
    assert [post["content"] for post in one] == ["draft"]


def test_schedule_times_document_the_minimum_the_server_enforces(client, api):
    spec = client.get("/openapi.json").get_json()
    scheduled_for = spec["components"]["schemas"]["PostCreate"]["properties"]["scheduledFor"]
    milliseconds, iso = scheduled_for["oneOf"]
    assert milliseconds["minimum"] == 100_000_000_000 and "format" not in iso
    channel = api.post("/v1/channels", json={"name": "Minimum"}).get_json()["data"]["id"]
    below = api.post("/v1/posts", json={"channelId": channel, "content": "x", "scheduledFor": 99_999_999_999})
    assert below.status_code == 400
    assert below.get_json()["error"]["details"][0]["field"] == "scheduledFor"


def test_webhook_events_are_named_schemas_listed_under_x_webhooks(client):
    spec = client.get("/openapi.json").get_json()
    assert set(spec["x-webhooks"]) == set(events.TYPES)
    for event_type, item in spec["x-webhooks"].items():
        body = item["post"]["requestBody"]["content"]["application/json"]["schema"]
        schema = resolve(spec, body)
        assert set(schema["required"]) == {"id", "event", "data", "timestamp"}
        assert schema["properties"]["event"]["enum"] == [event_type]
        assert resolve(spec, schema["properties"]["data"]["allOf"][0])["required"]


def request_examples(spec, path):
    """{name: body} of the named request examples of POST `path`, in the order /docs offers them."""
    named = spec["paths"][path]["post"]["requestBody"]["content"]["application/json"]["examples"]
    return {name: example["value"] for name, example in named.items()}


def test_try_it_out_with_the_post_example_schedules_a_post(client, api):
    """The example /docs offers first for POST /v1/posts succeeds once the channel id is one's own."""
    spec = client.get("/openapi.json").get_json()
    example = next(iter(request_examples(spec, "/v1/posts").values()))
    assert "queue" not in example and "recurrence" not in example  # works on any channel
    channel = api.post("/v1/channels", json={"name": "Docs"}).get_json()["data"]["id"]
    response = api.post("/v1/posts", json={**example, "channelId": channel})
    assert response.status_code == 201, response.get_data(as_text=True)


def test_the_queue_recurring_and_evergreen_examples_create_what_they_say(client, api):
    """Each named example of POST /v1/posts and the batch, sent with a channel of one's own
    that has a schedule, creates its posts: queued in slots, a series, an evergreen run."""
    spec = client.get("/openapi.json").get_json()
    single, batch = request_examples(spec, "/v1/posts"), request_examples(spec, "/v1/posts/batch")
    assert set(single) == {"scheduled", "queued", "recurring", "evergreen"}
    assert set(batch) == {"scheduled", "queued"}
    channel = api.post("/v1/channels", json={"name": "Docs"}).get_json()["data"]["id"]
    schedule = {"timezone": "Europe/Berlin", "slots": [{"day": "tue", "time": "09:00"}]}
    assert api.request("PUT", f"/v1/channels/{channel}/schedule", json=schedule).status_code == 200
    made = {}
    for name, body in single.items():
        response = api.post("/v1/posts", json={**body, "channelId": channel})
        assert response.status_code == 201, (name, response.get_data(as_text=True))
        made[name] = response.get_json()["data"]
    assert made["queued"]["slot"] == made["queued"]["scheduledFor"] >= 1_894_579_200_000  # 2030-01-14
    assert made["recurring"]["seriesId"].startswith("ser_")
    assert made["evergreen"]["evergreen"]["maxRepeats"] == 5
    for name, body in batch.items():
        posts = [{**item, "channelId": channel} for item in body["posts"]]
        response = api.post("/v1/posts/batch", json={"posts": posts})
        assert response.status_code == 201, (name, response.get_data(as_text=True))
    queued = response.get_json()["data"]
    assert len({post["slot"] for post in queued}) == 3 and None not in {post["slot"] for post in queued}


def test_the_scheduling_fields_of_a_new_post_have_examples(client):
    properties = client.get("/openapi.json").get_json()["components"]["schemas"]["PostCreate"]["properties"]
    for name in ("queue", "queueAfter", "recurrence", "evergreen"):
        assert "example" in properties[name], name


def test_a_views_parameters_are_documented_together_whichever_decorator_adds_them(client):
    """@blp.arguments' query, @idempotent's header and a view's own @blp.doc parameters
    all reach the operation: flask-smorest would keep the last doc's list alone."""
    spec = client.get("/openapi.json").get_json()
    imports = spec["paths"]["/v1/posts/import"]
    assert "parameters" not in imports
    assert {p["name"] for p in imports["post"]["parameters"]} == {"dryRun", "Idempotency-Key"}
    app = flask.Flask("parameters")
    app.config.update(API_TITLE="t", API_VERSION="1", OPENAPI_VERSION="3.0.3")
    api = Api(app)
    blp = Blueprint("things", __name__)

    @blp.route("/things")
    class Things(MethodView):
        @blp.doc(operationId="createThing", parameters=[{"in": "header", "name": "A", "schema": {}}])
        @blp.doc(parameters=[{"in": "header", "name": "B", "schema": {}}])
        @blp.arguments(Schema.from_dict({"dryRun": fields.Boolean()}), location="query")
        @blp.response(200)
        def post(self, query):
            return {}

    api.register_blueprint(blp)
    parameters = api.spec.to_dict()["paths"]["/things"]["post"]["parameters"]
    assert [parameter["name"] for parameter in parameters] == ["dryRun", "B", "A"]
