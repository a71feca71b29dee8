"""What connecting a Mastodon account takes besides the OAuth flow
(postline/platforms/oauth.py): revoking its token, and the account behind a token.

`settings` here are an instance's (postline/connections/instances.py): its `instance`
(host), `api_base`, and Postline's app there (`client_id`, `client_secret`).
"""

from urllib.parse import urlencode

from postline.net import transport
from postline.platforms.base import Profile
from postline.platforms.mastodon import instance
from postline.platforms.oauth import profiles_from, revoked


def account_id(settings, account):
    """A connection's `platform_account_id`: the account's id and its instance
    (`109...@mastodon.social`), since two instances may number accounts alike."""
    return f"{account['id']}@{settings['instance']}"


def host_of(platform_account_id):
    """The instance (host) of a connection's `platform_account_id`."""
    return platform_account_id.rpartition("@")[2]


def revoke(settings, token, timeout):
    """Ask the instance to revoke `token` (Mastodon's tokens never expire: revoking is how
    one ends). Best effort: failures are logged, not raised."""
    session = transport.session(instance.policy(settings), timeout)
    form = {"client_id": settings["client_id"], "client_secret": settings["client_secret"], "token": token}
    return revoked(
        "mastodon",
        lambda: session.post(
            f"{settings['api_base']}/oauth/revoke",
            data=urlencode(form),
            headers={"Content-Type": "application/x-www-form-urlencoded"},
        ),
    )


def profiles(settings, access_token, timeout):
    """The one account behind `access_token` on the instance, as a list; shown as
    @username@instance. TokenRefused when the instance refuses the token,
    PlatformUnavailable when it may work later."""
    session = transport.session(instance.policy(settings), timeout)

    def read(answer):
        return [
            Profile(
                platform="mastodon",
                account_id=account_id(settings, answer),
                username=f"{answer['username']}@{settings['instance']}",
                display_name=answer.get("display_name") or None,
                avatar_url=answer.get("avatar"),
            )
        ]

    return profiles_from(
        "mastodon",
        "verify_credentials",
        lambda: session.get(
            f"{settings['api_base']}/api/v1/accounts/verify_credentials",
            headers={"Authorization": f"Bearer {access_token}"},
        ),
        read,
    )
