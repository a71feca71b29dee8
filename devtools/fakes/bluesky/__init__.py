"""A fake Bluesky on 127.0.0.1, faithful to the AT Protocol as Postline uses it
(docs/platforms/bluesky.md): handles resolved to DIDs and DID documents naming the
account's PDS (the entryway and the PLC directory), sign-in with an app password
(createSession, limited per account) and rotating refresh tokens, the profile, blobs,
posts as app.bsky.feed.post records validated as the PDS validates them (300
graphemes, 3,000 bytes, facets, reply references, one embed: images, a video or a
link card), record keys chosen by the client (a key in use is the PDS's 500),
getRecord, the video service with its service tokens and processing jobs, the 5,000
write points an hour, and XRPC's error shape (`{"error", "message"}`, ExpiredToken as
a 400, 429 with `ratelimit-*` headers).

Tests drive it in their own process (`FakeBluesky()`), with controls to inject each
error class and a delay; `python -m devtools.fakes.bluesky --port N --delay 0.1` runs
it as a process of its own, and `python -m devtools.fakes.bluesky --self-check` walks
it through what Postline does and says whether it still answers as documented.
"""

from devtools.fakes.bluesky.fake import ACCOUNT, FakeBluesky, bluesky_account

__all__ = ["ACCOUNT", "FakeBluesky", "bluesky_account"]
