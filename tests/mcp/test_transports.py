"""The MCP server as its users run it, driven by the SDK's own client: over stdio
(`python3 tasks.py mcp`, the key in POSTLINE_API_KEY) and over streamable HTTP
(`python -m mcp_server --http`, a key in each request's Authorization header)
(docs/mcp.md)."""

import subprocess
import sys

import anyio
import httpx2
import pytest
import requests
from mcp import Client, StdioServerParameters
from mcp.client.streamable_http import streamable_http_client
from mcp.shared.exceptions import MCPError

from devtools.servers import ServerProcess, free_port
from tests.mcp import REQUIRED_TOOLS
from tests.support import ROOT

pytestmark = pytest.mark.processes


async def list_and_create(client, channel):
    """tools/list's names and the post tools/call create_post made: (names, body, is_error)."""
    listed = await client.list_tools()
    made = await client.call_tool("create_post", {"channelId": channel, "content": "Hello from MCP"})
    return {each.name for each in listed.tools}, made.structured_content, made.is_error


@pytest.fixture
def channel(api):
    return api.post("/v1/channels", json={"name": "Agents"}).get_json()["data"]["id"]


def test_stdio_lists_the_tools_and_creates_a_post_the_api_shows(api, server_env, channel):
    env = {**server_env, "POSTLINE_API_KEY": api.key}
    command = StdioServerParameters(command=sys.executable, args=["tasks.py", "mcp"], env=env, cwd=str(ROOT))

    async def session():
        async with Client(command) as client:
            return await list_and_create(client, channel)

    names, body, failed = anyio.run(session)
    assert REQUIRED_TOOLS <= names
    assert not failed, body
    shown = api.get(f"/v1/posts/{body['data']['id']}")
    assert shown.status_code == 200
    assert shown.get_json()["data"]["content"] == "Hello from MCP"


@pytest.mark.parametrize(
    ("key", "said"),
    [("", "No API key given"), ("service_sk_live_abcdefgh_" + "x" * 32, "The API key is invalid")],
)
def test_stdio_without_a_valid_key_says_so_and_stops(app, server_env, key, said):
    done = subprocess.run(
        [sys.executable, "-m", "mcp_server"],
        cwd=ROOT,
        env={**server_env, "POSTLINE_API_KEY": key},
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 2
    assert done.stdout == ""
    assert f"POSTLINE_API_KEY: {said}" in done.stderr


@pytest.fixture
def mcp_http(app, server_env):
    """`python -m mcp_server --http` on a free loopback port: its /mcp URL."""
    port = free_port()
    server = ServerProcess(
        [sys.executable, "-m", "mcp_server", "--http", "--port", str(port)],
        server_env,
        url=f"http://127.0.0.1:{port}",
    )
    try:
        server.wait_until_listening()
        yield f"{server.url}/mcp"
    finally:
        server.stop()


def over_http(url, key, session):
    """Run `session(client)` in an MCP session over streamable HTTP with `key`."""

    async def run():
        headers = {"Authorization": f"Bearer {key}"} if key else {}
        async with httpx2.AsyncClient(headers=headers) as http:
            async with Client(streamable_http_client(url, http_client=http)) as client:
                return await session(client)

    return anyio.run(run)


def test_streamable_http_lists_the_tools_and_acts_with_each_requests_key(mcp_http, api, make_key, channel):
    names, body, failed = over_http(mcp_http, api.key, lambda client: list_and_create(client, channel))
    assert REQUIRED_TOOLS <= names
    assert not failed, body
    assert api.get(f"/v1/posts/{body['data']['id']}").get_json()["data"]["content"] == "Hello from MCP"
    reader = make_key(permissions=["posts:read"])
    _, body, failed = over_http(mcp_http, reader, lambda client: list_and_create(client, channel))
    assert failed
    assert (body["status"], body["error"]["code"]) == (403, "INSUFFICIENT_PERMISSIONS")
    assert api.get("/v1/posts").get_json()["meta"]["pagination"]["total"] == 1


@pytest.mark.parametrize(
    ("authorization", "code", "challenge"),
    [
        (None, "MISSING_API_KEY", "Bearer"),
        ("Bearer service_sk_live_abcdefgh_" + "x" * 32, "INVALID_API_KEY", 'Bearer error="invalid_token"'),
        ("Basic dXNlcjpwYXNz", "INVALID_API_KEY", 'Bearer error="invalid_token"'),
    ],
)
def test_streamable_http_refuses_a_request_without_a_valid_key(mcp_http, authorization, code, challenge):
    initialize = {"jsonrpc": "2.0", "id": 1, "method": "tools/list", "params": {}}
    headers = {"Accept": "application/json, text/event-stream"}
    if authorization:
        headers["Authorization"] = authorization
    response = requests.post(mcp_http, json=initialize, headers=headers, timeout=30)
    assert response.status_code == 401
    assert response.headers["WWW-Authenticate"] == challenge
    assert response.json()["error"]["code"] == code


def test_the_sdk_client_without_a_key_gets_no_session(mcp_http):
    with pytest.raises(BaseExceptionGroup) as refused:
        over_http(mcp_http, None, lambda client: client.list_tools())
    assert refused.group_contains(MCPError, depth=None)
