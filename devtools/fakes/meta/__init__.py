"""A fake Meta Graph API on 127.0.0.1, faithful to Meta as Postline uses it
(docs/platforms/meta.md): the OAuth dialog, the code and `fb_exchange_token` exchanges, `/me/accounts`
with Page tokens and linked Instagram accounts, Facebook Page feed, photos and videos,
Instagram containers with their asynchronous status, `media_publish`,
`content_publishing_limit`, and Meta's error shape (`{"error": {"message", "type",
"code", "error_subcode", "fbtrace_id"}}`, usage headers on throttling).

Every Graph call checks the kind of token it carries, as Meta does: a Page or an
Instagram call with the user token, or a user call with a Page token, is refused.
Meta fetches media itself: `fetch(url) -> (status, content type, bytes)` does it
(over HTTP by default; tests hand it the app's test client), and an Instagram image
that is not a JPEG is refused.

Tests drive it in their own process (`FakeMeta()`); `python -m devtools.fakes.meta
--port N --delay 0.1` runs it as a process of its own.
"""

from devtools.fakes.meta.fake import (
    CLIENT_ID,
    CLIENT_SECRET,
    IG_ID,
    PAGES,
    USER,
    FakeMeta,
    meta_user,
)

__all__ = [
    "CLIENT_ID",
    "CLIENT_SECRET",
    "IG_ID",
    "PAGES",
    "USER",
    "FakeMeta",
    "meta_user",
]
