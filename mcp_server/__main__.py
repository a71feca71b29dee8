"""`python -m mcp_server`: MCP over stdio with the key in POSTLINE_API_KEY, or with
`--http` over streamable HTTP (uvicorn), each request bringing its own key."""

import argparse
import os
import sys

import anyio
import uvicorn

from app import create_app
from mcp_server.auth import check_key
from mcp_server.server import MCP_PATH, build_server, http_app, serve_stdio

KEY_VARIABLE = "POSTLINE_API_KEY"


def parse(argv):
    parser = argparse.ArgumentParser(prog="python -m mcp_server", description=__doc__)
    parser.add_argument("--http", action="store_true", help=f"serve streamable HTTP at {MCP_PATH}")
    parser.add_argument("--host", default="127.0.0.1", help="address (--http; default 127.0.0.1)")
    parser.add_argument("--port", type=int, default=8001, help="port (--http; default 8001)")
    return parser.parse_args(argv)


def main(argv=None):
    options = parse(sys.argv[1:] if argv is None else argv)
    app = create_app()
    if options.http:
        # log_config=None: uvicorn's loggers go through Postline's handler and format.
        uvicorn.run(http_app(app, options.host), host=options.host, port=options.port, log_config=None)
        return 0
    key = os.environ.get(KEY_VARIABLE, "").strip()
    refused = check_key(f"Bearer {key}" if key else "")
    if refused is not None:
        print(f"{KEY_VARIABLE}: {refused.message}", file=sys.stderr)
        return 2
    anyio.run(serve_stdio, build_server(app, lambda ctx: f"Bearer {key}"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
