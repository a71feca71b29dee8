"""TikTok: OAuth 2.0 with the app's client key and rotating refresh tokens, video
posts (chunked FILE_UPLOAD or PULL_FROM_URL) and photo posts (PULL_FROM_URL), the
status TikTok reports while it publishes, and TikTok's error classes (README, TikTok).

- `oauth`: authorize URL, code exchange, refresh, revocation, the profile;
- `limits`: TikTok's limits on a post's text and media;
- `posting`: the creator's limits, uploads, pulls and the publish status.
"""

from postline.platforms.base import UNCONFIRMED
from postline.platforms.tiktok.limits import VIDEO_TITLE_MAX, check_content
from postline.platforms.tiktok.oauth import (
    CLIENT_SETTING,
    PKCE,
    REFRESHES,
    SCOPES,
    authorize_url,
    exchange_code,
    profiles,
    refresh,
    revoke,
)
from postline.platforms.tiktok.posting import check, publish

PROVIDER = "tiktok"
NAME = "TikTok"
PLATFORM = "tiktok"
TRANSACTIONAL = False
# The most characters of a post's text: a video's title (a photo post's description takes 4,000).
CONTENT_LIMIT = VIDEO_TITLE_MAX
# A processing target whose end cannot be learned (still processing at [publishing]
# processing_timeout, or its connection dead) may yet be published by TikTok: it
# becomes unconfirmed rather than being sent again.
UNKNOWN_END_KIND = UNCONFIRMED
# TikTok's /v2/oauth/revoke/ ends the user's grant given an access token.
REVOKES_ACCESS_TOKEN = True

__all__ = [
    "CLIENT_SETTING",
    "CONTENT_LIMIT",
    "NAME",
    "PKCE",
    "PLATFORM",
    "UNKNOWN_END_KIND",
    "PROVIDER",
    "REFRESHES",
    "REVOKES_ACCESS_TOKEN",
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
