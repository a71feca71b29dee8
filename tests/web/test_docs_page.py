"""/docs shows examples that work as sent and errors as the API answers them; the
service's icon (routes/docs.py, postline/web/openapi.py)."""

import os
import re
import shutil

import pytest
import requests

from devtools.servers import free_port
from postline.web.openapi import REQUEST_ID
from routes import examples

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
TIMEOUT_MS = 30_000

try:
    from playwright.sync_api import expect, sync_playwright
except ImportError:  # requirements-dev.txt pins it; skipped (failed in CI) without it
    sync_playwright = None


def test_the_icon_is_served_without_a_key_and_cached(client):
    with client.get("/favicon.ico") as icon:
        assert icon.status_code == 200
        assert icon.data.startswith(b"\x00\x00\x01\x00")  # an ICO file
        assert icon.mimetype in ("image/vnd.microsoft.icon", "image/x-icon")
        assert "max-age=86400" in icon.headers["Cache-Control"]
    assert 'rel="icon" href="/favicon.ico"' in client.get("/docs").get_data(as_text=True)


def error_examples(spec):
    """{status: (where, example)} of every error answer the document describes."""
    found = {}
    responses = spec["components"]["responses"]
    for path, item in spec["paths"].items():
        for method, operation in item.items():
            if method == "parameters":
                continue
            for status, response in operation["responses"].items():
                if isinstance(response, dict) and "$ref" in response:
                    response = responses[response["$ref"].rsplit("/", 1)[1]]
                if status[0] not in "45" and status != "default":
                    continue
                content = response.get("content", {}).get("application/json")
                if content is None or content["schema"] != {"$ref": "#/components/schemas/ErrorResponse"}:
                    continue  # a page for a browser (the OAuth callback's), or /healthz's checks
                assert "example" in content, (method, path, status)
                found.setdefault(status, (f"{method.upper()} {path}", content["example"]))
    return found


def test_every_error_answer_has_an_example_in_the_real_shape(client):
    spec = client.get("/openapi.json").get_json()
    found = error_examples(spec)
    assert {"400", "401", "403", "404", "409", "413", "415", "416", "422", "429", "default"} <= set(found)
    for status, (where, example) in found.items():
        error = example["error"]
        assert {"type", "code", "message", "request_id"} <= set(error) <= {*error, "details"}, where
        assert error["code"].isupper() and error["message"] and "string" not in error.values(), where
        assert ("retry_after" in example) == (status == "429"), where
    assert found["400"][1]["error"]["details"] == [{"field": "channelId", "message": "no such channel"}]
    assert found["401"][1]["error"]["code"] == "MISSING_API_KEY"


def test_error_examples_are_what_the_api_answers(client, api, make_key):
    """The examples of 400, 401, 403 and 415 are real answers, but for the request id."""
    spec = client.get("/openapi.json").get_json()
    found = error_examples(spec)
    reader = api.as_key(make_key(permissions=["posts:read"]))
    body = dict(examples.POST_CREATE)
    answers = {
        "400": api.post("/v1/posts", json=body),
        "401": client.get("/v1/posts"),
        "403": reader.post("/v1/posts", json=body),
        "415": api.post("/v1/posts", data="hello", content_type="text/plain"),
    }
    for status, answer in answers.items():
        assert str(answer.status_code) == status
        real = answer.get_json()
        real["error"]["request_id"] = REQUEST_ID
        assert real == found[status][1], status


def test_docs_page_reads_the_document_and_loads_nothing_from_elsewhere(client):
    page = client.get("/docs").get_data(as_text=True)
    assert 'data-spec-url="/openapi.json"' in page
    assert f'data-example-channel="{examples.CHANNEL_ID}"' in page
    assert '<script src="/docs/try-it-out.js">' in page and "http" not in page.lower().replace(
        "http-equiv", ""
    )
    with client.get("/docs/try-it-out.js") as script:
        assert script.status_code == 200 and "requestInterceptor" in script.get_data(as_text=True)
    paths = client.get("/openapi.json").get_json()["paths"]
    assert not [path for path in paths if path.startswith("/docs") or path == "/favicon.ico"]


@pytest.fixture(scope="module")
def chromium():
    if not shutil.which("chromium") or sync_playwright is None:
        message = "BROWSER TESTS NOT RUN: chromium or playwright is missing"
        if os.environ.get("CI") == "true":
            pytest.fail(message, pytrace=False)
        pytest.skip(message)
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        yield browser
        browser.close()


def try_it_out(page, operation_id, key):
    """Authorize with `key`, then send the operation's example from /docs; the status shown."""
    page.goto("/docs")
    page.locator("button.authorize").first.click()
    page.locator(".modal-ux input").first.fill(key)
    page.locator(".modal-ux button.authorize").click()
    page.locator(".modal-ux button.btn-done").click()
    operation = page.locator(f"[id$='-{operation_id}']")
    operation.locator(".opblock-summary").click()
    operation.locator("button.try-out__btn").click()
    operation.locator("button.execute").click()
    status = operation.locator(".live-responses-table tbody .response-col_status").first
    expect(status).to_have_text(re.compile(r"\s*\d{3}"))
    return int(status.inner_text().strip()[:3])


def test_try_it_out_sends_the_post_example_to_your_first_channel(chromium, gunicorn, make_key):
    """On an install whose key sees a channel, POST /v1/posts as the page shows it is a
    201 for that channel; the channel's example itself (POST /v1/channels) works as sent."""
    port = free_port()
    base = f"http://127.0.0.1:{port}"  # the document's server: where "Try it out" sends
    gunicorn(workers=1, port=port, POSTLINE_SERVER_PUBLIC_URL=base)
    key = make_key()
    context = chromium.new_context(base_url=base)
    context.set_default_timeout(TIMEOUT_MS)
    page = context.new_page()
    try:
        assert try_it_out(page, "createChannel", key) == 201
        assert try_it_out(page, "createPost", key) == 201
    finally:
        context.close()
    headers = {"Authorization": f"Bearer {key}"}
    [channel] = requests.get(f"{base}/v1/channels", headers=headers, timeout=10).json()["data"]
    [post] = requests.get(f"{base}/v1/posts", headers=headers, timeout=10).json()["data"]
    assert channel["name"] == examples.CHANNEL_CREATE["name"]
    assert post["channelId"] == channel["id"] and post["content"] == examples.POST_CREATE["content"]
