"""Platforms: one adapter object per platform behind the typing.Protocols of
postline/platforms/protocol.py (Publisher, TransactionalPublisher, Provider), and the
registry below, the one place that lists them (docs/development.md, Adding a
platform).

- `PROVIDERS`: what users connect accounts through (`GET /v1/connections/{provider}/auth`,
  the console's connect buttons), by provider name;
- `PUBLISHERS`: what publishes a post's targets, by platform: the test-mode sandbox and
  the `platforms` of each provider;
- base.py: what adapters return and raise; oauth.py: the OAuth flow, written once.
"""

from postline.platforms import (
    bluesky,
    linkedin,
    mastodon,
    meta,
    pinterest,
    sandbox,
    threads,
    tiktok,
    x,
    youtube,
)
from postline.platforms.base import (
    BLOCKED,
    PERMANENT,
    RETRYABLE,
    TOKEN,
    UNCONFIRMED,
    Call,
    PlatformUnavailable,
    Processing,
    Profile,
    Published,
    PublishError,
    TokenRefused,
    Tokens,
)

__all__ = [
    "BLOCKED",
    "PERMANENT",
    "PROVIDERS",
    "PUBLISHERS",
    "RETRYABLE",
    "TOKEN",
    "UNCONFIRMED",
    "Call",
    "PlatformUnavailable",
    "Processing",
    "Profile",
    "Published",
    "PublishError",
    "TokenRefused",
    "Tokens",
    "for_accounts",
    "for_platform",
    "provider",
    "provider_of",
]

PROVIDERS = {
    "x": x.ADAPTER,
    "linkedin": linkedin.ADAPTER,
    "meta": meta.ADAPTER,
    "tiktok": tiktok.ADAPTER,
    "bluesky": bluesky.ADAPTER,
    "mastodon": mastodon.ADAPTER,
    "threads": threads.ADAPTER,
    "youtube": youtube.ADAPTER,
    "pinterest": pinterest.ADAPTER,
}
PUBLISHERS = {
    sandbox.ADAPTER.platform: sandbox.ADAPTER,
    **{publisher.platform: publisher for adapter in PROVIDERS.values() for publisher in adapter.platforms},
}


def for_platform(platform):
    """The publisher of `platform` (a target's `platform`)."""
    return PUBLISHERS[platform]


def for_accounts(platform, account_ids):
    """What a post to `platform` must meet on the accounts `account_ids` (their
    connections' `platform_account_id`s): the publisher's rules, narrowed to those
    accounts where the platform's limits differ by account (Mastodon's, by instance:
    `for_accounts` of its adapter); the publisher itself elsewhere."""
    publisher = PUBLISHERS[platform]
    narrowed = getattr(publisher, "for_accounts", None)
    return narrowed(account_ids) if narrowed is not None else publisher


def provider(name):
    """The provider adapter named `name`, or None."""
    return PROVIDERS.get(name)


def provider_of(platform):
    """The name of the provider whose accounts publish to `platform`, or None."""
    return next(
        (name for name, adapter in PROVIDERS.items() if platform in [p.platform for p in adapter.platforms]),
        None,
    )
