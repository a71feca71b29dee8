"""Connecting an account by signing in with its handle and an app password, for the
providers that connect that way instead of by an OAuth run (Bluesky: `POST
/v1/connections/bluesky`; docs/platforms/bluesky.md).

The provider signs in (checking the handle both ways and finding the account's
server), reads the profile, and answers the session's tokens; the connection is
then made or updated as the OAuth callback makes it (a reconnect keeps its id) and
added to the channel if one was named. The app password is kept with the refresh
token, encrypted like it: the provider signs in with it again when a refresh is
refused. A refused handle or password creates nothing (400 naming the field)."""

from dataclasses import dataclass

from postline import platforms
from postline.connections import records, settings, story
from postline.connections.authorization import _save as save_connections
from postline.errors import Invalid, NotFound, PlatformDown
from postline.platforms.bluesky import SignInRefused


@dataclass(frozen=True)
class SignIn:
    """Whom a sign-in connects for (what an OAuth run's state holds): the account and
    mode of the API key, and the channel to add the connection to, if any."""

    account_id: str
    mode: str
    channel_id: str | None


def sign_in(key, provider, handle, app_password, channel_id=None):
    """The connection of the account `handle` signed in at `provider` with `app_password`,
    made or updated and added to `channel_id`. Checked in this order: an unknown
    provider, or one that connects by OAuth (404), the channel (400), then the
    platform's answer (400 naming `handle` or `appPassword`, 503 when it cannot answer)."""
    adapter = platforms.provider(provider)
    if adapter is None or not getattr(adapter, "password_sign_in", False):
        raise NotFound(f"No provider named {provider!r} connects with a password.")
    if channel_id is not None:
        records.channel_of(key, channel_id)
    try:
        profile, granted = adapter.sign_in(
            settings.provider_settings(provider), handle, app_password, settings.timeout()
        )
    except SignInRefused as refusal:
        raise Invalid.field(refusal.field, refusal.message) from None
    except platforms.PlatformUnavailable as failure:
        raise PlatformDown(f"{adapter.name} cannot be reached now: {failure.message}") from None
    signed_in = SignIn(key.account_id, key.mode, channel_id)
    [connection] = save_connections(signed_in, provider, [profile], granted)
    story.connected([connection], key.account_id, key.mode, channel_id)
    return connection
