"""What connecting a Pinterest account takes besides the OAuth flow
(postline/platforms/oauth.py): the account behind a token, the boards it may pin to,
and why a removed connection's token is not revoked."""

import logging

from postline.net import transport
from postline.net.client import TRUSTED
from postline.platforms.base import Profile
from postline.platforms.oauth import profiles_from

log = logging.getLogger(__name__)

# Boards asked for a page at a time (Pinterest allows up to 250), and at most this
# many pages: an account with more boards than that shows the first ones.
BOARDS_PAGE = 100
MAX_BOARD_PAGES = 10


def revoke(settings, token, timeout):
    """Nothing to revoke: Pinterest's API has no revocation endpoint (the user removes
    the app in Pinterest's settings). Removing the connection forgets the tokens."""
    log.info("pinterest: a removed connection's tokens are forgotten, not revoked")
    return False


def profiles(settings, access_token, timeout):
    """The one Pinterest account behind `access_token`, as a list. TokenRefused when
    Pinterest refuses the token, PlatformUnavailable when it may work later."""
    session = transport.session(TRUSTED, timeout)

    def read(user):
        return [
            Profile(
                platform="pinterest",
                account_id=str(user["id"]),
                username=user.get("username"),
                display_name=user.get("business_name") or user.get("username"),
                avatar_url=user.get("profile_image"),
            )
        ]

    return profiles_from(
        "pinterest",
        "profile",
        lambda: session.get(
            f"{settings['api_base']}/v5/user_account", headers={"Authorization": f"Bearer {access_token}"}
        ),
        read,
    )


def boards(settings, access_token, timeout):
    """The boards the account may pin to, each {id, name, description, privacy}, in
    Pinterest's order. TokenRefused or PlatformUnavailable, as `profiles`."""
    session = transport.session(TRUSTED, timeout)
    found, bookmark = [], None
    for _ in range(MAX_BOARD_PAGES):
        query = {"page_size": BOARDS_PAGE, **({"bookmark": bookmark} if bookmark else {})}
        items, bookmark = profiles_from(
            "pinterest",
            "boards",
            lambda query=query: session.get(
                f"{settings['api_base']}/v5/boards",
                params=query,
                headers={"Authorization": f"Bearer {access_token}"},
            ),
            _board_page,
        )
        found += items
        if not bookmark:
            break
    return found


def _board_page(page):
    """(the boards of one page of `GET /v5/boards`, the bookmark of the next or None)."""
    items = [
        {
            "id": str(board["id"]),
            "name": board.get("name") or "",
            "description": board.get("description") or None,
            "privacy": board.get("privacy") or "PUBLIC",
        }
        for board in page["items"]
    ]
    return items, page.get("bookmark")
