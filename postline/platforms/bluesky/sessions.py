"""A Bluesky connection's session: signing in with an app password, refreshing, the
profile, signing out.

createSession (the sign-in) answers an access JWT (about 2 hours) and a refresh JWT
(about 90 days); refreshSession trades the refresh JWT for a new pair, the old one
spent. Bluesky allows an account 30 sign-ins in 5 minutes and 300 a day, so Postline
signs in once and refreshes after; only when a refresh is refused (the refresh JWT
expired or was revoked, or the account moved to another PDS) does it sign in again
with the app password, which it keeps for that, encrypted like a token.

What Postline stores as the connection's tokens (postline/connections/tokens.py
encrypts and rotates them as one pair):
- the access token: `Access`, the access JWT and the PDS it is good at;
- the refresh token: `Renewal`, the refresh JWT, the PDS, the account's DID and the
  app password.
"""

import base64
import json
import logging
from dataclasses import asdict, dataclass

import regex

from postline import clock
from postline.platforms.base import PlatformUnavailable, Profile, TokenRefused, Tokens
from postline.platforms.bluesky import identity, xrpc
from postline.platforms.bluesky.identity import SignInRefused

log = logging.getLogger(__name__)

PLATFORM = "bluesky"
# How Bluesky writes an app password: four groups of four letters a-z and digits 2-7.
APP_PASSWORD = regex.compile(r"[a-z2-7]{4}(?:-[a-z2-7]{4}){3}")
# A session Bluesky no longer takes (token errors come as 400 or 401).
REFUSED_TOKEN = ("ExpiredToken", "InvalidToken", "AuthenticationRequired", "AuthMissing")
ACCOUNT_GONE = ("AccountTakedown", "AccountDeactivated")


@dataclass(frozen=True)
class Access:
    """The access token as a Bluesky connection keeps it: the JWT and its PDS."""

    pds: str
    jwt: str

    def text(self):
        return json.dumps(asdict(self))

    @classmethod
    def parse(cls, text):
        return cls(**json.loads(text))

    @property
    def did(self):
        return claims(self.jwt).get("sub")


@dataclass(frozen=True)
class Renewal:
    """The refresh token as a Bluesky connection keeps it: the refresh JWT and its PDS,
    and what signs in again when a refresh is refused (the DID and the app password)."""

    pds: str
    jwt: str
    did: str
    app_password: str

    def text(self):
        return json.dumps(asdict(self))

    @classmethod
    def parse(cls, text):
        return cls(**json.loads(text))


def claims(jwt):
    """The claims of a JWT, unverified (Postline is its bearer: the PDS verifies it)."""
    try:
        payload = jwt.split(".")[1]
        value = json.loads(base64.urlsafe_b64decode(payload + "=" * (-len(payload) % 4)))
    except (IndexError, ValueError):
        return {}
    return value if isinstance(value, dict) else {}


def sign_in(settings, handle, app_password, timeout):
    """(Profile, Tokens) of the account `handle` signed in with `app_password`.
    SignInRefused naming `handle` or `appPassword`, PlatformUnavailable when Bluesky
    cannot answer now."""
    password = (app_password or "").strip().lower()
    if not APP_PASSWORD.fullmatch(password):
        raise SignInRefused(
            "appPassword",
            "must be an app password (xxxx-xxxx-xxxx-xxxx, made in Bluesky's settings), "
            "never the account's password",
        )
    account = identity.resolve(settings, identity.normalized(handle), timeout)
    answer = _create_session(settings, account.pds, account.did, password, timeout)
    if answer.status != 200:
        if answer.status in (400, 401):
            said = answer.body.get("message") or answer.error
            raise SignInRefused("appPassword", f"Bluesky refused the handle and app password: {said}")
        raise PlatformUnavailable(_unavailable(answer))
    tokens = tokens_from(answer.body, account.pds, password)
    if answer.body.get("did") != account.did:
        raise PlatformUnavailable(
            f"bluesky: {account.pds} signed in {answer.body.get('did')}, not {account.did}"
        )
    return _profile(settings, tokens.access_token, answer.body, timeout), tokens


def _create_session(settings, pds, did, password, timeout):
    url = xrpc.method_url(pds, "com.atproto.server.createSession")
    return xrpc.send(settings, "POST", url, timeout, {"identifier": did, "password": password})


def _unavailable(answer):
    if answer.status == 429:
        reset = answer.headers.get("ratelimit-reset") if answer.headers else None
        return f"{answer.message} (Bluesky allows 30 sign-ins in 5 minutes; reset at {reset or 'unknown'})"
    return f"{answer.message} (HTTP {answer.status})"


