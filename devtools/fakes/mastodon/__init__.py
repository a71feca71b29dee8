"""A fake Mastodon instance on 127.0.0.1, faithful to Mastodon's API as Postline uses it
(docs/platforms/mastodon.md): apps registered per instance (`POST /api/v1/apps`), the
authorization server's metadata and PKCE from 4.3, OAuth with tokens that never
expire (revoked instead), the account behind a token, the instance's limits
(`/api/v2/instance`), media processed later (202, then 206 until done), statuses with
replies, visibility and content warnings, counted as Mastodon counts them, the
Idempotency-Key kept an hour, rate limits with an ISO 8601 X-RateLimit-Reset, and
Mastodon's error shape (`{"error": "..."}`).

Tests drive it in their own process (`FakeMastodon()`), with controls to inject each
error class and a delay; `python -m devtools.fakes.mastodon --port N --delay S` runs
it as a process of its own, `--self-check` walks it through what Postline does.
"""

from devtools.fakes.mastodon.fake import ACCOUNT, LIMITS, FakeMastodon, mastodon_account

__all__ = ["ACCOUNT", "LIMITS", "FakeMastodon", "mastodon_account"]
