"""Bluesky (the AT Protocol): sign-in with a handle and an app password, sessions
refreshed and renewed, posts as records with facets, images, a video or a link card,
threads and first comments as replies, and Bluesky's error classes
(docs/platforms/bluesky.md).

- `Bluesky`, its `ADAPTER`: the provider and publisher in the registry;
- `identity`: handle -> DID -> DID document -> the account's PDS;
- `sessions`: sign-in, refresh (signing in again when a refresh is refused), the
  profile, sign-out, and what Postline keeps as the connection's tokens;
- `text`: the limits (300 graphemes) and the facets;
- `posting`, `media`, `pds`: the records, their embeds, the calls and their errors.
"""

from postline.platforms.base import Limits, TokenRefused
from postline.platforms.bluesky import posting, sessions, text
from postline.platforms.bluesky.identity import SignInRefused

__all__ = ["ADAPTER", "Bluesky", "SignInRefused"]


class Bluesky:
    """Bluesky, connected by signing in with a handle and an app password
    (`POST /v1/connections/bluesky`): no OAuth app, so nothing to configure, and the
    OAuth members refuse. OAuth would need a client-metadata document at a public
    HTTPS URL, with DPoP and PAR on every call: a self-hosted server without one
    could not offer it, and app passwords are what Bluesky's schedulers use.
    """

    provider = "bluesky"
    name = "Bluesky"
    # What an app password's session may do: everything but the account's settings,
    # its app passwords and direct messages.
    scopes = ("com.atproto.appPass",)
    pkce = False
    refreshes = True
    revokes_access_token = False
    client_param = "client_id"
    # Connected by signing in with a password (postline/connections/app_passwords.py),
    # not by an OAuth run: ready on every server, with no settings to give.
    password_sign_in = True

    platform = "bluesky"
    transactional = False
    unknown_end_kind = None  # the record is made only once the video is processed
    content_limit = text.MAX_GRAPHEMES  # in graphemes
    limits = Limits(text.MAX_GRAPHEMES, text.MAX_IMAGES, 1, text.IMAGE_BYTES, text.VIDEO_BYTES)
    threads = True  # each follow-up part replies to the one before
    comments = True  # a first comment is the author's reply to the post

    publish = staticmethod(posting.publish)
    check = staticmethod(posting.check)
    check_content = staticmethod(text.check_content)
    check_comment = staticmethod(text.check_comment)
    check_options = staticmethod(text.check_options)
    profiles = staticmethod(sessions.profiles)
    refresh = staticmethod(sessions.refresh)

    @property
    def platforms(self):
        return (self,)

    def settings_from(self, section):
        return section

    def sign_in(self, settings, handle, app_password, timeout):
        """(Profile, Tokens) of the account `handle` signed in with `app_password`;
        SignInRefused naming the field at fault, PlatformUnavailable for later."""
        return sessions.sign_in(settings, handle, app_password, timeout)

    def authorize_url(self, settings, redirect_uri, state, code_verifier):
        raise TokenRefused("no_oauth", "bluesky: connect with a handle and an app password")

    def exchange_code(self, settings, redirect_uri, code, code_verifier, timeout):
        raise TokenRefused("no_oauth", "bluesky: connect with a handle and an app password")

    def revoke(self, settings, token, timeout):
        return sessions.sign_out(settings, token, timeout)


ADAPTER = Bluesky()
