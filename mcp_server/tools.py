"""The tools: each is one /v1 operation (mcp_server/operations.py reads its arguments
from the OpenAPI document), with what an agent needs to know beyond the operation's own
description."""

from dataclasses import dataclass

from mcp_server.operations import Operation
from postline import platforms

INSTRUCTIONS = """\
Postline schedules social media posts. Each tool is one call to Postline's REST API
(/v1) with the API key this server was given: the key's permissions, account, mode
(live, or test, where a built-in sandbox publishes) and rate limits apply as to any
API client.

A tool answers the API's JSON as it is: {"data": ...}, and for lists also
{"meta": {"pagination": {..., "next_cursor"}}}; pass `next_cursor` as `cursor` (same
sort and filters) for the next page, until it is null. Times are Unix milliseconds.

A failure answers {"status": <HTTP status>, "error": {"type", "code", "message",
"details": [{"field", "message"}], "request_id"}}: `details` name the arguments to
fix (a filter as `filter[field][operator]`). 400 VALIDATION_ERROR: fix the named
fields and call again. 403 INSUFFICIENT_PERMISSIONS: the key lacks the permission
named; a person must grant it. 404 NOT_FOUND: no such id for this key. 409: the
resource's state forbids it now (e.g. POST_NOT_EDITABLE while publishing). 429
RATE_LIMIT_EXCEEDED: wait `retry_after` seconds.

To publish: find a channel (list_channels), then create_post with its id; a post
goes to every platform connection of its channel (list_connections). Watch it with
get_post until `status` is `done` (or `failed`/`blocked`, with `lastError`).
"""

SCHEDULING = (
    "Scheduling: `scheduledFor` as Unix milliseconds or ISO 8601 with Z or an offset "
    "(`2030-01-15T09:00:00Z`), or a local time without one (`2030-01-15T09:00:00`) read in "
    "`timezone` (an IANA name, `Europe/Berlin`)."
)
RETRY_SAFELY = (
    "Pass `idempotencyKey` (a unique string of yours) to retry safely: the same key and "
    "arguments within 24 hours answer the first result again instead of acting twice."
)
PAGES = (
    "Pages: `per_page` up to 100; `meta.pagination.next_cursor` goes in `cursor` for the "
    "next page (null on the last)."
)

# The networks of the platform registry, and how a person connects an account of each:
# through a browser, or (Bluesky) by signing in with an app password through the API.
SIGNING_IN = [
    f"{adapter.name} with its handle and an app password (POST /v1/connections/{name})"
    for name, adapter in platforms.PROVIDERS.items()
    if getattr(adapter, "password_sign_in", False)
]
CONNECTIONS = " ".join(
    [
        f"The platform accounts connected (of {', '.join(a.name for a in platforms.PROVIDERS.values())}), "
        "with their `status` and `channelIds`.",
        "Connecting an account takes a person: through a browser (the console's Connections page)"
        + "".join(f"; {way}" for way in SIGNING_IN)
        + ".",
        "A test-mode key adds simulated connections of any network (POST /v1/connections/sandbox).",
    ]
)


@dataclass(frozen=True)
class Tool:
    name: str
    operation_id: str
    advice: str = ""

    def description(self, operation: Operation):
        """The operation's summary and description, what to know beyond it, and the call it makes."""
        parts = [operation.summary, operation.description, self.advice]
        if "idempotencyKey" in operation.header_arguments:
            parts.append(RETRY_SAFELY)
        needs = f"; needs the key's `{operation.permission}` permission" if operation.permission else ""
        parts.append(f"Calls {operation.method} {operation.path} ({operation.operation_id}){needs}.")
        return "\n\n".join(part.strip() for part in parts if part)


TOOLS = (
    Tool(
        "list_channels",
        "listChannels",
        "A channel groups posts: a post goes to every platform connection of its channel. "
        f"Its `id` is the `channelId` of create_post. {PAGES}",
    ),
    Tool("list_connections", "listConnections", f"{CONNECTIONS} {PAGES}"),
    Tool(
        "create_post",
        "createPost",
        f"{SCHEDULING} Omitted: as soon as possible. `status: draft` holds it.",
    ),
    Tool(
        "update_post",
        "updatePost",
        f"Send only the fields to change. {SCHEDULING} `status: queued` schedules a draft.",
    ),
    Tool("list_posts", "listPosts", PAGES),
    Tool(
        "get_post",
        "getPost",
        "Publishing is done when `status` is `done`; `failed` and `blocked` say why in "
        "`lastError` and in each target's `error`.",
    ),
    Tool("delete_post", "deletePost"),
    Tool(
        "import_media",
        "importMedia",
        "Name the answer's `key` in create_post's `media`.",
    ),
    Tool("get_usage", "getUsage"),
    Tool("list_webhooks", "listWebhooks", f"A webhook's `id` is the `webhookId` of list_deliveries. {PAGES}"),
    Tool(
        "list_deliveries",
        "listWebhookDeliveries",
        f"Find `webhookId` with list_webhooks. {PAGES}",
    ),
)
