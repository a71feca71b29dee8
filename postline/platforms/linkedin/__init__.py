"""LinkedIn: OAuth 2.0 without PKCE (refresh tokens for partner apps only), text
posts, one image or 2-20 as a multiImage, one MP4 video through the multipart upload
and LinkedIn's processing, and LinkedIn's error classes (README, LinkedIn).

- `oauth`: authorize URL, code exchange, refresh, revocation, the member's profile;
- `limits`: LinkedIn's limits (3,000 characters, the media one post may carry);
- `posting`: uploads, video processing and the post itself.
"""

from postline.platforms.linkedin.limits import CONTENT_LIMIT, check_content
from postline.platforms.linkedin.oauth import (
    PKCE,
    REFRESHES,
    SCOPES,
    authorize_url,
    exchange_code,
    profiles,
    refresh,
    revoke,
)
from postline.platforms.linkedin.posting import check, publish

PROVIDER = "linkedin"
NAME = "LinkedIn"
PLATFORM = "linkedin"
TRANSACTIONAL = False

__all__ = [
    "CONTENT_LIMIT",
    "NAME",
    "PKCE",
    "PLATFORM",
    "PROVIDER",
    "REFRESHES",
    "SCOPES",
    "TRANSACTIONAL",
    "authorize_url",
    "check",
    "check_content",
    "exchange_code",
    "profiles",
    "publish",
    "refresh",
    "revoke",
]
