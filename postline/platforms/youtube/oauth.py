"""What connecting a YouTube channel takes besides the OAuth flow
(postline/platforms/oauth.py): revoking the grant, and the channel behind an access
token."""

from postline.net import transport
from postline.net.client import TRUSTED
from postline.platforms.base import PlatformUnavailable, Profile
from postline.platforms.oauth import profiles_from, revoked
from postline.platforms.youtube import quota

NO_CHANNEL = (
    "youtube: this Google account has no YouTube channel; create one at youtube.com, then connect again"
)


def revoke(settings, token, timeout):
    """Ask Google to revoke the grant behind `token` (the refresh token: revoking it ends
    the grant, its access tokens with it). Best effort: failures are logged, not raised."""
    return revoked(
        "youtube",
        lambda: transport.session(TRUSTED, timeout).post(settings["revoke_url"], data={"token": token}),
    )


def profiles(settings, access_token, timeout):
    """The channel behind `access_token` (channels.list of `mine`), as a one-item list.
    TokenRefused when Google refuses the token; PlatformUnavailable when it may work
    later, or when the account has no channel (it cannot upload until it makes one)."""

    def read(answer):
        items = answer["items"] if "items" in answer else []
        if not items:
            raise PlatformUnavailable(NO_CHANNEL)
        channel = items[0]
        snippet = channel.get("snippet") or {}
        handle = (snippet.get("customUrl") or "").removeprefix("@") or None
        return [
            Profile(
                platform="youtube",
                account_id=str(channel["id"]),
                username=handle,
                display_name=snippet.get("title"),
                avatar_url=((snippet.get("thumbnails") or {}).get("default") or {}).get("url"),
            )
        ]

    quota.spend(settings, "channels.list")
    return profiles_from(
        "youtube",
        "channel",
        lambda: transport.session(TRUSTED, timeout).get(
            f"{settings['api_base']}/youtube/v3/channels",
            params={"part": "snippet", "mine": "true"},
            headers={"Authorization": f"Bearer {access_token}"},
        ),
        read,
    )
