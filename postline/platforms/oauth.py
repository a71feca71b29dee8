"""The OAuth 2.0 authorization-code flow, written once for every provider: the
authorize URL, the code exchange and the refresh, through Authlib's requests client
sent by postline/net (SSRF policy, no redirects, a deadline); and the calls of a
connection's life every provider makes alike (revoking a token, reading the profile).

A provider's adapter subclasses OAuthProvider and gives only what differs from plain
OAuth 2.0: its class attributes (PKCE, how the app authenticates, what the platform
calls the app's id, the scope separator, the token endpoint's method, the refusals that
are definite) and, where a request differs, one of the hooks (`token_params`,
`tokens_from`). The URLs are the provider's settings `auth_url` and `token_url`. It
writes `revoke` and `profiles` itself (postline/platforms/protocol.py, Provider), with
`revoked` and `profiles_from`.
"""

import logging

import requests
from authlib.common.urls import add_params_to_qs, add_params_to_uri
from authlib.integrations.base_client import OAuthError
from authlib.integrations.requests_client import OAuth2Session
from authlib.oauth2.rfc7636 import create_s256_code_challenge

from postline import clock
from postline.net import transport
from postline.net.client import TRUSTED
from postline.platforms.base import PlatformUnavailable, TokenRefused, Tokens

log = logging.getLogger(__name__)

# How the app authenticates at the token endpoint (`client_auth`):
CLIENT_SECRET_BASIC = "client_secret_basic"  # id and secret in HTTP Basic (X)
# Id and secret in the form, the id under the provider's `client_param` (LinkedIn;
# TikTok's `client_key`).
CLIENT_SECRET_IN_FORM = "client_secret_in_form"
# Only the id in the form: a public client, or a provider whose `token_params` carry
# the secret (Meta's GET token endpoint takes both in its query).
CLIENT_ID_ONLY = "none"


