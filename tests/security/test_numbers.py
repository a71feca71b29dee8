"""A number too large for a field is refused naming that field, in every request schema
(docs/api-notes.md: Request bodies)."""

import json
import re

import pytest

from tests.support.client import assert_error

# Numbers out of range for a column: each backend refuses them its own way.
pytestmark = pytest.mark.storage

HUGE = 10**30


def integer_inputs(spec):
    """(method, path, where, field) for every input of the OpenAPI document that takes a
    number: body fields (`posts[0].scheduledFor`) and query parameters."""
    schemas = spec["components"]["schemas"]

    def numeric_fields(schema, prefix=""):
        if "$ref" in schema:
            schema = schemas[schema["$ref"].rsplit("/", 1)[1]]
        for name, field in schema.get("properties", {}).items():
            items = field.get("items", {})
            if field.get("type") == "array" and ("$ref" in items or "properties" in items):
                yield from numeric_fields(items, f"{prefix}{name}[0].")
            elif "integer" in json.dumps(field) or "number" in json.dumps(field):
                yield prefix + name

    for path, operations in spec["paths"].items():
        for method, operation in operations.items():
            if not isinstance(operation, dict):
                continue
            for content in operation.get("requestBody", {}).get("content", {}).values():
                for field in numeric_fields(content["schema"]):
                    yield method.upper(), path, "body", field
            for parameter in operation.get("parameters", []):
                if parameter["in"] == "query" and "integer" in json.dumps(parameter):
                    yield method.upper(), path, "query", parameter["name"]


def nested(field, value):
    """The JSON body that holds `value` at `field` (`posts[0].scheduledFor`)."""
    head, _, rest = field.partition(".")
    if head.endswith("[0]"):
        return {head[:-3]: [nested(rest, value)]}
    return {head: nested(rest, value)} if rest else {head: value}


def test_every_numeric_input_names_itself_when_out_of_range(app, api):
    spec = api.get("/openapi.json").get_json()
    inputs = list(integer_inputs(spec))
    # The ones a reviewer knows by name must be among those found.
    found = {(method, path, field) for method, path, _, field in inputs}
    assert ("POST", "/v1/api-keys", "expiresIn") in found
    assert ("PATCH", "/v1/posts/batch", "posts[0].scheduledFor") in found
    # A path's ids carry their kind's prefix (`post_...`), as its parameter's pattern says.
    id_prefixes = {
        parameter["name"]: re.match(r"\^([a-z_]*)", parameter["schema"].get("pattern", "^")).group(1)
        for operations in spec["paths"].values()
        for parameter in operations.get("parameters", [])
        if parameter["in"] == "path"
    }
    for method, path, where, field in inputs:
        path = re.sub(r"\{(\w+)\}", lambda m: f"{id_prefixes[m.group(1)]}missing", path)
        if where == "body":
            response = api.request(method, path, json=nested(field, HUGE))
        else:
            response = api.request(method, path, query_string={field: str(HUGE)})
        error = assert_error(response, 400, "VALIDATION_ERROR")
        assert error["details"][0]["field"] == field, (method, path, error)


@pytest.mark.parametrize(
    "body, field",
    [
        ('{"name": "ci", "expiresIn": 1000000000000000000000000000000}', "expiresIn"),
        ('{"name": "ci", "expiresIn": -1000000000000000000000000000000}', "expiresIn"),
        ('{"name": "ci", "expiresIn": 1e400}', "expiresIn"),
        ('{"name": "ci", "expiresIn": NaN}', "expiresIn"),
        ('{"name": "ci", "expiresIn": ' + "9" * 5000 + "}", "expiresIn"),
        ('{"name": "ci", "permissions": [9007199254740992]}', "permissions[0]"),
    ],
)
def test_an_unrepresentable_number_names_its_field(api, body, field):
    response = api.post("/v1/api-keys", data=body, content_type="application/json")
    error = assert_error(response, 400, "VALIDATION_ERROR")
    [detail] = error["details"]
    assert detail["field"] == field
    assert "between" in detail["message"] or "not a JSON number" in detail["message"]
