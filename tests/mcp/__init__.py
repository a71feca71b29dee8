"""The MCP server (mcp_server/, docs/mcp.md)."""

# The tools issue 26 asks for; the server may have more.
REQUIRED_TOOLS = {
    "list_channels",
    "list_connections",
    "create_post",
    "update_post",
    "list_posts",
    "get_post",
    "delete_post",
    "import_media",
    "get_usage",
    "list_deliveries",
}
