"""The MCP server: the tools of mcp_server/tools.py on the official SDK's low-level
`Server`, over stdio (one API key, from the environment) or over streamable HTTP
(each request's own `Authorization: Bearer` key)."""

import json
from functools import partial
from urllib.parse import urlsplit

import anyio
import mcp_types as types
from mcp.server import Server
from mcp.server.stdio import stdio_server
from mcp.server.transport_security import TransportSecuritySettings
from mcp.shared.exceptions import MCPError

from mcp_server import calls
from mcp_server.auth import RequireApiKey
from mcp_server.operations import operations
from mcp_server.tools import INSTRUCTIONS, TOOLS
from postline import VERSION

MCP_PATH = "/mcp"
LOOPBACK_HOSTS = ("127.0.0.1", "localhost", "[::1]")


class Threads:
    """Blocking work (a call through the app, a key check) run off the event loop, at
    most `size` at once: each thread holds a database connection of its own."""

    def __init__(self, size):
        self.size = size
        self._limiter = None

    async def run(self, function, *args):
        if self._limiter is None:  # made in the event loop that uses it
            self._limiter = anyio.CapacityLimiter(self.size)
        return await anyio.to_thread.run_sync(function, *args, limiter=self._limiter)


def build_server(app, authorization, threads=None):
    """The MCP server whose tools call `app`; `authorization(ctx)` is the `Authorization`
    header a tool call is made with. Calls run in `threads` (default `[server] threads`)."""
    threads = threads or Threads(app.config["POSTLINE"]["server"]["threads"])
    spec = app.test_client().get("/openapi.json").get_json()
    known = operations(spec, {tool.operation_id for tool in TOOLS})
    tools = {tool.name: (tool, known[tool.operation_id]) for tool in TOOLS}
    listed = [
        types.Tool(
            name=tool.name,
            description=tool.description(operation),
            input_schema=operation.input_schema,
            annotations=_annotations(operation),
        )
        for tool, operation in tools.values()
    ]

    async def list_tools(ctx, params):
        return types.ListToolsResult(tools=listed)

    async def call_tool(ctx, params):
        if params.name not in tools:
            raise MCPError(types.INVALID_PARAMS, f"Unknown tool: {params.name}")
        _, operation = tools[params.name]
        request = getattr(ctx, "request", None)
        client = getattr(request, "client", None)
        send = partial(
            calls.call,
            app,
            operation,
            params.arguments or {},
            authorization(ctx),
            remote_addr=client.host if client else "127.0.0.1",
        )
        answer = await threads.run(send)
        result = answer.result()
        return types.CallToolResult(
            content=[types.TextContent(text=json.dumps(result))],
            structured_content=result,
            is_error=not answer.ok,
        )

    return Server(
        "postline",
        version=VERSION,
        title="Postline",
        instructions=INSTRUCTIONS,
        on_list_tools=list_tools,
        on_call_tool=call_tool,
    )


def _annotations(operation):
    reads = operation.method == "GET"
    return types.ToolAnnotations(
        read_only_hint=reads,
        destructive_hint=operation.method == "DELETE" if not reads else None,
        idempotent_hint=operation.method in ("GET", "DELETE"),
        open_world_hint=False,
    )


async def serve_stdio(server):
    """Answer MCP over this process's standard input and output until the client leaves."""
    async with stdio_server() as (read_stream, write_stream):
        await server.run(read_stream, write_stream, server.create_initialization_options())


def http_app(app, host="127.0.0.1"):
    """The ASGI app of MCP over streamable HTTP at /mcp, each request authenticated by
    its own API key. Stateless: any process behind a load balancer answers any request."""
    threads = Threads(app.config["POSTLINE"]["server"]["threads"])
    server = build_server(app, _request_authorization, threads)
    streamable = server.streamable_http_app(
        streamable_http_path=MCP_PATH,
        stateless_http=True,
        json_response=True,
        transport_security=_transport_security(app.config["POSTLINE"]["server"]["public_url"]),
        host=host,
    )
    return RequireApiKey(streamable, threads)


def _request_authorization(ctx):
    return ctx.request.headers.get("authorization", "")


def _transport_security(public_url):
    """The SDK's DNS-rebinding check, open to loopback and to `[server] public_url`'s host,
    the name a reverse proxy forwards (docs/deployment.md, The MCP server)."""
    public = urlsplit(public_url)
    hosts = [f"{host}:*" for host in LOOPBACK_HOSTS]
    origins = [f"http://{host}:*" for host in LOOPBACK_HOSTS]
    if public.hostname and public.hostname not in ("127.0.0.1", "localhost"):
        hosts += [public.netloc, f"{public.hostname}:*"]
        origins += [f"{public.scheme}://{public.netloc}"]
    return TransportSecuritySettings(allowed_hosts=hosts, allowed_origins=origins)
