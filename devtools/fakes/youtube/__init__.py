"""A fake YouTube on 127.0.0.1, faithful to the YouTube Data API v3 and Google's OAuth as
Postline uses them (docs/platforms/youtube.md): the consent page with offline access and
PKCE, tokens that expire in an hour and refresh tokens that do not rotate, revocation;
the caller's channel; resumable uploads (a session, chunks of 256 KiB multiples, 308
with the `Range` held, probes, a session that expires), the video's processing,
thumbnails and top-level comments; the project's daily quota in either of YouTube's
models; and Google's error shape (`{"error": {code, message, errors: [{reason}]}}`).

Tests drive it in their own process (`FakeYouTube()`), with controls to inject each
error class and a delay; `python -m devtools.fakes.youtube --port N --delay 0.1` runs
it as a process of its own, and `--self-check` walks a fresh one through what Postline
does with it (selfcheck.py).
"""

from devtools.fakes.youtube.fake import CHANNEL, CLIENT_ID, CLIENT_SECRET, FakeYouTube, youtube_channel
from devtools.fakes.youtube.uploads import CHUNK_UNIT

__all__ = ["CHANNEL", "CHUNK_UNIT", "CLIENT_ID", "CLIENT_SECRET", "FakeYouTube", "youtube_channel"]
