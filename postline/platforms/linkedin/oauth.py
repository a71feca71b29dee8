"""What connecting a LinkedIn member takes besides the OAuth flow
(postline/platforms/oauth.py): revoking a token, and the member behind an access token."""

from postline.net import transport
from postline.net.client import TRUSTED
from postline.platforms.base import Profile
from postline.platforms.oauth import profiles_from, revoked


def revoke(settings, token, timeout):
    """Ask LinkedIn to revoke `token` (best effort: failures are logged, not raised)."""
    return revoked(
        "linkedin",
        lambda: transport.session(TRUSTED, timeout).post(
            settings["revoke_url"],
            data={
                "client_id": settings["client_id"],
                "client_secret": settings["client_secret"],
                "token": token,
            },
        ),
    )


def profiles(settings, access_token, timeout):
    """The member behind `access_token` (OpenID Connect userinfo), as a one-item list;
    posts are authored as `urn:li:person:{sub}`."""

    def read(member):
        return [
            Profile(
                platform="linkedin",
                account_id=str(member["sub"]),
                display_name=member.get("name"),
                avatar_url=member.get("picture"),
            )
        ]

    return profiles_from(
        "linkedin",
        "userinfo",
        lambda: transport.session(TRUSTED, timeout).get(
            f"{settings['api_base']}/v2/userinfo", headers={"Authorization": f"Bearer {access_token}"}
        ),
        read,
    )
