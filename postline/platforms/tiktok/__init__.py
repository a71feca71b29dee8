"""TikTok: OAuth 2.0 with the app's client key and rotating refresh tokens, video
posts (chunked FILE_UPLOAD or PULL_FROM_URL) and photo posts (PULL_FROM_URL), the
status TikTok reports while it publishes, and TikTok's error classes (docs/platforms/tiktok.md).

- `TikTok`, its `ADAPTER`: the provider and publisher in the registry;
- `oauth`: revocation and the profile (the flow itself: postline/platforms/oauth.py);
- `limits`: TikTok's limits on a post's text and media;
- `posting`: the creator's limits, uploads, pulls and the publish status.
"""

from postline.platforms.base import UNCONFIRMED, Limits
from postline.platforms.oauth import CLIENT_SECRET_IN_FORM, OAuthProvider
from postline.platforms.tiktok import limits, oauth, posting


class TikTok(OAuthProvider):
    """TikTok, connected without PKCE (its web flow takes none). TikTok names the
    client `client_key` on the authorize URL and in the token form (the client secret
    travels in the form too; the setting is `[tiktok] client_id`, as for every
    provider), and separates scopes with commas; a refresh sends only
    the refresh token. Refresh tokens rotate: each refresh answers a new one and the
    old one stops working (postline/connections/tokens.py writes the new pair in one
    statement). Lifetimes are read from each answer's `expires_in`, never assumed:
    TikTok has changed them before.
    """

    provider = "tiktok"
    name = "TikTok"
    scopes = ("user.info.basic", "video.publish")
    pkce = False
    refreshes = True
    client_param = "client_key"
    scope_separator = ","
    client_auth = CLIENT_SECRET_IN_FORM
    refresh_asks_scopes = False
    definite_refusals = ("invalid_grant",)
    # TikTok's /v2/oauth/revoke/ ends the user's grant given an access token.
    revokes_access_token = True

    platform = "tiktok"
    transactional = False
    # A processing target whose end cannot be learned (still processing at [publishing]
    # processing_timeout, or its connection dead) may yet be published by TikTok: it
    # becomes unconfirmed rather than being sent again.
    unknown_end_kind = UNCONFIRMED
    # The most characters of a post's text: a video's title (a photo post's description takes 4,000).
    content_limit = limits.VIDEO_TITLE_MAX
    threads = False
    comments = False  # TikTok's API has no comments

    publish = staticmethod(posting.publish)
    check = staticmethod(posting.check)
    check_content = staticmethod(limits.check_content)
    check_comment = staticmethod(limits.check_comment)
    check_options = staticmethod(limits.check_options)
    revoke = staticmethod(oauth.revoke)
    profiles = staticmethod(oauth.profiles)
    # Last: from here on `limits` in this class body is this attribute, not the module.
    limits = Limits(limits.VIDEO_TITLE_MAX, limits.MAX_PHOTOS, 1, video_bytes=limits.VIDEO_BYTES)

    def settings_from(self, section):
        """`client_id`, when empty, from `client_key`, its older name."""
        return {**section, "client_id": section.get("client_id") or section.get("client_key") or ""}


ADAPTER = TikTok()
