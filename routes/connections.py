"""Connections: platform accounts connected by OAuth, and the channels they publish to."""

import html

from flask import g, redirect, request
from flask.views import MethodView
from marshmallow import Schema

from models import Connection
from postline import platforms
from postline.connections import app_passwords, authorization, boards, records, simulated
from postline.web import cursors, sessions
from postline.web.api import Blueprint, keyless, requires
from postline.web.choices import CONNECTION_STATUS
from postline.web.envelopes import (
    DeletedSchema,
    created,
    deleted,
    envelope,
    list_body,
    list_envelope,
    single,
)
from postline.web.idempotency import idempotent
from postline.web.listing import (
    TIMESTAMP_OPERATORS,
    Filter,
    Listing,
    items_page,
    links_next_page,
    page_fields,
    scope,
)
from postline.web.openapi import answers
from routes import examples
from schemas import (
    AuthQuerySchema,
    AuthStartSchema,
    BlueskySignInSchema,
    BoardSchema,
    ConnectionChannelSchema,
    ConnectionSchema,
    SimulatedConnectionCreateSchema,
)

blp = Blueprint(
    "connections",
    __name__,
    url_prefix="/v1/connections",
    description="Platform accounts connected by OAuth, and the channels they publish to.",
)

LISTING = Listing(
    "Connection",
    Connection,
    filters=[
        Filter("provider", Connection.provider, ("eq", "in"), choices=tuple(platforms.PROVIDERS)),
        Filter("status", Connection.status, ("eq", "ne", "in"), choices=CONNECTION_STATUS),
        Filter("createdAt", Connection.created_at, TIMESTAMP_OPERATORS, kind="timestamp"),
    ],
    sorts={"createdAt": Connection.created_at, "status": Connection.status},
)
BOARDS_QUERY = Schema.from_dict(page_fields(), name="BoardsQuery")
HTML = "text/html"
REDIRECT = {
    "description": "To `returnTo`, with `connection`, `status=connected`, `account` (the Postline "
    "account's name), `provider`, `count` (of connections joined) and, once per connection in the "
    "order of `connection` (the first 20), `platform`, `accountId` and `username` (the platform "
    "account; empty when it has none), or `status=error&code=...`"
}
# The callback's pages: never framed (a page saying "connected" inside another site's
# frame could be made to say anything around it), never cached, loading nothing.
PAGE_HEADERS = {
    "Content-Type": "text/html; charset=utf-8",
    "Cache-Control": "no-store",
    "X-Frame-Options": "DENY",
    "Content-Security-Policy": "default-src 'none'; frame-ancestors 'none'",
}


@blp.route("")
class Connections(MethodView):
    @blp.doc(operationId="listConnections")
    @requires("connections:read")
    @blp.arguments(LISTING.query_schema, location="query")
    @blp.response(200, list_envelope(ConnectionSchema), example=examples.page(examples.CONNECTION))
    @links_next_page
    def get(self, args):
        """List connections

        Newest first by default; filter by `provider`, `status` or `createdAt`. Tokens
        are never shown.
        """
        page = LISTING.page(scope(g.api_key), args, g.request_id)
        records.attach_channel_ids(page["data"])
        return page


@blp.route("/sandbox")
class SimulatedConnections(MethodView):
    @blp.doc(operationId="createSimulatedConnection")
    @requires("connections:write")
    @idempotent(envelope(ConnectionSchema), examples.data(examples.SIMULATED_CONNECTION))
    @blp.arguments(SimulatedConnectionCreateSchema, example=examples.SIMULATED_CONNECTION_CREATE)
    @blp.response(201, envelope(ConnectionSchema), example=examples.data(examples.SIMULATED_CONNECTION))
    def post(self, fields):
        """Add a simulated connection (test mode)

        A test-mode key may give a test channel a connection of any network without an
        account: posts to the channel are checked against that network's limits, threads,
        comments and options exactly as a real connection's, and the sandbox publishes
        them with ids and urls shaped like the network's. A live key gets a 403 naming
        `mode`.
        """
        connection = simulated.create(
            g.api_key, fields["platform"], fields["channel_id"], fields.get("username")
        )
        body = single(records.attach_channel_ids([connection])[0])
        return created(body, "connections.ConnectionById", connection_id=connection.id)


@blp.route("/bluesky")
class BlueskySignIn(MethodView):
    @blp.doc(operationId="createBlueskyConnection", **answers(400))
    @requires("connections:write")
    @blp.arguments(BlueskySignInSchema, example=examples.BLUESKY_SIGN_IN)
    @blp.response(201, envelope(ConnectionSchema), example=examples.data(examples.BLUESKY_CONNECTION))
    def post(self, fields):
        """Connect a Bluesky account

        Bluesky connects without a browser: Postline signs in with the handle and an app
        password (made in Bluesky's settings, never the account's own password), finds
        the account's server from its DID, and keeps the session, refreshed by the
        worker. Signing in again with the same account updates its connection (same
        id), so a retry is safe. A handle Bluesky does not know, or one whose DID does
        not name it back, is a 400 naming `handle`; a refused app password a 400 naming
        `appPassword`; neither creates anything. 503 `PLATFORM_UNAVAILABLE` when Bluesky
        cannot answer now.
        """
        connection = app_passwords.sign_in(
            g.api_key, "bluesky", fields["handle"], fields["app_password"], fields.get("channel_id")
        )
        body = single(records.attach_channel_ids([connection])[0])
        return created(body, "connections.ConnectionById", connection_id=connection.id)


