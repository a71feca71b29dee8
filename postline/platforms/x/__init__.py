"""X: OAuth 2.0 with PKCE and rotating refresh tokens, text posts, up to four images,
one GIF or video through the chunked upload, and X's error classes (docs/platforms/x.md).

- `X`, its `ADAPTER`: the provider and publisher in the registry;
- `oauth`: revocation and the profile (the flow itself: postline/platforms/oauth.py);
- `text`: X's limits (280 weighted characters, the media mixes it takes);
- `posting`: uploads, media processing and the post itself.
"""

from postline.platforms.base import Limits
from postline.platforms.oauth import CLIENT_SECRET_BASIC, OAuthProvider
from postline.platforms.x import oauth, posting, text


class X(OAuthProvider):
    """X, connected with PKCE (S256). A confidential client authenticates with HTTP
    Basic; a public one (no client secret) sends only its client_id.

    X rotates refresh tokens: each refresh answers a new one and the old one stops
    working at once (postline/connections/tokens.py stores the new pair before
    anything else can happen). X answers an unknown or spent refresh token with 400
    `invalid_request`, and a revoked grant with `invalid_grant`: both are definite.
    """

    provider = "x"
    name = "X"
    scopes = ("tweet.read", "tweet.write", "users.read", "offline.access", "media.write")
    pkce = True
    refreshes = True
    client_auth = CLIENT_SECRET_BASIC
    definite_refusals = ("invalid_grant", "invalid_request", "unauthorized_client")

    platform = "x"
    transactional = False
    unknown_end_kind = None
    content_limit = text.MAX_WEIGHTED  # in X's weighted characters
    limits = Limits(text.MAX_WEIGHTED, text.MAX_IMAGES, 1, text.IMAGE_BYTES, text.VIDEO_BYTES)
    threads = True  # each follow-up part replies to the one before
    comments = True  # a first comment is the author's reply to the post

    publish = staticmethod(posting.publish)
    check = staticmethod(posting.check)
    check_content = staticmethod(text.check_content)
    check_comment = staticmethod(text.check_comment)
    check_options = staticmethod(text.check_options)
    profiles = staticmethod(oauth.profiles)

    def token_params(self, settings):
        # The client's id in the form as well, whether or not it authenticates by Basic.
        return {"client_id": settings["client_id"]}

    def revoke(self, settings, token, timeout):
        return oauth.revoke(self.session(settings, timeout), settings, token, timeout)


ADAPTER = X()
