"""The MCP server's tools (mcp_server/), driven by the SDK's own client in this process:
each tool is its /v1 operation, with the key's permissions, account, mode, idempotency
and rate limits, and answers the API's body or its error (docs/mcp.md)."""

import http.server
import threading
import time

import anyio
import pytest
from mcp import Client
from mcp.shared.exceptions import MCPError

from devtools.client import Api
from devtools.media import image
from mcp_server import build_server
from models import TEST
from postline import platforms
from tests.mcp import REQUIRED_TOOLS


def over_mcp(app, key, *steps):
    """Run `steps` (each `async step(client)`) in one MCP session whose tools use `key`;
    their results, in order."""

    async def session():
        results = []
        async with Client(build_server(app, lambda ctx: f"Bearer {key}")) as client:
            for step in steps:
                results.append(await step(client))
        return results

    return anyio.run(session)


def tool(name, **arguments):
    async def step(client):
        return await client.call_tool(name, arguments)

    return step


def call(app, key, name, **arguments):
    """The result of one tool call: (is_error, structured content)."""
    (result,) = over_mcp(app, key, tool(name, **arguments))
    return result.is_error, result.structured_content


def error_of(app, key, name, **arguments):
    failed, body = call(app, key, name, **arguments)
    assert failed, body
    return body["status"], body["error"]


@pytest.fixture
def key(make_key):
    return make_key()


@pytest.fixture
def channel(api):
    return api.post("/v1/channels", json={"name": "Launch"}).get_json()["data"]["id"]


def test_tools_list_every_tool_with_its_input_schema(app, key):
    (listed,) = over_mcp(app, key, lambda client: client.list_tools())
    tools = {each.name: each for each in listed.tools}
    assert REQUIRED_TOOLS <= set(tools)
    for each in tools.values():
        assert each.input_schema["type"] == "object"
        assert each.input_schema["additionalProperties"] is False
        assert "Calls " in each.description
    create = tools["create_post"].input_schema
    assert create["required"] == ["channelId"]
    assert {"channelId", "content", "scheduledFor", "timezone", "media", "status", "idempotencyKey"} <= set(
        create["properties"]
    )
    assert create["properties"]["timezone"]["type"] == ["string", "null"]
    assert tools["get_post"].input_schema["required"] == ["postId"]
    posts_filter = tools["list_posts"].input_schema["properties"]["filter"]["properties"]
    assert posts_filter["status"]["properties"]["in"]["type"] == "array"
    assert {"page", "per_page", "cursor", "sort"} <= set(tools["list_deliveries"].input_schema["properties"])
    assert tools["list_posts"].annotations.read_only_hint is True
    assert tools["delete_post"].annotations.destructive_hint is True


def test_list_connections_names_every_network_and_how_each_connects(app, key):
    """From the platform registry: every network, and Bluesky's sign-in without a browser."""
    (listed,) = over_mcp(app, key, lambda client: client.list_tools())
    [described] = [each.description for each in listed.tools if each.name == "list_connections"]
    for adapter in platforms.PROVIDERS.values():
        assert adapter.name in described
    assert "Bluesky with its handle and an app password (POST /v1/connections/bluesky)" in described


def test_create_post_schedules_a_post_the_api_then_shows(app, api, key, channel):
    failed, body = call(
        app,
        key,
        "create_post",
        channelId=channel,
        content="Hello from an agent",
        scheduledFor="2030-01-15T09:00:00",
        timezone="Europe/Berlin",
    )
    assert not failed, body
    post = api.get(f"/v1/posts/{body['data']['id']}").get_json()["data"]
    assert post["content"] == "Hello from an agent"
    assert post["scheduledFor"] == 1894694400000  # 08:00 UTC
    assert post["timezone"] == "Europe/Berlin"
    failed, body = call(
        app, key, "create_post", channelId=channel, content="In ms", scheduledFor=1894694400000
    )
    assert not failed and body["data"]["scheduledFor"] == 1894694400000