@blp.route("/<connection_id>")
class ConnectionById(MethodView):
    @blp.doc(operationId="getConnection")
    @requires("connections:read")
    @blp.response(200, envelope(ConnectionSchema), example=examples.data(examples.CONNECTION))
    def get(self, connection_id):
        """Retrieve a connection

        Another account's connection, or the other mode's, is a 404 like one that never existed.
        """
        return single(Connection.get_visible(g.api_key, connection_id))

    @blp.doc(operationId="deleteConnection")
    @requires("connections:write")
    @blp.response(200, envelope(DeletedSchema), example=examples.deleted(examples.CONNECTION_ID))
    def delete(self, connection_id):
        """Delete a connection

        Asks the platform to revoke its tokens (best effort) and removes it from every
        channel. Posts that were to go to it end blocked `CONNECTION_EXPIRED`.
        """
        records.delete(g.api_key, connection_id)
        return deleted(connection_id)


@blp.route("/<connection_id>/add-to-channel")
class AddToChannel(MethodView):
    @blp.doc(operationId="addConnectionToChannel")
    @requires("connections:write")
    @blp.arguments(ConnectionChannelSchema, example={"channelId": examples.CHANNEL_ID})
    @blp.response(200, envelope(ConnectionSchema), example=examples.data(examples.CONNECTION))
    def post(self, fields, connection_id):
        """Add a connection to a channel

        The channel's posts are then published to it too. Adding it again changes nothing.
        """
        return single(records.add_to_channel(g.api_key, connection_id, fields["channel_id"]))


@blp.route("/<connection_id>/remove-from-channel")
class RemoveFromChannel(MethodView):
    @blp.doc(operationId="removeConnectionFromChannel")
    @requires("connections:write")
    @blp.arguments(ConnectionChannelSchema, example={"channelId": examples.CHANNEL_ID})
    @blp.response(
        200, envelope(ConnectionSchema), example=examples.data({**examples.CONNECTION, "channelIds": []})
    )
    def post(self, fields, connection_id):
        """Remove a connection from a channel

        Posts already being published keep the targets they have. Removing it again changes nothing.
        """
        return single(records.remove_from_channel(g.api_key, connection_id, fields["channel_id"]))


@blp.route("/<connection_id>/refresh")
class Refresh(MethodView):
    @blp.doc(operationId="refreshConnection", **answers(400))
    @requires("connections:write")
    @blp.response(200, envelope(ConnectionSchema), example=examples.data(examples.CONNECTION))
    def post(self, connection_id):
        """Refresh a connection's token now

        The worker does this on its own before tokens expire. A definite refusal by the
        platform answers the connection `expired`; a platform that cannot answer now is
        503 `PLATFORM_UNAVAILABLE` (the connection stays as it was). 400
        `REFRESH_NOT_SUPPORTED` where the platform has no refresh.
        """
        return single(records.refresh(g.api_key, connection_id))


@blp.route("/<connection_id>/verify")
class Verify(MethodView):
    @blp.doc(operationId="verifyConnection")
    @requires("connections:write")
    @blp.response(200, envelope(ConnectionSchema), example=examples.data(examples.CONNECTION))
    def post(self, connection_id):
        """Verify a connection with its platform

        Reads the account's profile: `active` (and fresh profile fields) if the platform
        knows the token. A refused access token is refreshed first, as publishing does:
        `expired` (and a `connection.expired` event) only when the platform refuses the
        refresh; a refresh that fails for now leaves the status as it was, with
        `lastError`. `error` with `lastError` if the profile cannot be read now.
        """
        return single(records.verify(g.api_key, connection_id))


@blp.route("/<connection_id>/boards")
class Boards(MethodView):
    @blp.doc(operationId="listConnectionBoards", **answers(400))
    @requires("connections:read")
    @blp.arguments(BOARDS_QUERY, location="query")
    @blp.response(200, list_envelope(BoardSchema), example=examples.page(examples.BOARD))
    @links_next_page
    def get(self, args, connection_id):
        """List a connection's boards

        The boards a Pinterest connection may pin to, read from Pinterest now, every
        one at each request, and paged here: oldest first (by id), so that pages by
        cursor hold still while boards are made or removed. A post to the account names
        one as `platforms.pinterest.options.boardId`. A connection of another platform,
        or one expired or revoked, is a 400 naming `id`; 503 `PLATFORM_UNAVAILABLE` when
        Pinterest cannot answer now.
        """
        found = boards.listed(g.api_key, connection_id)
        made_for = cursors.fingerprint("boards", scope(g.api_key), connection_id)
        return items_page(found, boards.place, args, made_for, g.request_id)


