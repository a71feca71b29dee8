"""LinkedIn: OAuth 2.0 without PKCE (refresh tokens for partner apps only), the member
and, with `[linkedin] organization_pages`, each page they administer, text posts, one
image or 2-20 as a multiImage, one MP4 video through the multipart upload and
LinkedIn's processing, and LinkedIn's error classes (docs/platforms/linkedin.md).

- `LinkedIn`, its `ADAPTER`: the provider and publisher in the registry;
- `oauth`: revocation, the member's profile and their pages (the flow:
  postline/platforms/oauth.py);
- `limits`: LinkedIn's limits (3,000 characters, the media one post may carry);
- `posting`: uploads, video processing and the post itself.
"""

from postline.platforms.base import Limits
from postline.platforms.linkedin import limits, oauth, posting
from postline.platforms.oauth import CLIENT_SECRET_IN_FORM, OAuthProvider


class LinkedIn(OAuthProvider):
    """LinkedIn, connected without PKCE: its web flow takes the client secret in the
    token request's form.

    Only LinkedIn's approved partner apps receive refresh tokens; their 365-day life
    runs from the first grant and does not restart on a refresh. Without one, the
    access token (about 60 days) is all there is: the connection shows
    `tokenExpiresAt` and becomes `expired` when it ends (postline/connections/tokens.py).
    """

    provider = "linkedin"
    name = "LinkedIn"
    # openid + profile: /v2/userinfo (who connected); w_member_social: posting as them.
    scopes = ("openid", "profile", "w_member_social")
    # With [linkedin] organization_pages: posting as a page, and listing the pages.
    page_scopes = ("w_organization_social", "rw_organization_admin")
    pkce = False
    refreshes = True  # when LinkedIn sent a refresh token (partner apps)
    client_auth = CLIENT_SECRET_IN_FORM
    definite_refusals = ("invalid_grant", "invalid_request", "invalid_client", "unauthorized_client")

    platform = "linkedin"
    transactional = False
    unknown_end_kind = None
    content_limit = limits.CONTENT_LIMIT
    threads = False
    comments = True  # under the post, as its author

    publish = staticmethod(posting.publish)
    check = staticmethod(posting.check)
    check_content = staticmethod(limits.check_content)
    check_comment = staticmethod(limits.check_comment)
    check_options = staticmethod(limits.check_options)
    revoke = staticmethod(oauth.revoke)
    profiles = staticmethod(oauth.profiles)
    # Last: from here on `limits` in this class body is this attribute, not the module.
    limits = Limits(limits.CONTENT_LIMIT, limits.MAX_IMAGES, 1, video_bytes=limits.VIDEO_BYTES)

    def scopes_for(self, settings):
        """The member's scopes, and the pages' where `[linkedin] organization_pages` is on."""
        return self.scopes + (self.page_scopes if settings.get("organization_pages") else ())


ADAPTER = LinkedIn()
