"""Platforms: one module (or package) per platform behind one small interface, and
their registry.

A publisher has:
- `PLATFORM`: its name in a target's `platform` field;
- `TRANSACTIONAL`: True when its effect commits in Postline's own database transaction
  (the test-mode sandbox), so an interrupted call left nothing behind and may simply
  run again; False for a real platform, whose calls leave the process: a call with an
  unknown outcome is never repeated (the target becomes `unconfirmed`);
- a TRANSACTIONAL publisher (the sandbox): `publish_all([(post, target), ...])`, a
  Published or a PublishError for each, written in the caller's transaction (a
  burst's batch at once);
- any other: `publish(post, target, call) -> Published | Processing`, raising
  `PublishError` when the platform says no (`call` is a base.Call);
- `check(post, target, call) -> Published | Processing`: asks again about a target
  that is `processing` (called at its `check_at`, with the `state` it returned);
- optionally `UNKNOWN_END_KIND`: what a processing target whose end Postline cannot
  learn becomes (still processing at `[publishing] processing_timeout`, or its
  connection dead before the platform said): UNCONFIRMED where the platform may still
  publish it (TikTok); by default the error's own kind (nothing was published yet).

A provider adapter (how users connect accounts) has, besides:
- `PROVIDER`, `NAME` (as people write it: "X", "LinkedIn", "TikTok"), `SCOPES`, `PKCE` and
  `REFRESHES` (whether tokens can be refreshed);
- optionally `REVOKES_ACCESS_TOKEN`: True when `revoke` takes the access token, not
  the refresh token (TikTok);
- optionally `CLIENT_SETTING`: the setting naming the app, if not `client_id` (TikTok's
  `client_key`);
- `authorize_url(settings, redirect_uri, state, code_verifier)`;
- `exchange_code(settings, redirect_uri, code, code_verifier, timeout) -> Tokens`;
- `refresh(settings, refresh_token, timeout) -> Tokens`, raising `TokenRefused` on a
  definite refusal and `PlatformUnavailable` when it may work later;
- `revoke(settings, token, timeout)` (best effort) and
  `profiles(settings, access_token, timeout) -> [Profile]`;
- `CONTENT_LIMIT`: the most characters of a post's text (the console shows it);
- `check_content(content, media) -> [problem]`: what breaks the platform's limits, each
  problem `(field, message)`, the message starting with the platform's name.
X is the first; LinkedIn, Meta and TikTok plug in the same way.
"""

from postline.platforms import linkedin, meta, sandbox, tiktok, x
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
    "for_platform",
    "provider",
]

REGISTRY = {module.PLATFORM: module for module in (sandbox, x, linkedin, *meta.PLATFORMS, tiktok)}
# Providers users connect through (GET /v1/connections/{provider}/auth), by name.
PROVIDERS = {module.PROVIDER: module for module in (x, linkedin, meta, tiktok)}


def for_platform(platform):
    return REGISTRY[platform]


def provider(name):
    """The adapter of provider `name`, or None."""
    return PROVIDERS.get(name)