@blp.route("/verify-channel/<channel_id>")
class VerifyChannel(MethodView):
    @blp.doc(operationId="verifyChannelConnections")
    @requires("connections:write")
    @blp.response(200, list_envelope(ConnectionSchema), example=examples.page(examples.CONNECTION))
    def post(self, channel_id):
        """Verify every connection of a channel

        Each as `POST /v1/connections/{id}/verify` does; answers them all, on one page.
        """
        found = records.attach_channel_ids(records.verify_channel(g.api_key, channel_id))
        return list_body(found, 1, max(len(found), 1), len(found), g.request_id)


@blp.route("/<provider>/auth")
class Authorize(MethodView):
    @blp.doc(operationId="startConnectionAuthorization", **answers(400))
    @requires("connections:write")
    @blp.arguments(AuthQuerySchema, location="query")
    @blp.response(200, envelope(AuthStartSchema), example=examples.data(examples.AUTH_START))
    @blp.alt_response(302, description="To the platform's page (`redirect=1`)", success=True)
    def get(self, args, provider):
        """Start connecting an account

        Answers the platform's page to open in a browser (or a 302 to it with
        `redirect=1`); the user approves there and comes back through the callback.
        Live keys only (403 in test mode); 400 `PROVIDER_NOT_CONFIGURED` when the server
        has no app for the provider. Mastodon needs no app on the server: `instance` names
        the server the account is on, where Postline registers its app the first time
        (400 naming `instance` when it is no Mastodon server Postline may call, 503 when it
        cannot answer now). The state expires in 10 minutes and works once.
        """
        # Started by a console session (the deprecated /api): that browser session alone finishes it.
        session = sessions.current() if g.get("legacy") else None
        started = authorization.start(
            g.api_key,
            provider,
            args.get("channel_id"),
            args.get("return_to"),
            console_session=session.id if session else None,
            instance=args.get("instance"),
        )
        if args["redirect"]:
            return redirect(started["url"], 302)
        return single(started)


@blp.route("/<provider>/callback")
class Callback(MethodView):
    @blp.doc(operationId="finishConnectionAuthorization")
    @keyless()
    @blp.doc(
        parameters=[
            {
                "in": "query",
                "name": "state",
                "required": True,
                "schema": {"type": "string"},
                "description": "The signed state",
            },
            {
                "in": "query",
                "name": "code",
                "schema": {"type": "string"},
                "description": "The platform's code",
            },
            {
                "in": "query",
                "name": "error",
                "schema": {"type": "string"},
                "description": "The platform's error, when the user declined",
            },
        ],
        responses={
            "200": {"description": "A page saying the account is connected", "content": {HTML: {}}},
            "302": REDIRECT,
            "400": {"description": "A page saying the authorization failed", "content": {HTML: {}}},
        },
    )
    def get(self, provider):
        """Finish connecting an account (the platform's redirect)

        The one route without an API key: the signed, single-use `state` names the
        authorization. Creates or updates the connection (a reconnect keeps its id) and
        adds it to the channel given at the start. Redirects to `returnTo` (naming the
        connection, the Postline account that received it and the platform account
        joined), or shows a small page saying which platform account is now connected
        to which Postline account. A failed authorization creates nothing; one started
        in the console is refused (`session_mismatch`) in any browser session but the
        one that started it.
        """
        session = sessions.current()
        try:
            connected = authorization.finish(provider, request.args, session.id if session else None)
        except authorization.AuthFailed as failure:
            if failure.return_to:
                return redirect(
                    authorization.redirect_to(failure.return_to, status="error", code=failure.code)
                )
            return _page("Connection failed", failure.message, 400)
        if connected.return_to:
            return redirect(connected.redirect())
        return _page("Connected", _connected_text(provider, connected), 200)


def _connected_text(provider, connected):
    """What the page says: "@handle on X is now connected to Postline account «acme»
    (live).", the platform's names cut (authorization.bounded)."""
    names = ", ".join(
        authorization.bounded(f"@{c.username}" if c.username else c.display_name or c.platform_account_id)
        for c in connected.connections
    )
    verb = "is" if len(connected.connections) == 1 else "are"
    return (
        f"{names} on {platforms.provider(provider).name} {verb} now connected to Postline account "
        f"«{connected.account_name}» ({connected.mode}). You can close this page."
    )


def _page(title, message, status):
    body = (
        f"<!doctype html><html><head><meta charset='utf-8'><title>{html.escape(title)}</title></head>"
        f"<body><h1>{html.escape(title)}</h1><p>{html.escape(message)}</p></body></html>"
    )
    return body, status, PAGE_HEADERS
