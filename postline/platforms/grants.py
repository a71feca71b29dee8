"""What a platform's token endpoint granted, through Authlib's requests client (sent by
postline/net): Tokens, or TokenRefused when the platform said no for good, or
PlatformUnavailable when it may work later."""

import requests
from authlib.integrations.base_client import OAuthError

from postline import clock
from postline.net import transport
from postline.platforms.base import PlatformUnavailable, TokenRefused, Tokens


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
