"""What connecting an X account takes besides the OAuth flow (postline/platforms/oauth.py):
revoking a token, and the account behind an access token."""

from postline.net import transport
from postline.net.client import TRUSTED
from postline.platforms.base import Profile
from postline.platforms.oauth import profiles_from, revoked


def revoke(session, settings, token, timeout):
    """Ask X to revoke `token` through the app's `session` (best effort: failures are
    logged, not raised)."""
    return revoked(
        "x",
        lambda: session.revoke_token(
            f"{settings['api_base']}/2/oauth2/revoke",
            token=token,
            client_id=settings["client_id"],
            timeout=timeout,
        ),
    )


def profiles(settings, access_token, timeout):
    """The one X account behind `access_token`, as a list (a provider may have several).
    TokenRefused when X refuses the token, PlatformUnavailable when it may work later."""
    session = transport.session(TRUSTED, timeout)

    def read(answer):
        user = answer["data"]
        return [
            Profile(
                platform="x",
                account_id=str(user["id"]),
                username=user.get("username"),
                display_name=user.get("name"),
                avatar_url=user.get("profile_image_url"),
            )
        ]

    return profiles_from(
        "x",
        "profile",
        lambda: session.get(
            f"{settings['api_base']}/2/users/me",
            params={"user.fields": "profile_image_url"},
            headers={"Authorization": f"Bearer {access_token}"},
        ),
        read,
    )
