"""Meta: Facebook Pages and Instagram professional accounts, connected through one
OAuth run (README, Meta).

- `oauth`: the dialog, the code and long-lived token exchange, the Pages and linked
  Instagram accounts with their Page tokens (no refresh: Meta has none);
- `graph`: Graph API calls at `[meta] graph_version` and Meta's error classes;
- `facebook`, `instagram`: one publisher per platform, each with its limits.
"""

from postline.platforms.meta import facebook, instagram
from postline.platforms.meta.oauth import (
    PKCE,
    REFRESHES,
    SCOPES,
    authorize_url,
    exchange_code,
    profiles,
    refresh,
    revoke,
)

PROVIDER = "meta"
PLATFORMS = (facebook, instagram)


def check_content(content, media):
    """What Facebook and Instagram would refuse of `content` and `media`."""
    return [problem for platform in PLATFORMS for problem in platform.check_content(content, media)]


__all__ = [
    "PKCE",
    "PLATFORMS",
    "PROVIDER",
    "REFRESHES",
    "SCOPES",
    "authorize_url",
    "check_content",
    "exchange_code",
    "facebook",
    "instagram",
    "profiles",
    "refresh",
    "revoke",
]
