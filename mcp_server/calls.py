"""A tool call made as the /v1 request it stands for, sent through the Flask app in this
process (its WSGI interface, as gunicorn would call it): authentication, permissions,
tenancy, validation, idempotency, rate limits and usage are the API's own, because the
API answers it.
"""

from dataclasses import dataclass
from urllib.parse import quote

from postline import VERSION

USER_AGENT = f"postline-mcp/{VERSION}"


@dataclass(frozen=True)
class Answer:
    """What the API answered: its status and JSON body."""

    status: int
    body: object

    @property
    def ok(self):
        return 200 <= self.status < 300

    def result(self):
        """The tool's result: the API's body as it is, or its error with the status."""
        if self.ok:
            return self.body
        body = self.body if isinstance(self.body, dict) else {}
        return {"status": self.status, **body}


def call(app, operation, arguments, authorization, remote_addr="127.0.0.1"):
    """Send the request `arguments` make for `operation` with `authorization` (the
    `Authorization` header) through `app`; the Answer. Blocking: run it in a thread."""
    refused = _refused_arguments(operation, arguments)
    if refused:
        return Answer(400, _invalid(refused))
    path = operation.path
    for argument, parameter in operation.path_arguments.items():
        path = path.replace(f"{{{parameter}}}", quote(str(arguments[argument]), safe=""))
    headers = {"Authorization": authorization or "", "User-Agent": USER_AGENT}
    for name, header in operation.header_arguments.items():
        if name in arguments:
            headers[header] = str(arguments[name])
    request = {"method": operation.method, "headers": headers, "query_string": _query(operation, arguments)}
    if operation.takes_body:
        request["json"] = {name: arguments[name] for name in operation.body_arguments if name in arguments}
    client = app.test_client(use_cookies=False)
    response = client.open(path, environ_base={"REMOTE_ADDR": remote_addr}, **request)
    return Answer(response.status_code, response.get_json(silent=True))


def _refused_arguments(operation, arguments):
    """[{field, message}] for arguments the tool does not take or lacks, as the API would say."""
    known = operation.arguments()
    problems = [
        {"field": name, "message": f"Unknown argument; this tool takes: {', '.join(known)}"}
        for name in arguments
        if name not in known
    ]
    for argument in operation.path_arguments:
        if argument not in arguments:
            problems.append({"field": argument, "message": "Missing data for required field."})
        elif not isinstance(arguments[argument], str) or not arguments[argument]:
            problems.append({"field": argument, "message": "Not a valid string."})
    if not isinstance(arguments.get("filter", {}), dict):
        problems.append({"field": "filter", "message": "Not a valid object: {field: {operator: value}}."})
    return problems


def _invalid(details):
    summary = "; ".join(f"{d['field']}: {d['message']}" for d in details)
    return {
        "error": {
            "type": "validation_error",
            "code": "VALIDATION_ERROR",
            "message": f"Invalid request: {summary}",
            "details": details,
        }
    }


def _query(operation, arguments):
    """The query string's pairs: plain parameters, then `filter[field][operator]` ones."""
    pairs = [(name, _text(arguments[name])) for name in operation.query_arguments if name in arguments]
    for field, operators in arguments.get("filter", {}).items():
        if not isinstance(operators, dict):
            pairs.append((f"filter[{field}]", _text(operators)))
            continue
        pairs.extend((f"filter[{field}][{operator}]", _text(value)) for operator, value in operators.items())
    return pairs


def _text(value):
    """A value as the query string carries it: lists comma-separated, booleans lower-case."""
    if isinstance(value, list):
        return ",".join(_text(item) for item in value)
    if isinstance(value, bool):
        return str(value).lower()
    return str(value)