def test_edit_read_and_delete_a_post(app, api, key, channel):
    post_id = api.post(
        "/v1/posts", json={"channelId": channel, "content": "Draft", "status": "draft"}
    ).get_json()["data"]["id"]
    failed, body = call(app, key, "update_post", postId=post_id, content="Edited")
    assert not failed and body["data"]["content"] == "Edited"
    assert call(app, key, "get_post", postId=post_id)[1]["data"]["content"] == "Edited"
    failed, body = call(app, key, "delete_post", postId=post_id)
    assert not failed and body["data"] == {"id": post_id, "deleted": True}
    assert api.get(f"/v1/posts/{post_id}").status_code == 404


def test_errors_name_the_fields_to_fix(app, key, channel):
    status, error = error_of(app, key, "create_post", content="No channel")
    assert (status, error["code"]) == (400, "VALIDATION_ERROR")
    assert error["details"] == [{"field": "channelId", "message": "Missing data for required field."}]
    assert error["request_id"].startswith("req_")
    status, error = error_of(app, key, "create_post", channelId=channel, content="x", scheduledFor=1894694400)
    assert status == 400 and [d["field"] for d in error["details"]] == ["scheduledFor"]
    status, error = error_of(app, key, "list_posts", filter={"status": {"in": ["published"]}})
    assert status == 400 and [d["field"] for d in error["details"]] == ["filter[status][in]"]
    status, error = error_of(app, key, "get_post", id="post_x")
    assert status == 400
    assert [d["field"] for d in error["details"]] == ["id", "postId"]
    status, error = error_of(app, key, "get_post", postId="post_nothing")
    assert (status, error["code"]) == (404, "NOT_FOUND")


def test_an_unknown_tool_is_a_protocol_error(app, key):
    async def unknown(client):
        with pytest.raises(MCPError, match="Unknown tool: publish_everything"):
            await client.call_tool("publish_everything", {})

    over_mcp(app, key, unknown)


def test_a_key_without_the_permission_is_refused_and_nothing_is_made(app, api, make_key, channel):
    reader = make_key(permissions=["posts:read", "channels:read"])
    status, error = error_of(app, reader, "create_post", channelId=channel, content="Not allowed")
    assert (status, error["code"]) == (403, "INSUFFICIENT_PERMISSIONS")
    assert error["details"] == [{"field": "permission", "message": "requires posts:write"}]
    assert api.get("/v1/posts").get_json()["meta"]["pagination"]["total"] == 0
    assert not call(app, reader, "list_posts")[0]


def test_tools_see_only_their_keys_account_and_mode(app, api, make_key, channel):
    post_id = api.post("/v1/posts", json={"channelId": channel, "content": "Acme's"}).get_json()["data"]["id"]
    for other in (make_key(account="globex"), make_key(mode=TEST)):
        assert error_of(app, other, "get_post", postId=post_id)[0] == 404
        assert call(app, other, "list_posts")[1]["data"] == []
        assert error_of(app, other, "create_post", channelId=channel, content="x")[1]["details"][0][
            "field"
        ] == ("channelId")


def test_an_idempotency_key_makes_a_retry_answer_the_first_post(app, api, key, channel):
    arguments = {"channelId": channel, "content": "Once", "idempotencyKey": "agent-attempt-1"}
    first, again = over_mcp(app, key, tool("create_post", **arguments), tool("create_post", **arguments))
    assert first.structured_content == again.structured_content
    assert api.get("/v1/posts").get_json()["meta"]["pagination"]["total"] == 1
    status, error = error_of(app, key, "create_post", **{**arguments, "content": "Twice"})
    assert (status, error["code"]) == (422, "IDEMPOTENCY_KEY_REUSED")


def test_pages_by_cursor_and_filters(app, api, key, channel):
    made = [
        api.post(
            "/v1/posts", json={"channelId": channel, "content": f"Post {n}", "status": "draft"}
        ).get_json()["data"]["id"]
        for n in range(3)
    ]
    _, first = call(
        app, key, "list_posts", per_page=2, sort="createdAt", filter={"status": {"in": ["draft"]}}
    )
    cursor = first["meta"]["pagination"]["next_cursor"]
    assert cursor
    _, second = call(
        app,
        key,
        "list_posts",
        per_page=2,
        sort="createdAt",
        cursor=cursor,
        filter={"status": {"in": ["draft"]}},
    )
    assert [p["id"] for p in first["data"] + second["data"]] == made
    assert second["meta"]["pagination"]["next_cursor"] is None
    assert call(app, key, "list_posts", filter={"status": {"eq": "queued"}})[1]["data"] == []


