"""Postline's MCP server, for AI agents: `python3 tasks.py mcp` (stdio) or
`python -m mcp_server --http` (streamable HTTP). docs/mcp.md says how to use it.

An entry point beside app.py and worker.py: each tool is a /v1 request answered by the
Flask app in this process (mcp_server/calls.py), so that the API's own code checks
and does everything, as for any API client.
"""

from mcp_server.server import build_server, http_app, serve_stdio

__all__ = ["build_server", "http_app", "serve_stdio"]