class OAuthProvider:
    """The OAuth half of a provider adapter (postline/platforms/protocol.py, Provider):
    `authorize_url`, `exchange_code` and `refresh`, from the class attributes a
    subclass sets. A subclass sets `provider`, `name` and `scopes`, and writes `revoke`
    and `profiles`."""

    provider: str
    name: str
    scopes: tuple = ()
    pkce = False
    refreshes = True
    revokes_access_token = False
    # What the platform calls the app's id on the authorize URL and in the token form
    # (TikTok: `client_key`); the setting is `client_id` for every provider.
    client_param = "client_id"
    scope_separator = " "
    client_auth = CLIENT_SECRET_IN_FORM
    token_method = "POST"
    # Whether a refresh names the scopes again (OAuth allows it; TikTok's token
    # endpoint takes only the refresh token).
    refresh_asks_scopes = True
    # The OAuth `error` codes of a token answer that are final (TokenRefused: the user
    # must connect again); any other error may pass (PlatformUnavailable).
    definite_refusals = ("invalid_grant",)

    @property
    def platforms(self):
        """A provider of one platform publishes through itself."""
        return (self,)

    def settings_from(self, section):
        """The section as it is: a provider whose settings had older names overrides this."""
        return section

    def token_params(self, settings):
        """What every token request's form (or query) carries besides the grant."""
        return {}

    def scopes_for(self, settings):
        """The scopes the authorize URL and a refresh ask for under `settings`: `scopes`;
        a provider whose scopes depend on a setting overrides this (LinkedIn's pages)."""
        return self.scopes

    def authorize_url(self, settings, redirect_uri, state, code_verifier):
        """The URL that asks the user to let Postline post for them (`code_verifier`
        sent as its S256 challenge when the provider takes PKCE)."""
        params = [
            ("response_type", "code"),
            (self.client_param, settings["client_id"]),
            ("redirect_uri", redirect_uri),
            ("scope", self.scope_separator.join(self.scopes_for(settings))),
            ("state", state),
        ]
        if self.pkce:
            challenge = create_s256_code_challenge(code_verifier)
            params += [("code_challenge", challenge), ("code_challenge_method", "S256")]
        return add_params_to_uri(settings["auth_url"], params)

    def exchange_code(self, settings, redirect_uri, code, code_verifier, timeout):
        """Tokens for an authorization code; TokenRefused or PlatformUnavailable."""
        verifier = {"code_verifier": code_verifier} if self.pkce else {}
        return self.request_tokens(settings, timeout, redirect_uri, code=code, **verifier)

    def request_tokens(self, settings, timeout, redirect_uri=None, **grant):
        """Tokens from the token endpoint for `grant` (a code, or `grant_type` and its
        fields); TokenRefused or PlatformUnavailable."""
        session = self.session(settings, timeout, redirect_uri)
        return self.granted(
            lambda: session.fetch_token(
                settings["token_url"],
                method=self.token_method,
                timeout=timeout,
                **grant,
                **self.token_params(settings),
            )
        )

    def refresh(self, settings, refresh_token, timeout):
        """New tokens for `refresh_token`; TokenRefused or PlatformUnavailable."""
        if not self.refreshes:
            raise TokenRefused(
                "no_refresh", f"{self.provider}: tokens cannot be refreshed; connect the account again"
            )
        session = self.session(settings, timeout)
        scope = {} if self.refresh_asks_scopes else {"scope": None}
        return self.granted(
            lambda: session.refresh_token(
                settings["token_url"],
                refresh_token=refresh_token,
                timeout=timeout,
                **scope,
                **self.token_params(settings),
            )
        )

    def session(self, settings, timeout, redirect_uri=None):
        """Authlib's client for the app, sending through postline/net."""
        secret = settings.get("client_secret") or None
        # Without a secret a PKCE client is a public one: it sends only its id.
        method = self.client_auth if secret or not self.pkce else CLIENT_ID_ONLY
        oauth = OAuth2Session(
            client_id=settings["client_id"],
            client_secret=secret,
            token_endpoint_auth_method=method,
            scope=self.scope_separator.join(self.scopes_for(settings)),
            redirect_uri=redirect_uri,
            code_challenge_method="S256" if self.pkce else None,
        )
        oauth.register_client_auth_method((CLIENT_SECRET_IN_FORM, self._credentials_in_form))
        return transport.mount(oauth, TRUSTED, timeout)

    def _credentials_in_form(self, auth, method, uri, headers, body):
        """Authlib's client authentication for CLIENT_SECRET_IN_FORM."""
        credentials = [(self.client_param, auth.client_id), ("client_secret", auth.client_secret or "")]
        return uri, headers, add_params_to_qs(body or "", credentials)

    def granted(self, request_token):
        """Tokens from `request_token()` (an Authlib fetch_token or refresh_token call):
        TokenRefused for an error in `definite_refusals`, else PlatformUnavailable."""
        try:
            answer = request_token()
        except OAuthError as error:
            if error.error in self.definite_refusals:
                message = f"{self.provider}: {error.description or error.error}"
                raise TokenRefused(error.error, message) from None
            raise PlatformUnavailable(f"{self.provider}: the token endpoint answered {error.error}") from None
        except transport.SendFailed as failure:
            raise PlatformUnavailable(f"{self.provider}: token endpoint: {failure.message}") from None
        except requests.RequestException as error:
            raise PlatformUnavailable(f"{self.provider}: token endpoint: {error}") from None
        if not answer.get("access_token"):
            raise PlatformUnavailable(f"{self.provider}: the token endpoint answered no access_token")
        return self.tokens_from(answer)

    def tokens_from(self, answer):
        """Tokens from a token endpoint's answer holding an `access_token`."""
        expires_in = answer.get("expires_in")
        return Tokens(
            access_token=answer["access_token"],
            refresh_token=answer.get("refresh_token"),
            expires_at=clock.now_ms() + int(expires_in) * 1000 if expires_in else None,
            # Space-separated as OAuth has it, or comma-separated as LinkedIn answers.
            scopes=(answer.get("scope") or "").replace(",", " ").split(),
        )


def revoked(platform, send):
    """Whether the platform revoked a token, `send()` making the request (best effort:
    failures are logged, not raised)."""
    try:
        response = send()
    except requests.RequestException as error:
        log.warning("%s: revoking a token failed: %s", platform, error)
        return False
    if response.status_code != 200:
        log.warning("%s: revoking a token answered %s", platform, response.status_code)
    return response.status_code == 200


def profiles_from(platform, what, send, read):
    """The profiles `read(json)` finds in the answer to `send()`, a GET of the account
    behind an access token (`what` names it in errors). TokenRefused when the platform
    refuses the token, PlatformUnavailable when it may work later."""
    try:
        response = send()
    except requests.RequestException as error:
        reason = error.message if isinstance(error, transport.SendFailed) else error
        raise PlatformUnavailable(f"{platform}: {what}: {reason}") from None
    if response.status_code == 401:
        raise TokenRefused("unauthorized", f"{platform}: the access token was refused")
    if response.status_code != 200:
        raise PlatformUnavailable(f"{platform}: {what}: HTTP {response.status_code}")
    try:
        return read(response.json())
    except (ValueError, KeyError, TypeError):
        raise PlatformUnavailable(
            f"{platform}: {what}: an answer of the wrong shape: {response.text[:200]}"
        ) from None
