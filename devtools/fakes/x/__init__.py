"""A fake X on 127.0.0.1, faithful to X's API as Postline uses it (docs/platforms/x.md): OAuth 2.0
with PKCE and rotating refresh tokens, the profile, posts (replies, reply settings and
polls, refused beside media, included), the v2 media upload with
asynchronous processing, and X's error shapes (RFC 7807 bodies, 429 with
`x-rate-limit-reset`, duplicate content, usage caps).

Tests drive it in their own process (`FakeX()`), with controls to inject each error
class and a delay; `python -m devtools.fakes.x --port N --delay 0.1` runs it as a
process of its own (bench/publishing.py).
"""

from devtools.fakes.x.fake import (
    CLIENT_ID,
    CLIENT_SECRET,
    USER,
    FakeX,
    x_user,
)

__all__ = [
    "CLIENT_ID",
    "CLIENT_SECRET",
    "USER",
    "FakeX",
    "x_user",
]
