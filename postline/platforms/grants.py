"""What a platform's token endpoint granted, through Authlib's requests client (sent by
postline/net): Tokens, or TokenRefused when the platform said no for good, or
PlatformUnavailable when it may work later; and the other calls of a connection's
life every provider makes alike (its profile, revoking a token)."""

import logging

import requests
from authlib.integrations.base_client import OAuthError

from postline import clock
from postline.net import transport
from postline.platforms.base import PlatformUnavailable, TokenRefused, Tokens

log = logging.getLogger(__name__)


def granted(platform, refusals, request_token):
    """Tokens from `request_token()` (an Authlib fetch_token or refresh_token call);
    an OAuth error in `refusals` is definite."""
    try:
        token = request_token()
    except OAuthError as error:
        if error.error in refusals:
            raise TokenRefused(error.error, f"{platform}: {error.description or error.error}") from None
        raise PlatformUnavailable(f"{platform}: the token endpoint answered {error.error}") from None
    except transport.SendFailed as failure:
        raise PlatformUnavailable(f"{platform}: token endpoint: {failure.message}") from None
    except requests.RequestException as error:
        raise PlatformUnavailable(f"{platform}: token endpoint: {error}") from None
    if not token.get("access_token"):
        raise PlatformUnavailable(f"{platform}: the token endpoint answered no access_token")
    expires_in = token.get("expires_in")
    return Tokens(
        access_token=token["access_token"],
        refresh_token=token.get("refresh_token"),
        expires_at=clock.now_ms() + int(expires_in) * 1000 if expires_in else None,
        # Space-separated as OAuth has it, or comma-separated as LinkedIn answers.
        scopes=(token.get("scope") or "").replace(",", " ").split(),
    )


def revoked(platform, send):
    """Whether the platform revoked a token, `send()` making the request (best effort:
    failures are logged, not raised)."""
    try:
        response = send()
    except requests.RequestException as error:
        log.warning("%s: revoking a token failed: %s", platform, error)
        return False
    if response.status_code != 200:
        log.warning("%s: revoking a token answered %s", platform, response.status_code)
    return response.status_code == 200


def profiles_from(platform, what, send, read):
    """The profiles `read(json)` finds in the answer to `send()`, a GET of the account
    behind an access token (`what` names it in errors). TokenRefused when the platform
    refuses the token, PlatformUnavailable when it may work later."""
    try:
        response = send()
    except requests.RequestException as error:
        reason = error.message if isinstance(error, transport.SendFailed) else error
        raise PlatformUnavailable(f"{platform}: {what}: {reason}") from None
    if response.status_code == 401:
        raise TokenRefused("unauthorized", f"{platform}: the access token was refused")
    if response.status_code != 200:
        raise PlatformUnavailable(f"{platform}: {what}: HTTP {response.status_code}")
    try:
        return read(response.json())
    except (ValueError, KeyError, TypeError):
        raise PlatformUnavailable(
            f"{platform}: {what}: an answer of the wrong shape: {response.text[:200]}"
        ) from None
