"""What an OAuth token endpoint answered, as the platforms' interface says it
(postline/platforms/__init__.py): Tokens, TokenRefused or PlatformUnavailable."""

import requests
from authlib.integrations.base_client import OAuthError

from postline import clock
from postline.net import transport
from postline.platforms.base import PlatformUnavailable, TokenRefused, Tokens


def granted(request_token, session, platform, definite_refusals, scope_separator=" "):
    """Call `request_token(session)` (an Authlib token request) and read its answer.
    An OAuth error in `definite_refusals` is TokenRefused (the grant is gone for good);
    anything else that is not a token is PlatformUnavailable. The expiry is the
    answer's `expires_in`, never a constant."""
    try:
        token = request_token(session)
    except OAuthError as error:
        if error.error in definite_refusals:
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
        scopes=[scope for scope in (token.get("scope") or "").split(scope_separator) if scope],
    )
