"""YouTube (the Data API v3): Google's OAuth with offline access, videos uploaded through
resumable sessions streamed from storage, their processing, thumbnails, a first comment,
the project's daily quota, and YouTube's error classes (docs/platforms/youtube.md).

- `YouTube`, its `ADAPTER`: the provider and publisher in the registry;
- `oauth`: revocation and the channel (the flow itself: postline/platforms/oauth.py);
- `limits`: YouTube's limits (one video, the description, title and tags, Shorts);
- `quota`: the project's daily quota, counted before an upload starts;
- `upload`: the resumable upload, chunk by chunk, resumed from where YouTube stands;
- `posting`: the upload's metadata, processing, thumbnail, comment and errors.
"""

from authlib.common.urls import add_params_to_uri

from postline.platforms.base import UNCONFIRMED
from postline.platforms.oauth import CLIENT_SECRET_IN_FORM, OAuthProvider
from postline.platforms.youtube import limits, oauth, posting

# What Google's authorize page is asked besides plain OAuth: a refresh token (offline
# access), which Google sends only when the user consents again (prompt=consent).
OFFLINE = (("access_type", "offline"), ("prompt", "consent"), ("include_granted_scopes", "true"))


class YouTube(OAuthProvider):
    """YouTube, connected through Google's OAuth with PKCE (S256) and the client secret
    in the token form. Refresh tokens do not rotate; Google refuses a dead one with
    `invalid_grant`: revoked, unused for six months, or older than 7 days while the
    app's consent screen is in testing (docs/platforms/youtube.md).
    """

    provider = "youtube"
    name = "YouTube"
    # upload: videos.insert; youtube.readonly: the channel and the processing status;
    # force-ssl: the first comment (and thumbnails).
    scopes = (
        "https://www.googleapis.com/auth/youtube.upload",
        "https://www.googleapis.com/auth/youtube.readonly",
        "https://www.googleapis.com/auth/youtube.force-ssl",
    )
    pkce = True
    refreshes = True
    client_auth = CLIENT_SECRET_IN_FORM

    platform = "youtube"
    transactional = False
    # A processing part whose end cannot be learned (still processing at [publishing]
    # processing_timeout, or its connection dead) holds a video YouTube has, or an upload
    # session that may have made one: unconfirmed, never uploaded again.
    unknown_end_kind = UNCONFIRMED
    content_limit = limits.DESCRIPTION_BYTES  # the description, in bytes of UTF-8
    threads = False
    comments = True  # a comment thread under the video, as the channel

    publish = staticmethod(posting.publish)
    check = staticmethod(posting.check)
    check_content = staticmethod(limits.check_content)
    check_comment = staticmethod(limits.check_comment)
    check_options = staticmethod(limits.check_options)
    revoke = staticmethod(oauth.revoke)
    profiles = staticmethod(oauth.profiles)
    # Last: from here on `limits` in this class body is this attribute, not the module.
    limits = limits.LIMITS

    def authorize_url(self, settings, redirect_uri, state, code_verifier):
        """Google's consent page, asking for offline access."""
        return add_params_to_uri(super().authorize_url(settings, redirect_uri, state, code_verifier), OFFLINE)


ADAPTER = YouTube()
