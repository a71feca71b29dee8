"""X: OAuth 2.0 with PKCE and rotating refresh tokens, text posts, up to four images,
one GIF or video through the chunked upload, and X's error classes (README, X).

- `oauth`: authorize URL, code exchange, refresh, revocation, the profile;
- `text`: X's limits (280 weighted characters, the media mixes it takes);
- `posting`: uploads, media processing and the post itself.
"""

from postline.platforms.x.oauth import (
    PKCE,
    REFRESHES,
    SCOPES,
    authorize_url,
    exchange_code,
    profiles,
    refresh,
    revoke,
)
from postline.platforms.x.posting import check, publish
from postline.platforms.x.text import MAX_WEIGHTED, check_content, weighted_length

PROVIDER = "x"
NAME = "X"
PLATFORM = "x"
TRANSACTIONAL = False
CONTENT_LIMIT = MAX_WEIGHTED  # in X's weighted characters

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
    "weighted_length",
]
