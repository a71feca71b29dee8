"""Real answers, as the OpenAPI document declares them: a sample of errors of every
status the API gives, and of successes, each answered with a status its operation
declares, only headers it declares, and a body its schema for that status accepts."""

import pytest
from openapi_schema_validator import OAS30Validator

from devtools.media import image, upload
from postline.posts import publishing
from postline.web.api import route_template

# The headers the document describes; an answer carrying one must declare it.
DOCUMENTED_HEADERS = (
    "X-Request-Id",
    "X-RateLimit-Limit",
    "X-RateLimit-Remaining",
    "X-RateLimit-Reset",
    "RateLimit-Policy",
    "RateLimit",
    "Retry-After",
    "Location",
    "Link",
    "Idempotent-Replayed",
    "WWW-Authenticate",
)


@pytest.fixture
def settings(settings):
    """Rate limits on, as deployed: their headers and 429s are part of what is checked."""
    return {**settings, "limits": {"enabled": True, "storage": ""}}


def resolve(spec, node):
    while isinstance(node, dict) and "$ref" in node:
        target = spec
        for part in node["$ref"].removeprefix("#/").split("/"):
            target = target[part]
        node = target
    return node


def declared(app, spec, method, path, response):
    """Check `response` to `method path` against its operation; returns its status."""
    rule, _ = app.url_map.bind("localhost").match(path.split("?")[0], method=method, return_rule=True)
    operation = spec["paths"][route_template(rule.rule)][method.lower()]
    status = str(response.status_code)
    label = f"{method} {path} -> {status}: {response.get_data(as_text=True)[:300]}"
    assert status in operation["responses"], label
    answer = resolve(spec, operation["responses"][status])
    headers = {name.lower() for name in answer.get("headers", {})}
    for name in DOCUMENTED_HEADERS:
        if name in response.headers:
            assert name.lower() in headers, f"{label}: {name} is not declared"
    schema = answer.get("content", {}).get("application/json", {}).get("schema")
    if schema is not None:
        assert response.is_json, label
        validator = OAS30Validator({**schema, "components": spec["components"]})
        validator.validate(response.get_json())
    return response.status_code


def run_publishing():
    while batch := publishing.claim_batch("answers-worker", 60_000, 10):
        publishing.publish_batch(batch, {"retry_delays": [60], "timeout": 5}, 60_000)


def test_real_errors_and_successes_are_answered_as_declared(app, client, api, make_key):
    spec = client.get("/openapi.json").get_json()
    seen = set()

    def check(method, path, response):
        seen.add(declared(app, spec, method, path, response))
        return response

    def call(method, path, caller=api, **kwargs):
        return check(method, path, caller.request(method, path, **kwargs))

    channel = call("POST", "/v1/channels", json={"name": "Answers"}).get_json()["data"]["id"]
    call("GET", "/v1/channels")
    call("GET", f"/v1/channels/{channel}")
    call("GET", "/v1/health")
    # 400: a query, a body, an Idempotency-Key the server refuses.
    call("GET", "/v1/posts?filter[bogus]=1")
    call("POST", "/v1/channels", json={})
    call("POST", "/v1/channels", json={"name": "x"}, headers={"Idempotency-Key": ""})
    call("GET", "/v1/connections/x/auth")  # PROVIDER_NOT_CONFIGURED
    # 401, without a key and with a wrong one.
    check("GET", "/v1/posts", client.get("/v1/posts"))
    check("GET", "/v1/posts", client.get("/v1/posts", headers={"Authorization": "Bearer nope"}))
    # 403: a key without the permission.
    reader = api.as_key(make_key(permissions=["posts:read"]))
    call("POST", "/v1/posts", reader, json={"channelId": channel, "content": "x"})
    # 404: unknown ids, in the path and in a batch.
    call("GET", "/v1/posts/post_01jd3xa0q4w8e2r6t0y4u8i2o6")
    call("DELETE", "/v1/channels/ch_01jd3x8t2k9s7a6b5c4d3e2f1g")
    call("DELETE", "/v1/posts/batch", json={"ids": ["post_01jd3xa0q4w8e2r6t0y4u8i2o6"]})
    call("GET", "/v1/connections/nowhere/auth")
    # 413, 415: too large a body, a body of another type.
    call("POST", "/v1/channels", data="{" + " " * 1_100_000 + "}", content_type="application/json")
    call("POST", "/v1/channels", data="name=x", content_type="text/plain")
    webhook = call(
        "POST", "/v1/webhooks", json={"url": "https://hooks.example.com/a", "events": ["post.created"]}
    )
    call("POST", f"/v1/webhooks/{webhook.get_json()['data']['id']}/test", data="x", content_type="text/plain")
    # 409 and 416 on media; 200 of its content.
    media = check("POST", "/v1/media/upload", upload(api, image("PNG"))).get_json()["data"]["key"]
    call("POST", "/v1/posts", json={"channelId": channel, "media": [media]})
    call("DELETE", f"/v1/media/{media}")
    call("GET", f"/v1/media/{media}/content", headers={"Range": "bytes=999999-"})
    # 200 replay and 422 of an Idempotency-Key.
    body = {"name": "Once"}
    call("POST", "/v1/channels", json=body, headers={"Idempotency-Key": "answers-1"})
    call("POST", "/v1/channels", json=body, headers={"Idempotency-Key": "answers-1"})
    call("POST", "/v1/channels", json={"name": "Twice"}, headers={"Idempotency-Key": "answers-1"})
    # 409: a post that is published.
    tester = api.as_key(make_key(mode="test"))
    sandbox = call("POST", "/v1/channels", tester, json={"name": "Sandbox"}).get_json()["data"]["id"]
    post = call("POST", "/v1/posts", tester, json={"channelId": sandbox, "content": "x"}).get_json()["data"]
    run_publishing()
    assert call("PATCH", f"/v1/posts/{post['id']}", tester, json={"content": "y"}).status_code == 409
    call("PATCH", "/v1/posts/batch", tester, json={"posts": [{"id": post["id"], "content": "y"}]})
    # 429: POST /v1/api-keys allows 5 a minute.
    for number in range(6):
        call("POST", "/v1/api-keys", json={"name": f"key {number}"})
    assert seen >= {200, 201, 400, 401, 403, 404, 409, 413, 415, 416, 422, 429}
