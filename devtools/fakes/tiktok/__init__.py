"""A fake TikTok on 127.0.0.1, faithful to the Content Posting API as Postline uses it
(docs/platforms/tiktok.md): OAuth 2.0 with `client_key` and rotating refresh tokens, the
profile, `creator_info/query`, videos by FILE_UPLOAD (the chunk rules enforced) or
PULL_FROM_URL, photo posts, `status/fetch` with its asynchronous states, the per-token
rate limits of `video/init` (6 a minute) and `status/fetch` (30 a minute), and
TikTok's error envelope `{"data", "error": {"code", "message", "log_id"}}`, failures
included that arrive as HTTP 200.

Tests drive it in their own process (`FakeTikTok()`); `python -m
devtools.fakes.tiktok --port N --delay 0.1` runs it as a process of its own.
"""

from devtools.fakes.tiktok.fake import (
    CLIENT_KEY,
    CLIENT_SECRET,
    MB,
    USER,
    FakeTikTok,
    status_limit,
    tiktok_user,
)

__all__ = [
    "CLIENT_KEY",
    "CLIENT_SECRET",
    "MB",
    "USER",
    "FakeTikTok",
    "status_limit",
    "tiktok_user",
]
