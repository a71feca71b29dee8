"""What connecting a Threads account takes besides the OAuth flow
(postline/platforms/oauth.py): the long-lived token the code's short-lived one is
exchanged for, its renewal, the profile, and why a removed connection's token is not
revoked.

Threads has no refresh token: a long-lived token (60 days) renews itself
(`th_refresh_token`) while it is at least 24 hours old and not expired, for 60 more
days. Postline keeps it as the connection's refresh token too, so that the refresh
machinery (postline/connections/tokens.py) renews it like any other, a week before
it lapses.
"""

import logging

from postline import clock
from postline.net import transport
from postline.net.client import TRUSTED
from postline.platforms.base import PlatformUnavailable, Profile, TokenRefused, Tokens
from postline.platforms.meta.graph import as_int, error_of
from postline.platforms.threads.graph import TOKEN_CODES, url

log = logging.getLogger(__name__)

PROFILE_FIELDS = "id,username,name,threads_profile_picture_url"


def long_lived(settings, short_token, timeout, scopes):
    """The long-lived token for a short-lived one (`th_exchange_token`)."""
    query = {
        "grant_type": "th_exchange_token",
        "client_secret": settings["client_secret"],
        "access_token": short_token,
    }
    return _token_call(settings, "access_token", query, timeout, scopes)


def renewed(settings, token, timeout, scopes):
    """A long-lived token renewed for 60 days (`th_refresh_token`); TokenRefused when
    Threads refuses it for good (expired, or the user took the app's access away)."""
    query = {"grant_type": "th_refresh_token", "access_token": token}
    return _token_call(settings, "refresh_access_token", query, timeout, scopes)


def _token_call(settings, path, query, timeout, scopes):
    answer = _get(f"{settings['api_base'].rstrip('/')}/{path}", timeout, path, query)
    if not answer.get("access_token"):
        raise PlatformUnavailable(f"threads: {path}: the answer held no access_token")
    return tokens_of(answer, scopes)


def _get(address, timeout, what, query, token=None):
    """The JSON object a GET answers; TokenRefused when Threads refuses the token (code
    190, with HTTP 400 as Graph answers it), PlatformUnavailable for anything that may pass."""
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    try:
        response = transport.session(TRUSTED, timeout).get(address, params=query, headers=headers)
    except transport.SendFailed as failure:
        raise PlatformUnavailable(f"threads: {what}: {failure.message}") from None
    if response.status_code == 200:
        try:
            answer = response.json()
        except ValueError:
            answer = None
        if not isinstance(answer, dict):
            raise PlatformUnavailable(f"threads: {what}: an answer that is not a JSON object")
        return answer
    error = error_of(response.content)
    said = error.get("message") or f"HTTP {response.status_code}"
    if as_int(error.get("code")) in TOKEN_CODES or response.status_code == 401:
        raise TokenRefused(str(error.get("code") or "unauthorized"), f"threads: {said}")
    raise PlatformUnavailable(f"threads: {what}: {said}")


def tokens_of(answer, scopes):
    """A long-lived token as Postline keeps it: its own refresh token, since it renews itself."""
    expires_in = as_int(answer.get("expires_in"))
    return Tokens(
        access_token=answer["access_token"],
        refresh_token=answer["access_token"],
        expires_at=clock.now_ms() + expires_in * 1000 if expires_in else None,
        scopes=list(scopes),
    )


def revoke(settings, token, timeout):
    """Nothing to revoke: Threads has no endpoint for it (the user removes the app in
    Threads' settings). Removing the connection forgets the token."""
    log.info("threads: a removed connection's token is forgotten, not revoked")
    return False


def profiles(settings, access_token, timeout):
    """The one Threads account behind `access_token`, as a list. TokenRefused when
    Threads refuses the token, PlatformUnavailable when it may work later."""
    answer = _get(url(settings, "me"), timeout, "profile", {"fields": PROFILE_FIELDS}, access_token)
    if not answer.get("id"):
        raise PlatformUnavailable(f"threads: profile: an answer of the wrong shape: {str(answer)[:200]}")
    return [
        Profile(
            platform="threads",
            account_id=str(answer["id"]),
            username=answer.get("username"),
            display_name=answer.get("name") or answer.get("username"),
            avatar_url=answer.get("threads_profile_picture_url"),
        )
    ]
