"""Connecting X accounts: OAuth 2.0 authorization code with PKCE (S256), through
Authlib's requests client sent by postline/net (no redirects, a deadline).

X rotates refresh tokens: each refresh answers a new one and the old one stops
working at once (postline/connections/tokens.py stores the new pair before anything
else can happen). X answers an unknown or spent refresh token with 400
`invalid_request`, and a revoked grant with `invalid_grant`: both are definite.
"""

from authlib.integrations.requests_client import OAuth2Session

from postline.net import transport
from postline.net.client import TRUSTED
from postline.platforms.base import Profile
from postline.platforms.grants import granted, profiles_from, revoked

SCOPES = ("tweet.read", "tweet.write", "users.read", "offline.access", "media.write")
PKCE = True
REFRESHES = True
# What X answers for a refresh token or code it will never take again.
DEFINITE_REFUSALS = ("invalid_grant", "invalid_request", "unauthorized_client")


def _session(settings, timeout, redirect_uri=None):
    secret = settings["client_secret"] or None
    oauth = OAuth2Session(
        client_id=settings["client_id"],
        client_secret=secret,
        # A confidential client authenticates with HTTP Basic; a public one sends only client_id.
        token_endpoint_auth_method="client_secret_basic" if secret else "none",
        scope=" ".join(SCOPES),
        redirect_uri=redirect_uri,
        code_challenge_method="S256",
    )
    return transport.mount(oauth, TRUSTED, timeout)


def authorize_url(settings, redirect_uri, state, code_verifier):
    """The URL that asks the user to let Postline post for them."""
    url, _ = _session(settings, 1, redirect_uri).create_authorization_url(
        settings["auth_url"], state=state, code_verifier=code_verifier
    )
    return url


def exchange_code(settings, redirect_uri, code, code_verifier, timeout):
    """Tokens for an authorization code; TokenRefused or PlatformUnavailable."""
    session = _session(settings, timeout, redirect_uri)
    return granted(
        "x",
        DEFINITE_REFUSALS,
        lambda: session.fetch_token(
            settings["token_url"],
            code=code,
            code_verifier=code_verifier,
            client_id=settings["client_id"],
            timeout=timeout,
        ),
    )


def refresh(settings, refresh_token, timeout):
    """A new token pair for `refresh_token`; TokenRefused or PlatformUnavailable."""
    session = _session(settings, timeout)
    return granted(
        "x",
        DEFINITE_REFUSALS,
        lambda: session.refresh_token(
            settings["token_url"],
            refresh_token=refresh_token,
            client_id=settings["client_id"],
            timeout=timeout,
        ),
    )


def revoke(settings, token, timeout):
    """Ask X to revoke `token` (best effort: failures are logged, not raised)."""
    session = _session(settings, timeout)
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
