"""What connecting a TikTok account takes besides the OAuth flow
(postline/platforms/oauth.py): revoking the user's grant, and the account behind an
access token.
"""

from postline.net import transport
from postline.net.client import TRUSTED
from postline.platforms.base import PlatformUnavailable, Profile, TokenRefused
from postline.platforms.oauth import revoked


def revoke(settings, token, timeout):
    """Ask TikTok to revoke the user's grant, given its access token (best effort:
    failures are logged, not raised)."""
    session = transport.session(TRUSTED, timeout)
    return revoked(
        "tiktok",
        lambda: session.post(
            f"{settings['api_base']}/v2/oauth/revoke/",
            data={
                "client_key": settings["client_id"],
                "client_secret": settings["client_secret"],
                "token": token,
            },
            timeout=timeout,
        ),
    )


def profiles(settings, access_token, timeout):
    """The one TikTok account behind `access_token`, as a list. TokenRefused when
    TikTok refuses the token, PlatformUnavailable when it may work later."""
    session = transport.session(TRUSTED, timeout)
    try:
        response = session.get(
            f"{settings['api_base']}/v2/user/info/",
            params={"fields": "open_id,avatar_url,display_name"},
            headers={"Authorization": f"Bearer {access_token}"},
        )
    except transport.SendFailed as failure:
        raise PlatformUnavailable(f"tiktok: profile: {failure.message}") from None
    try:
        body = response.json()
        code = body["error"]["code"]
        user = body["data"]["user"] if code == "ok" else None
    except (ValueError, KeyError, TypeError):
        raise PlatformUnavailable(
            f"tiktok: profile: HTTP {response.status_code}, an answer of the wrong shape"
        ) from None
    if code == "access_token_invalid" or response.status_code == 401:
        raise TokenRefused(code, "tiktok: the access token was refused")
    if user is None or response.status_code != 200:
        raise PlatformUnavailable(f"tiktok: profile: HTTP {response.status_code} {code}")
    return [
        Profile(
            platform="tiktok",
            account_id=str(user["open_id"]),
            display_name=user.get("display_name"),
            avatar_url=user.get("avatar_url"),
        )
    ]
