"""Connecting Facebook Pages and Instagram professional accounts: OAuth 2.0 without
PKCE (Meta takes none) through Authlib's requests client sent by postline/net.

The code buys a short-lived user token, exchanged at once (`fb_exchange_token`) for a
long-lived one (about 60 days); `/me/accounts` then lists the Pages the user manages,
each with a Page token that does not expire, and the Instagram professional account
linked to each. One run makes a connection per Page and per Instagram account; both
keep their Page's token (Instagram's calls take it). Meta has no refresh tokens: a
token Meta refuses means connecting again.
"""

import logging

from authlib.integrations.requests_client import OAuth2Session

from postline.net import transport
from postline.net.client import TRUSTED
from postline.platforms import grants
from postline.platforms.base import BLOCKED, RETRYABLE, PlatformUnavailable, Profile, TokenRefused, Tokens
from postline.platforms.meta import graph

log = logging.getLogger(__name__)

SCOPES = (
    "pages_show_list",
    "pages_manage_posts",
    "pages_read_engagement",
    "instagram_basic",
    "instagram_content_publish",
    "publish_video",
)
PKCE = False
REFRESHES = False
PAGE_FIELDS = "id,name,access_token,picture,instagram_business_account"
IG_FIELDS = "username,name,profile_picture_url"
# A Page token asked for a user's edge: the node (a Page) has no `accounts`.
NOT_A_USER_TOKEN = 100


def _session(settings, timeout, redirect_uri=None):
    oauth = OAuth2Session(
        client_id=settings["client_id"],
        # Meta's token endpoint is a GET: the app's id and secret go in its query (below).
        token_endpoint_auth_method="none",
        scope=",".join(SCOPES),
        redirect_uri=redirect_uri,
    )
    return transport.mount(oauth, TRUSTED, timeout)


def authorize_url(settings, redirect_uri, state, code_verifier):
    """The dialog that asks the user for the Pages and Instagram accounts to publish to
    (`code_verifier` unused: Meta takes no PKCE)."""
    version = settings.get("graph_version") or "v21.0"
    dialog = f"{settings['auth_base'].rstrip('/')}/{version}/dialog/oauth"
    url, _ = _session(settings, 1, redirect_uri).create_authorization_url(dialog, state=state)
    return url


def exchange_code(settings, redirect_uri, code, code_verifier, timeout):
    """A long-lived user token for an authorization code: the code's short-lived token,
    exchanged at once. TokenRefused or PlatformUnavailable."""
    token_url = graph.url(settings, "oauth/access_token")
    session = _session(settings, timeout, redirect_uri)
    app = {"client_id": settings["client_id"], "client_secret": settings["client_secret"]}
    short = _granted(lambda: session.fetch_token(token_url, code=code, method="GET", timeout=timeout, **app))
    return _granted(
        lambda: session.fetch_token(
            token_url,
            grant_type="fb_exchange_token",
            fb_exchange_token=short.access_token,
            method="GET",
            timeout=timeout,
            **app,
        )
    )


def refresh(settings, refresh_token, timeout):
    """Meta has no refresh tokens (REFRESHES is False): never called for a live token."""
    raise TokenRefused("no_refresh", "meta: tokens cannot be refreshed; connect the account again")


def _granted(request_token):
    # Meta answers a refused code with a Graph error object, not an OAuth error code:
    # nothing matches a definite refusal, and the callback fails the run either way.
    return grants.granted("meta", (), request_token)


def revoke(settings, token, timeout):
    """Nothing to revoke for one account: a Page token dies only with the user's grant,
    and revoking that (`DELETE /me/permissions`) would cut every other Page and Instagram
    account connected in the same run. Removing the connection forgets the token."""
    log.info("meta: a removed connection's Page token is forgotten, not revoked")
    return False


def profiles(settings, access_token, timeout):
    """The accounts `access_token` reaches, each with its own token: every Page a user
    token manages and the Instagram account linked to each; or, for a Page token (a
    connection being verified), that Page and its Instagram account."""
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
            page_token = Tokens(access_token=page["access_token"], scopes=list(SCOPES))
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
