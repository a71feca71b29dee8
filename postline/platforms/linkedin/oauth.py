"""Connecting LinkedIn members: OAuth 2.0 authorization code without PKCE (LinkedIn's
web flow takes the client secret in the token request's form), through Authlib's
requests client sent by postline/net.

Only LinkedIn's approved partner apps receive refresh tokens; their 365-day life runs
from the first grant and does not restart on a refresh. Without one, the access token
(about 60 days) is all there is: the connection shows `tokenExpiresAt` and becomes
`expired` when it ends (postline/connections/tokens.py).
"""

from authlib.integrations.requests_client import OAuth2Session

from postline.net import transport
from postline.net.client import TRUSTED
from postline.platforms.base import Profile
from postline.platforms.grants import granted, profiles_from, revoked

# openid + profile: /v2/userinfo (who connected); w_member_social: posting as them.
SCOPES = ("openid", "profile", "w_member_social")
PKCE = False
REFRESHES = True  # when LinkedIn sent a refresh token (partner apps)
DEFINITE_REFUSALS = ("invalid_grant", "invalid_request", "invalid_client", "unauthorized_client")


def _session(settings, timeout, redirect_uri=None):
    oauth = OAuth2Session(
        client_id=settings["client_id"],
        client_secret=settings["client_secret"],
        token_endpoint_auth_method="client_secret_post",
        scope=" ".join(SCOPES),
        redirect_uri=redirect_uri,
    )
    return transport.mount(oauth, TRUSTED, timeout)


def authorize_url(settings, redirect_uri, state, code_verifier):
    """The URL that asks the member to let Postline post for them (no PKCE: the
    verifier is not used)."""
    url, _ = _session(settings, 1, redirect_uri).create_authorization_url(settings["auth_url"], state=state)
    return url


def exchange_code(settings, redirect_uri, code, code_verifier, timeout):
    """Tokens for an authorization code; TokenRefused or PlatformUnavailable."""
    session = _session(settings, timeout, redirect_uri)
    return granted(
        "linkedin",
        DEFINITE_REFUSALS,
        lambda: session.fetch_token(settings["token_url"], code=code, timeout=timeout),
    )


def refresh(settings, refresh_token, timeout):
    """A new access token for a partner app's `refresh_token`."""
    session = _session(settings, timeout)
    return granted(
        "linkedin",
        DEFINITE_REFUSALS,
        lambda: session.refresh_token(settings["token_url"], refresh_token=refresh_token, timeout=timeout),
    )


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