def test_channels_connections_usage_webhooks_and_deliveries(app, api, key, channel, dns):
    dns["hooks.example.com"] = ["93.184.216.34"]
    webhook = api.post(
        "/v1/webhooks", json={"url": "https://hooks.example.com/postline", "events": ["post.delivered"]}
    ).get_json()["data"]
    assert api.post(f"/v1/webhooks/{webhook['id']}/test").status_code == 201
    assert [c["id"] for c in call(app, key, "list_channels")[1]["data"]] == [channel]
    assert call(app, key, "list_connections")[1]["data"] == []
    assert [w["id"] for w in call(app, key, "list_webhooks")[1]["data"]] == [webhook["id"]]
    _, deliveries = call(
        app, key, "list_deliveries", webhookId=webhook["id"], filter={"trigger": {"eq": "test"}}
    )
    assert [d["event"] for d in deliveries["data"]] == ["webhook.test"]
    _, usage = call(app, key, "get_usage")
    assert usage["data"]["today"]["requests"] >= 1


def test_import_media_is_checked_as_the_api_checks_it(app, key):
    status, error = error_of(app, key, "import_media", url="http://127.0.0.1/launch.png")
    assert (status, error["code"]) == (400, "VALIDATION_ERROR")
    assert [d["field"] for d in error["details"]] == ["url"]


class TestRateLimits:
    @pytest.fixture
    def settings(self, settings):
        return {
            **settings,
            "limits": {"enabled": True},
            "plans": {"free": {"per_minute": 2, "per_hour": 100, "per_day": 100}},
        }

    @pytest.fixture(autouse=True)
    def steady_clock(self, clock_at):
        """The service's clock stands still, as in tests/limits/test_ratelimit.py: calls
        that crossed a minute's slot boundary found the first two weighed down to one
        and the third admitted."""
        clock_at(int(time.time() * 1000))

    def test_the_keys_rate_limit_applies_to_tools(self, app, make_key):
        key = make_key()
        results = over_mcp(app, key, *[tool("get_usage")] * 3)
        assert [r.is_error for r in results] == [False, False, True]
        refused = results[2].structured_content
        assert (refused["status"], refused["error"]["code"]) == (429, "RATE_LIMIT_EXCEEDED")
        assert refused["retry_after"] > 0
        # Through the API the same key is refused too: one budget, whichever way it is spent.
        assert Api(app.test_client(), key).get("/v1/usage").status_code == 429


class TestImportMedia:
    @pytest.fixture
    def settings(self, settings):
        """Imports may fetch from this test's file server on 127.0.0.1 over http."""
        settings["media"].update(import_allow_http=True, import_allow_private_targets=True, import_timeout=5)
        return settings

    @pytest.fixture
    def picture_url(self):
        picture = image("PNG", (12, 9))

        class Handler(http.server.BaseHTTPRequestHandler):
            def do_GET(self):
                self.send_response(200)
                self.send_header("Content-Length", str(len(picture)))
                self.end_headers()
                self.wfile.write(picture)

            def log_message(self, *args):
                pass

        server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        threading.Thread(target=server.serve_forever, args=(0.05,), daemon=True).start()
        yield f"http://127.0.0.1:{server.server_address[1]}/launch.png"
        server.shutdown()
        server.server_close()

    def test_import_media_keeps_the_file_the_api_then_serves(self, app, api, key, picture_url):
        failed, body = call(app, key, "import_media", url=picture_url)
        assert not failed, body
        media = api.get(f"/v1/media/{body['data']['key']}").get_json()["data"]
        assert (media["contentType"], media["width"], media["height"]) == ("image/png", 12, 9)
