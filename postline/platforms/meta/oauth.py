"""What connecting Facebook Pages and Instagram professional accounts takes besides
the OAuth flow (postline/platforms/oauth.py, and Meta's long-lived token exchange in
postline/platforms/meta/__init__.py): the accounts a token reaches, each with its Page
token, and why a removed connection's token is not revoked.

`/me/accounts` lists the Pages the user manages, each with a Page token that does not
expire, and the Instagram professional account linked to each. One run makes a
connection per Page and per Instagram account; both keep their Page's token
(Instagram's calls take it).
"""

import logging

from postline.net import transport
from postline.net.client import TRUSTED
from postline.platforms.base import BLOCKED, RETRYABLE, PlatformUnavailable, Profile, TokenRefused, Tokens
from postline.platforms.meta import graph

log = logging.getLogger(__name__)

PAGE_FIELDS = "id,name,access_token,picture,instagram_business_account"
IG_FIELDS = "username,name,profile_picture_url"
# A Page token asked for a user's edge: the node (a Page) has no `accounts`.
NOT_A_USER_TOKEN = 100


def revoke(settings, token, timeout):
    """Nothing to revoke for one account: a Page token dies only with the user's grant,
    and revoking that (`DELETE /me/permissions`) would cut every other Page and Instagram
    account connected in the same run. Removing the connection forgets the token."""
    log.info("meta: a removed connection's Page token is forgotten, not revoked")
    return False


def profiles(settings, access_token, timeout, scopes):
    """The accounts `access_token` reaches, each with its own token (granted `scopes`):
    every Page a user token manages and the Instagram account linked to each; or, for a
    Page token (a connection being verified), that Page and its Instagram account."""
    fetch = _Fetcher(settings, access_token, timeout)
    try:
        pages = fetch.get("me/accounts", fields=PAGE_FIELDS)["data"]
    except _Refused as refusal:
        if refusal.code != NOT_A_USER_TOKEN:
            raise TokenRefused(str(refusal.code), refusal.message) from None
        pages = [{**fetch.get("me", fields=PAGE_FIELDS), "access_token": access_token}]
    found = []
    try:
        for page in pages:
            page_token = Tokens(access_token=page["access_token"], scopes=list(scopes))
            found.append(
                Profile(
                    platform="facebook",
                    account_id=str(page["id"]),
                    username=page.get("name"),
                    display_name=page.get("name"),
                    avatar_url=((page.get("picture") or {}).get("data") or {}).get("url"),
                    tokens=page_token,
                )
            )
            linked = (page.get("instagram_business_account") or {}).get("id")
            if linked:
                account = _Fetcher(settings, page["access_token"], timeout).get(str(linked), fields=IG_FIELDS)
                found.append(
                    Profile(
                        platform="instagram",
                        account_id=str(linked),
                        username=account.get("username"),
                        display_name=account.get("name"),
                        avatar_url=account.get("profile_picture_url"),
                        tokens=page_token,
                    )
                )
    except _Refused as refusal:
        raise TokenRefused(str(refusal.code), refusal.message) from None
    except (KeyError, TypeError, AttributeError):
        raise PlatformUnavailable("meta: accounts: an answer of the wrong shape") from None
    return found


class _Refused(Exception):
    def __init__(self, code, message):
        super().__init__(message)
        self.code = code
        self.message = message


class _Fetcher:
    """GETs for the OAuth run and verification: a definite refusal raises _Refused,
    anything that may pass later PlatformUnavailable."""

    def __init__(self, settings, token, timeout):
        self.settings = settings
        self.session = transport.session(TRUSTED, timeout)
        self.token = token

    def get(self, path, **query):
        try:
            response = self.session.get(
                graph.url(self.settings, path, query), headers={"Authorization": f"Bearer {self.token}"}
            )
        except transport.SendFailed as failure:
            raise PlatformUnavailable(f"meta: {path}: {failure.message}") from None
        if response.status_code == 200:
            try:
                return response.json()
            except ValueError:
                raise PlatformUnavailable(f"meta: {path}: an answer that is not JSON") from None
        error = graph.classify(response.status_code, response.headers, response.content)
        if error.kind in (RETRYABLE, BLOCKED):
            raise PlatformUnavailable(error.message)
        raise _Refused(graph.as_int(graph.error_of(response.content).get("code")), error.message)
