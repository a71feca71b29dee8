"""Threads (Meta): its own OAuth with the Threads app's id and secret, long-lived
tokens renewed before they lapse, posts as containers (text, an image, a video or a
carousel) published once Threads has them, threads and first comments as replies, the
account's publishing quota, and Threads' error classes (docs/platforms/threads.md).

- `Threads`, its `ADAPTER`: the provider and publisher in the registry;
- `oauth`: the long-lived token, its renewal, the profile;
- `limits`: 500 characters (an emoji counts its UTF-8 bytes), the media a post carries;
- `graph`: the Threads API's calls and error classes;
- `posting`: the quota, containers, their status, and publishing them.
"""

from authlib.integrations.base_client import OAuthError

from postline.platforms.base import Limits
from postline.platforms.oauth import CLIENT_SECRET_IN_FORM, OAuthProvider
from postline.platforms.threads import limits, oauth, posting

DAY_MS = 24 * 60 * 60 * 1000


class Threads(OAuthProvider):
    """Threads, connected without PKCE through the Threads app (its own id and secret,
    not the Meta app's): scopes comma-separated, the secret in the token form. The
    code buys a short-lived token (an hour), exchanged at once for a long-lived one (60
    days), which renews itself: kept as the connection's refresh token as well, it is
    renewed a week before it lapses (`refresh_ahead_ms`), never later than Threads
    allows (a token at least a day old and not expired).
    """

    provider = "threads"
    name = "Threads"
    # threads_manage_replies: a thread's parts and the first comment are replies.
    scopes = ("threads_basic", "threads_content_publish", "threads_manage_replies")
    pkce = False
    refreshes = True
    scope_separator = ","
    client_auth = CLIENT_SECRET_IN_FORM
    # Graph answers a refused code with its own error object: no OAuth code is final.
    definite_refusals = ()
    # The worker renews a token this long before it lapses (postline/connections/tokens.py).
    refresh_ahead_ms = 7 * DAY_MS

    platform = "threads"
    transactional = False
    unknown_end_kind = None  # nothing is published before threads_publish
    content_limit = limits.CONTENT_LIMIT  # an emoji counts its UTF-8 bytes
    threads = True  # each follow-up part replies to the one before
    comments = True  # a first comment is the author's reply to the post

    publish = staticmethod(posting.publish)
    check = staticmethod(posting.check)
    check_content = staticmethod(limits.check_content)
    check_comment = staticmethod(limits.check_comment)
    check_options = staticmethod(limits.check_options)
    revoke = staticmethod(oauth.revoke)
    profiles = staticmethod(oauth.profiles)
    # Last: from here on `limits` in this class body is this attribute, not the module.
    # A carousel's items may be images or videos.
    limits = Limits(
        limits.CONTENT_LIMIT, limits.MAX_CAROUSEL, limits.MAX_CAROUSEL, limits.IMAGE_BYTES, limits.VIDEO_BYTES
    )

    def exchange_code(self, settings, redirect_uri, code, code_verifier, timeout):
        """A long-lived token for an authorization code: the code's short-lived token,
        exchanged at once. Threads may end the code with `#_`, which is no part of it."""
        code = code.removesuffix("#_")
        short = super().exchange_code(settings, redirect_uri, code, code_verifier, timeout)
        return oauth.long_lived(settings, short.access_token, timeout, self.scopes)

    def refresh(self, settings, refresh_token, timeout):
        """The long-lived token renewed for 60 days (it is its own refresh token)."""
        return oauth.renewed(settings, refresh_token, timeout, self.scopes)

    def granted(self, request_token):
        """As OAuthProvider's, naming what Graph's error object says."""

        def said_plainly():
            try:
                return request_token()
            except OAuthError as error:
                if isinstance(error.error, dict):
                    raise OAuthError(error=error.error.get("message") or "an error") from None
                raise

        return super().granted(said_plainly)


ADAPTER = Threads()
