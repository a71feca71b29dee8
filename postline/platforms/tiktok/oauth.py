"""Connecting TikTok accounts: OAuth 2.0 authorization code (no PKCE on the web flow),
the app named by its `client_key`, through Authlib's requests client sent by
postline/net (no redirects, a deadline).

TikTok names the client `client_key`, on the authorize URL and in the token form (the
client secret travels in the form too), and separates scopes with commas. Refresh
tokens rotate: each refresh answers a new one and the old one stops working
(postline/connections/tokens.py writes the new pair in one statement). Lifetimes are
read from each answer's `expires_in`, never assumed: TikTok has changed them before.
"""

from urllib.parse import urlencode

from authlib.common.urls import add_params_to_qs
from authlib.integrations.requests_client import OAuth2Session

from postline.net import transport
from postline.net.client import TRUSTED
from postline.platforms.base import PlatformUnavailable, Profile, TokenRefused
from postline.platforms.grants import granted, revoked

SCOPES = ("user.info.basic", "video.publish")
PKCE = False
REFRESHES = True
# The setting that holds the app's id: TikTok calls it the client key.
CLIENT_SETTING = "client_key"
# What TikTok answers for a code or refresh token it will never take again.
DEFINITE_REFUSALS = ("invalid_grant",)
CLIENT_KEY_AUTH = "tiktok_client_key_post"


def _client_key_in_form(auth, method, uri, headers, body):
    """Authlib's client authentication, TikTok's way: key and secret in the form."""
    form = add_params_to_qs(
        body or "", [("client_key", auth.client_id), ("client_secret", auth.client_secret)]
    )
    return uri, headers, form


def _session(settings, timeout, redirect_uri=None):
    oauth = OAuth2Session(
        client_id=settings["client_key"],
        client_secret=settings["client_secret"],
        token_endpoint_auth_method=CLIENT_KEY_AUTH,
        redirect_uri=redirect_uri,
    )
    oauth.register_client_auth_method((CLIENT_KEY_AUTH, _client_key_in_form))
    return transport.mount(oauth, TRUSTED, timeout)


def authorize_url(settings, redirect_uri, state, code_verifier):
    """The URL that asks the user to let Postline post for them (TikTok's web flow
    takes no PKCE: `code_verifier` is unused)."""
    query = {
        "client_key": settings["client_key"],
        "scope": ",".join(SCOPES),
        "response_type": "code",
        "redirect_uri": redirect_uri,
        "state": state,
    }
    return f"{settings['auth_url']}?{urlencode(query)}"


def exchange_code(settings, redirect_uri, code, code_verifier, timeout):
    """Tokens for an authorization code; TokenRefused or PlatformUnavailable."""
    session = _session(settings, timeout, redirect_uri)
    return granted(
        "tiktok",
        DEFINITE_REFUSALS,
        lambda: session.fetch_token(settings["token_url"], code=code, timeout=timeout),
    )


def refresh(settings, refresh_token, timeout):
    """A new token pair for `refresh_token` (the old one then stops working);
    TokenRefused or PlatformUnavailable."""
    session = _session(settings, timeout)
    return granted(
        "tiktok",
        DEFINITE_REFUSALS,
        lambda: session.refresh_token(settings["token_url"], refresh_token=refresh_token, timeout=timeout),
    )


def revoke(settings, token, timeout):
    """Ask TikTok to revoke the user's grant, given its access token (best effort:
    failures are logged, not raised)."""
    session = transport.session(TRUSTED, timeout)
    return revoked(
        "tiktok",
        lambda: session.post(
            f"{settings['api_base']}/v2/oauth/revoke/",
            data={
                "client_key": settings["client_key"],
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
