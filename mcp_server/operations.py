"""The /v1 operations the tools call, read from the OpenAPI document the app serves.

A tool takes exactly what its operation takes, described in the operation's own words:
path parameters (camelCase, `post_id` -> `postId`), query parameters as sent (`page`,
`per_page`, `cursor`, `sort`), the list filters `filter[<field>][<op>]` gathered in one
`filter` object (`{"status": {"in": ["queued"]}}`), the `Idempotency-Key` header as
`idempotencyKey`, and the JSON body's fields at the top level. A field the API adds
appears in its tool without a change here.
"""

import re
from dataclasses import dataclass

METHODS = ("get", "post", "put", "patch", "delete")
FILTER = re.compile(r"^filter\[(\w+)\]\[(\w+)\]$")
# `filter[status]` is `filter[status][eq]` said shorter: the tools take the long form only.
SHORT_FILTER = re.compile(r"^filter\[(\w+)\]$")
HEADER_ARGUMENTS = {"Idempotency-Key": "idempotencyKey"}
# OpenAPI 3.0 words that JSON Schema lacks (`nullable` becomes a "null" type) or that only
# a generator or a page reads. Patterns go too: the server checks every value and names
# the field it refuses, and a pattern in Python's dialect may not compile in a client's.
DROPPED = {"example", "examples", "nullable", "readOnly", "writeOnly", "xml", "externalDocs", "pattern"}
FILTER_HELP = (
    "Filters, combined with AND: {field: {operator: value}}, each sent as "
    "`filter[field][operator]=value` (an error names it so). Timestamps take Unix ms or "
    "ISO 8601 with an offset; `in` takes a list."
)


@dataclass(frozen=True)
class Operation:
    """One /v1 operation as its tool sees it: where each argument goes."""

    operation_id: str
    method: str
    path: str
    summary: str
    description: str
    permission: str  # what the key needs ("posts:write"), or "" for any valid key
    path_arguments: dict  # argument -> path parameter: {"postId": "post_id"}
    query_arguments: tuple
    header_arguments: dict  # argument -> header: {"idempotencyKey": "Idempotency-Key"}
    body_arguments: tuple  # () when the operation takes no JSON body
    takes_body: bool
    input_schema: dict

    def arguments(self):
        return self.input_schema["properties"]


def operations(spec, operation_ids):
    """{operationId: Operation} of the operations named, read from `spec` (the app's
    /openapi.json); ValueError if one is not there."""
    found = {}
    for path, item in spec["paths"].items():
        shared = item.get("parameters", [])
        for method in METHODS:
            operation_id = item.get(method, {}).get("operationId")
            if operation_id in operation_ids:
                found[operation_id] = _operation(spec, method, path, shared, item[method])
    missing = set(operation_ids) - set(found)
    if missing:
        raise ValueError(f"The OpenAPI document has no operation {', '.join(sorted(missing))}")
    return found


def _operation(spec, method, path, shared, operation):
    properties, required, filters = {}, [], {}
    path_arguments, query_arguments, header_arguments = {}, [], {}

    def add(name, schema, is_required):
        if name in properties:
            raise ValueError(f"{operation['operationId']}: two arguments named {name!r}")
        properties[name] = schema
        if is_required:
            required.append(name)

    for parameter in (resolve(spec, p) for p in [*shared, *operation.get("parameters", [])]):
        name, where = parameter["name"], parameter["in"]
        schema = _described(json_schema(spec, parameter.get("schema", {})), parameter.get("description"))
        if where == "path":
            path_arguments[camel(name)] = name
            add(camel(name), schema, True)
        elif where == "query" and FILTER.match(name):
            field, operator = FILTER.match(name).groups()
            filters.setdefault(field, {})[operator] = schema
        elif where == "query" and not SHORT_FILTER.match(name):
            query_arguments.append(name)
            add(name, schema, parameter.get("required", False))
        elif where == "header" and name in HEADER_ARGUMENTS:
            header_arguments[HEADER_ARGUMENTS[name]] = name
            add(HEADER_ARGUMENTS[name], schema, parameter.get("required", False))
    if filters:
        add("filter", filter_schema(filters), False)
    body = _json_body(spec, operation)
    for name, schema in body.get("properties", {}).items():
        add(name, schema, name in body.get("required", ()))
    return Operation(
        operation_id=operation["operationId"],
        method=method.upper(),
        path=path,
        summary=operation.get("summary", ""),
        description=operation.get("description", ""),
        permission=operation.get("x-permission") or "",
        path_arguments=path_arguments,
        query_arguments=tuple(query_arguments),
        header_arguments=header_arguments,
        body_arguments=tuple(body.get("properties", {})),
        takes_body="requestBody" in operation,
        input_schema={
            "type": "object",
            "properties": properties,
            "required": required,
            "additionalProperties": False,
        },
    )


def _json_body(spec, operation):
    """The JSON body's schema, as JSON Schema; {} for an operation without one."""
    if "requestBody" not in operation:
        return {}
    content = resolve(spec, operation["requestBody"])["content"]
    if "application/json" not in content:
        raise ValueError(f"{operation['operationId']} takes no JSON body: no tool can send it")
    return json_schema(spec, content["application/json"]["schema"])


def filter_schema(filters):
    """The `filter` argument: an object per field, a value per operator."""
    return {
        "type": "object",
        "description": FILTER_HELP,
        "properties": {
            field: {"type": "object", "properties": operators, "additionalProperties": False}
            for field, operators in filters.items()
        },
        "additionalProperties": False,
    }


def json_schema(spec, node):
    """An OpenAPI 3.0 schema as JSON Schema: references inlined, `nullable` as a null type."""
    if isinstance(node, list):
        return [json_schema(spec, item) for item in node]
    if not isinstance(node, dict):
        return node
    if "$ref" in node:
        return json_schema(spec, {**resolve(spec, node), **{k: v for k, v in node.items() if k != "$ref"}})
    schema = {}
    for word, value in node.items():
        if word == "properties":
            schema[word] = {name: json_schema(spec, each) for name, each in value.items()}
        elif word not in DROPPED and not word.startswith("x-"):
            schema[word] = json_schema(spec, value)
    return _nullable(schema) if node.get("nullable") else schema


def _nullable(schema):
    if "enum" in schema:
        schema["enum"] = [*schema["enum"], None]
    if isinstance(schema.get("type"), str):
        return {**schema, "type": [schema["type"], "null"]}
    return {"anyOf": [schema, {"type": "null"}]}


def _described(schema, description):
    return {**schema, "description": description} if description else schema


def resolve(spec, node):
    """`node`, or what its `$ref` points to within `spec`."""
    while "$ref" in node:
        target = spec
        for part in node["$ref"].removeprefix("#/").split("/"):
            target = target[part]
        node = target
    return node


def camel(name):
    """`post_id` -> `postId`."""
    first, *rest = name.split("_")
    return first + "".join(part.capitalize() for part in rest)
