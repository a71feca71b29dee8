"""Connecting an account: an OAuth run from `GET /v1/connections/{provider}/auth` to
the provider's callback (docs/api-notes.md: Connections).

The `state` handed to the provider is `<nonce>.<signature>`: the signature (a keyed
hash under the server secret) refuses forged states before any database work; the
nonce names an OAuthState row holding what the run is bound to (account, mode,
channel, returnTo, the PKCE verifier, and the console session that started it, if
one did). The callback deletes that row in the same statement that reads it, so a
state works once, even for two callbacks at the same instant.

A run started in the console finishes only in that browser session: opened in another
(someone else's browser, signed in to another account or not at all), it would connect
that person's platform account into the account that started it. A run started
through the API is bound to no browser (the contract's callback); its page and
redirect name the Postline account that received the connection, and the platform
account joined to it, instead (docs/connections.md, How an OAuth run is bound).
"""

import hmac
import secrets
from dataclasses import dataclass
from urllib.parse import urlencode, urlsplit, urlunsplit

from models import LIVE, Channel, ChannelConnection, Connection, OAuthState
from postline import clock, db, platforms
from postline.connections import instances, settings, story, tokens
from postline.errors import Forbidden, Invalid, NotFound
from postline.keyring import keyring
from postline.statuses import ConnectionStatus

STATE_TTL_MS = 10 * 60 * 1000
# The callback's `error` values that mean the user declined (OAuth's, and LinkedIn's).
DENIALS = ("access_denied", "user_cancelled_authorize", "user_cancelled_login")
# The most characters of a platform's own text (an error description, a username) a
# page shows.
PLATFORM_TEXT_LIMIT = 200


class AuthFailed(Exception):
    """An OAuth run that created nothing: `code` for the redirect, `message` for people;
    `return_to` where to send the browser (None: show an error page)."""

    def __init__(self, code, message, return_to=None):
        super().__init__(message)
        self.code = code
        self.message = message
        self.return_to = return_to


# The most connections a redirect to `returnTo` names one by one (`count` says how many
# the run joined): Meta joins one per Page and per Instagram account, and a hundred
# would pass the request-line limit of the server behind `returnTo` (8 KB in nginx).
REDIRECT_NAMES = 20


@dataclass(frozen=True)
class Connected:
    """A finished OAuth run: the connections it created or updated, where to send the
    browser (None: show a page), and the Postline account (its name) and mode that
    received them."""

    connections: list
    return_to: str | None
    account_name: str
    mode: str

    def redirect(self):
        """`return_to`, its query naming the Postline account and the platform accounts
        joined: `connection`, `platform`, `accountId` and `username` (empty where the
        platform gives none) once per connection in the same order, for the first
        REDIRECT_NAMES of them; `count` of them in all (docs/connections.md)."""
        named = self.connections[:REDIRECT_NAMES]
        return redirect_to(
            self.return_to,
            connection=[connection.id for connection in named],
            status="connected",
            account=self.account_name,
            provider=self.connections[0].provider,
            count=len(self.connections),
            platform=[connection.platform for connection in named],
            accountId=[connection.platform_account_id for connection in named],
            username=[bounded(connection.username or "") for connection in named],
        )


def start(key, provider, channel_id=None, return_to=None, console_session=None, instance=None):
    """Begin an OAuth run: {url, state, expires_at}. `console_session`: the id of the
    console session starting it, the only one that may finish it (None: an API run);
    `instance`: the server the account is on, for a provider with an app per server
    (Mastodon; postline/connections/instances.py). Checked in this order: an unknown
    provider (404), one that connects with a password instead (400), a test-mode key
    (403), an unconfigured provider (400), then the channel, returnTo and instance
    (400); then the instance's app is registered if it has none (400 naming
    `instance`, or 503)."""
    adapter, provider_settings, server = _checked(key, provider, channel_id, return_to, instance)
    if server is not None:
        provider_settings = instances.app_settings(provider, server)
    now = clock.now_ms()
    nonce = secrets.token_urlsafe(24)
    verifier = secrets.token_urlsafe(64)  # 86 characters: PKCE asks for 43 to 128
    OAuthState.create(
        id=nonce,
        account=key.account_id,
        mode=key.mode,
        provider=provider,
        channel_id=channel_id,
        return_to=return_to,
        code_verifier=keyring.encrypt(verifier),
        console_session=console_session,
        instance=server.host if server is not None else None,
        expires_at=now + STATE_TTL_MS,
    )
    state = f"{nonce}.{keyring.oauth_state_signature(nonce)}"
    url = adapter.authorize_url(provider_settings, settings.redirect_uri(provider), state, verifier)
    story.authorization_started(key, provider, channel_id)
    return {"url": url, "state": state, "expires_at": now + STATE_TTL_MS}


def _checked(key, provider, channel_id, return_to, instance):
    """What start() needs once the run may begin: (adapter, provider settings, the
    instance's server or None), in the order its docstring gives, or the refusal."""
    adapter = platforms.provider(provider)
    if adapter is None:
        raise NotFound(f"No provider named {provider!r}.")
    if getattr(adapter, "password_sign_in", False):
        said = f"{adapter.name} connects with a handle and an app password: POST /v1/connections/{provider}"
        raise Invalid.field("provider", said)
    if key.mode != LIVE:
        raise Forbidden(
            "Test-mode keys have no connections: test mode never calls a platform.",
            field="mode",
            detail="connections need a live key",
        )
    provider_settings = settings.provider_settings(provider)
    if not provider_settings.get("client_id") and not instances.per_instance(provider):
        raise Invalid.field(
            "provider",
            f"[{provider}] client_id is not set on this server",
            code="PROVIDER_NOT_CONFIGURED",
        )
    problems = []
    if channel_id is not None and Channel.visible_to(key).where(Channel.id == channel_id).first() is None:
        problems.append({"field": "channelId", "message": "No such channel."})
    if return_to is not None and not settings.return_allowed(return_to):
        problems.append(
            {
                "field": "returnTo",
                "message": "must be an http(s) URL on [server] public_url's origin or one of "
                "[server] allowed_return_origins",
            }
        )
    server = None
    try:
        server = instances.named(provider, instance)
    except Invalid as refusal:
        problems += refusal.details
    if problems:
        raise Invalid(problems)
    return adapter, provider_settings, server


