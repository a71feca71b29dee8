"""Connections: connect a platform account through the platform's own page (OAuth), or
with a handle and an app password (Bluesky), see each one's status and token expiry,
verify, reconnect or remove it, and add it to or remove it from channels. The views
call what /v1/connections calls.

A Mastodon account is connected on its own instance, which the form asks for: the
instance's page then opens from a link on this page, not by a redirect, since the
page's Content-Security-Policy lets forms send the browser only to addresses known
before the form is shown (form-action), and an instance is any address."""

from urllib.parse import urlsplit

from flask import g, redirect, request, url_for

from models import LIVE, Connection
from postline import platforms
from postline.connections import (
    app_passwords,
    authorization,
    instances,
    provider_settings,
    records,
    redirect_uri,
)
from postline.errors import DomainError
from postline.web import sessions
from routes.console.base import blp, form_errors, not_found_is_404, page, principal, settings
from routes.console.channels import visible_channels

# What the OAuth callback's `code` means, when it sends the browser back with
# `status=error` (postline/connections/authorization.py).
FAILURES = {
    "denied": "You declined at the platform: nothing was connected.",
    "expired": "The platform's page was left open more than 10 minutes: start again.",
    "platform_error": "The platform refused or could not finish the authorization: nothing "
    "was connected. Try again in a moment.",
    "session_mismatch": "This connection was started in another browser session (or before you "
    "signed in again), and only that one may finish it: nothing was connected. Start it again here.",
}
FAILED = "The authorization did not finish: nothing was connected. Start again."


def _providers():
    """[(provider, its name, whether this server has an app there, whether it connects
    with a password instead of an OAuth run)] of every provider."""
    return [
        (
            name,
            adapter.name,
            _signs_in(adapter)
            or instances.per_instance(name)
            or bool(provider_settings(name).get("client_id")),
            _signs_in(adapter),
        )
        for name, adapter in platforms.PROVIDERS.items()
    ]


def _signs_in(adapter):
    """Whether the provider connects with a handle and an app password (Bluesky)."""
    return getattr(adapter, "password_sign_in", False)


def _connections_page(status=200, errors=None, continue_to=None):
    connections = Connection.visible_to(principal()).order_by(Connection.created_at, Connection.id)
    channels = visible_channels()
    # The connect forms answer with a redirect to the platform's page, which the page's
    # Content-Security-Policy (form-action) must allow.
    g.form_targets = [
        _origin(adapter.authorize_url(provider_settings(name), redirect_uri(name), "state", "verifier"))
        for name, adapter in platforms.PROVIDERS.items()
        if provider_settings(name).get("client_id") and not _signs_in(adapter)
    ]
    return page(
        "connections.html",
        status,
        title="Connections",
        connections=records.attach_channel_ids(list(connections)),
        channels=channels,
        channel_names={channel.id: channel.name for channel in channels},
        providers=_providers(),
        password_providers=[name for name, adapter in platforms.PROVIDERS.items() if _signs_in(adapter)],
        # Providers connected on a server the user names (Mastodon): {name: the suggested one}.
        instance_providers={
            name: provider_settings(name).get("instance") or ""
            for name in platforms.PROVIDERS
            if instances.per_instance(name)
        },
        continue_to=continue_to,
        live=principal().mode == LIVE,
        outcome=_outcome(request.args),
        errors=errors or {},
    )


def _outcome(args):
    """What the OAuth callback came back saying: ("connected", connection) or ("error", message)."""
    if args.get("status") == "connected":
        connection = Connection.visible_to(principal()).where(Connection.id == args.get("connection")).first()
        return ("connected", connection) if connection else None
    if args.get("status") == "error":
        return "error", FAILURES.get(args.get("code"), FAILED)
    return None


@blp.app_template_filter("host")
def host(url):
    """The host (and port) of a URL, as the page names a server."""
    return urlsplit(url).netloc


def _origin(url):
    parts = urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}"


def _authorize(provider, channel_id=None, instance=None):
    """Send the browser to the provider's page (an instance's: through a link on this
    page); it comes back to this page."""
    return_to = settings("server")["public_url"].rstrip("/") + url_for("console.connection_list")
    try:
        started = authorization.start(
            principal(),
            provider,
            channel_id,
            return_to,
            console_session=sessions.current().id,
            instance=instance,
        )
    except DomainError as error:
        return _connections_page(400, form_errors(error))
    if instances.per_instance(provider):
        return _connections_page(continue_to=started["url"])
    return redirect(started["url"], 303)


@blp.get("/connections")
def connection_list():
    """List the connections, with what each can do, and the providers to connect."""
    return _connections_page()


@blp.post("/connections")
def connect():
    """Connect an account: off to the provider's page, then back here."""
    return _authorize(
        request.form.get("provider", ""),
        request.form.get("channelId") or None,
        request.form.get("instance") or None,
    )


@blp.post("/connections/<provider>/sign-in")
def connect_with_password(provider):
    """Connect an account with its handle and an app password (Bluesky), then back here."""
    try:
        connection = app_passwords.sign_in(
            principal(),
            provider,
            request.form.get("handle", ""),
            request.form.get("appPassword", ""),
            request.form.get("channelId") or None,
        )
    except DomainError as error:
        return _connections_page(400, form_errors(error))
    return redirect(url_for("console.connection_list", status="connected", connection=connection.id), 303)


@blp.post("/connections/<connection_id>/reconnect")
@not_found_is_404
def reconnect(connection_id):
    """Authorize a connection again (new tokens, same connection)."""
    connection = Connection.get_visible(principal(), connection_id)
    instance = None
    if instances.per_instance(connection.provider):  # on the instance it was connected on
        instance = instances.connection_settings(connection).get("api_base")
    return _authorize(connection.provider, instance=instance)


@blp.post("/connections/<connection_id>/verify")
def verify_connection(connection_id):
    """Ask the platform whether the connection still works."""
    records.verify(principal(), connection_id)
    return redirect(url_for("console.connection_list"))


@blp.post("/connections/<connection_id>/delete")
def delete_connection(connection_id):
    """Remove a connection (its tokens revoked at the platform where it can)."""
    records.delete(principal(), connection_id)
    return redirect(url_for("console.connection_list"))


@blp.post("/connections/<connection_id>/channels")
def add_connection_to_channel(connection_id):
    """Publish a channel's posts to this connection too."""
    try:
        records.add_to_channel(principal(), connection_id, request.form.get("channelId", ""))
    except DomainError as error:
        return _connections_page(400, form_errors(error))
    return redirect(url_for("console.connection_list"))


@blp.post("/connections/<connection_id>/channels/<channel_id>/remove")
def remove_connection_from_channel(connection_id, channel_id):
    """Stop publishing a channel's posts to this connection."""
    records.remove_from_channel(principal(), connection_id, channel_id)
    return redirect(url_for("console.connection_list"))