def tokens_from(session, pds, app_password):
    """The Tokens a createSession or refreshSession answer grants."""
    if not isinstance(session.get("accessJwt"), str) or not isinstance(session.get("refreshJwt"), str):
        raise PlatformUnavailable("bluesky: a session answer without its tokens")
    granted = claims(session["accessJwt"])
    return Tokens(
        access_token=Access(pds, session["accessJwt"]).text(),
        refresh_token=Renewal(pds, session["refreshJwt"], session["did"], app_password).text(),
        expires_at=_expires_at(granted),
        scopes=[granted["scope"]] if isinstance(granted.get("scope"), str) else [],
    )


def _expires_at(granted):
    """When the access JWT ends on Postline's clock (Unix ms): its lifetime (`exp` -
    `iat`) from now, so that clocks that differ between the PDS and Postline do not
    matter; None when it says none."""
    issued, expires = granted.get("iat"), granted.get("exp")
    if not all(isinstance(value, int | float) for value in (issued, expires)):
        return None
    return clock.now_ms() + int(expires - issued) * 1000


def refresh(settings, refresh_token, timeout):
    """New Tokens for the Renewal `refresh_token`: refreshSession, or, when Bluesky
    refuses the refresh JWT, a new sign-in with the app password at the account's PDS
    as its DID document now names it. TokenRefused when the app password is refused
    too (revoked) or the account is gone, PlatformUnavailable when it may work later."""
    renewal = Renewal.parse(refresh_token)
    url = xrpc.method_url(renewal.pds, "com.atproto.server.refreshSession")
    answer = xrpc.send(settings, "POST", url, timeout, token=renewal.jwt)
    if answer.status == 200:
        return tokens_from(answer.body, renewal.pds, renewal.app_password)
    if answer.error in ACCOUNT_GONE:
        raise TokenRefused(answer.error, answer.message)
    if answer.status not in (400, 401) or answer.error not in REFUSED_TOKEN:
        raise PlatformUnavailable(_unavailable(answer))
    log.info(
        "bluesky: the refresh of %s was refused (%s); signing in with its app password",
        renewal.did,
        answer.error,
    )
    pds = identity.pds_of(identity.document_of(settings, renewal.did, timeout), renewal.did)
    session = _create_session(settings, pds, renewal.did, renewal.app_password, timeout)
    if session.status == 200:
        return tokens_from(session.body, pds, renewal.app_password)
    if session.status in (400, 401):
        raise TokenRefused(
            session.error, f"{session.message}: the app password no longer works; connect the account again"
        )
    raise PlatformUnavailable(_unavailable(session))


def profiles(settings, access_token, timeout):
    """[Profile] of the account `access_token` (an Access) signs in; TokenRefused when
    Bluesky refuses it, PlatformUnavailable when it cannot answer now."""
    access = Access.parse(access_token)
    url = xrpc.method_url(access.pds, "app.bsky.actor.getProfile", {"actor": access.did})
    answer = xrpc.send(settings, "GET", url, timeout, token=access.jwt)
    if answer.status in (400, 401) and answer.error in REFUSED_TOKEN + ACCOUNT_GONE:
        raise TokenRefused("unauthorized", f"{answer.message} (the access token was refused)")
    if answer.status != 200 or answer.body.get("did") != access.did:
        raise PlatformUnavailable(f"bluesky: the profile of {access.did} answered HTTP {answer.status}")
    return [_profile_of(answer.body)]


def _profile(settings, access_token, session, timeout):
    """The signed-in account's Profile: its profile as the AppView has it, or, for an
    account it does not know yet (no profile record), the session's handle alone."""
    try:
        return profiles(settings, access_token, timeout)[0]
    except (PlatformUnavailable, TokenRefused) as failure:
        log.info("bluesky: no profile of %s now (%s): connected with its handle", session["did"], failure)
        return Profile(PLATFORM, session["did"], session.get("handle"))


def _profile_of(profile):
    return Profile(
        platform=PLATFORM,
        account_id=profile["did"],
        username=profile.get("handle"),
        display_name=profile.get("displayName") or None,
        avatar_url=profile.get("avatar") or None,
    )


def sign_out(settings, refresh_token, timeout):
    """Whether deleteSession ended the session of the Renewal `refresh_token` (best
    effort: failures are logged). The app password itself stays: only its owner can
    revoke it, in Bluesky's settings."""
    try:
        renewal = Renewal.parse(refresh_token)
        url = xrpc.method_url(renewal.pds, "com.atproto.server.deleteSession")
        answer = xrpc.send(settings, "POST", url, timeout, token=renewal.jwt)
    except (PlatformUnavailable, ValueError, TypeError) as failure:
        log.warning("bluesky: signing out failed: %s", failure)
        return False
    if answer.status != 200:
        log.warning("bluesky: signing out answered %s", answer.status)
    return answer.status == 200