def finish(provider, args, console_session=None):
    """Complete an OAuth run from the callback's query `args` in the browser whose
    console session is `console_session` (an id, or None): Connected, or AuthFailed."""
    adapter = platforms.provider(provider)
    record = _consume(args.get("state") or "")
    if adapter is None or record.provider != provider:
        raise AuthFailed("invalid_state", "This authorization link is not valid.")
    back = record.return_to
    if record.console_session is not None and not hmac.compare_digest(
        record.console_session, console_session or ""
    ):
        raise AuthFailed(
            "session_mismatch",
            "This authorization was started in another browser session: nothing was connected.",
            back,
        )
    if record.expires_at <= clock.now_ms():
        raise AuthFailed("expired", "The authorization took more than 10 minutes; start again.", back)
    if args.get("error"):
        code = "denied" if args["error"] in DENIALS else "platform_error"
        said = bounded(args.get("error_description") or args["error"])
        raise AuthFailed(code, f"{provider} answered: {said}", back)
    if not args.get("code"):
        raise AuthFailed("platform_error", f"{provider} sent no authorization code.", back)
    provider_settings = instances.run_settings(provider, record.instance)
    if provider_settings is None:
        raise AuthFailed(
            "platform_error", f"{record.instance} no longer knows Postline's app: start again.", back
        )
    timeout = settings.timeout()
    try:
        granted = adapter.exchange_code(
            provider_settings,
            settings.redirect_uri(provider),
            args["code"],
            keyring.decrypt(record.code_verifier),
            timeout,
        )
        profiles = adapter.profiles(provider_settings, granted.access_token, timeout)
    except (platforms.TokenRefused, platforms.PlatformUnavailable) as error:
        instances.refused(provider, record.instance, error)
        raise AuthFailed("platform_error", bounded(error.message), back) from None
    connections = _save(record, provider, profiles, granted)
    story.connected(connections, record.account_id, record.mode, record.channel_id)
    return Connected(connections, back, record.account.name, record.mode)


def bounded(text, limit=PLATFORM_TEXT_LIMIT):
    """`text` cut to `limit` characters (the last an ellipsis when cut): a platform's
    own text, shown on a page, is as long as Postline allows, not as the platform sends."""
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _consume(state):
    """The OAuthState the state names, deleted as it is read; AuthFailed if there is none."""
    nonce, _, signature = state.partition(".")
    # States this service signs are ASCII; compare_digest refuses other text outright.
    valid = nonce and state.isascii()
    if not valid or not hmac.compare_digest(signature, keyring.oauth_state_signature(nonce)):
        raise AuthFailed("invalid_state", "This authorization link is not valid.")
    rows = list(OAuthState.delete().where(OAuthState.id == nonce).returning(OAuthState).execute())
    if not rows:
        raise AuthFailed("invalid_state", "This authorization link was already used or is unknown.")
    return rows[0]


def _save(record, provider, profiles, granted):
    """Create or update a connection per profile (a reconnect keeps the id and any
    refresh token the platform did not send again) and link them to the channel."""
    now = clock.now_ms()
    saved = []
    with db.database.atomic():
        for profile in profiles:
            fields = {
                "provider": provider,
                "username": profile.username,
                "display_name": profile.display_name,
                "avatar_url": profile.avatar_url,
                "status": ConnectionStatus.ACTIVE,
                "refreshing_until": None,
                "last_verified_at": now,
                "last_error_code": None,
                "last_error_message": None,
            }
            existing = db.for_update(
                Connection.select().where(
                    (Connection.account == record.account_id)
                    & (Connection.mode == record.mode)
                    & (Connection.platform == profile.platform)
                    & (Connection.platform_account_id == profile.account_id)
                )
            ).first()
            columns = tokens.token_columns(
                profile.tokens or granted, existing.refresh_token if existing else None
            )
            if existing is None:
                connection = Connection.create_for_account(
                    record.account_id,
                    record.mode,
                    platform=profile.platform,
                    platform_account_id=profile.account_id,
                    **{"scopes": [], **fields, **columns},
                )
            else:
                connection = existing
                for name, value in {**fields, **columns}.items():
                    setattr(connection, name, value)
                connection.save()
            saved.append(connection)
        channel = Channel.get_or_none(
            (Channel.id == record.channel_id)
            & (Channel.account == record.account_id)
            & (Channel.mode == record.mode)
        )
        if channel is not None:
            for connection in saved:
                link(record.channel_id, connection.id, now)
    return saved


def link(channel_id, connection_id, now):
    """Add the connection to the channel; nothing if it is there already."""
    (
        ChannelConnection.insert(channel=channel_id, connection=connection_id, created_at=now)
        .on_conflict_ignore()
        .execute()
    )


def redirect_to(return_to, **params):
    """`return_to` with `params` added to its query (a list: the name once per value)."""
    parts = urlsplit(return_to)
    query = "&".join(filter(None, [parts.query, urlencode(params, doseq=True)]))
    return urlunsplit((parts.scheme, parts.netloc, parts.path, query, parts.fragment))
