"""A fake Threads API on 127.0.0.1, faithful to Threads as Postline uses it
(docs/platforms/threads.md): the authorize page with the Threads app's own id, the
code's exchange, the long-lived token and its renewal (only once a day old), the
profile, media containers (text, image, video, carousel) with their asynchronous
status, `threads_publish`, replies by `reply_to_id`, the publishing quota, and Threads'
error shape (Graph's `{"error": {...}}`, usage headers on throttling).

Threads fetches media itself: `fetch(url) -> (status, content type, bytes)` does it
(over HTTP by default; tests hand it the app's test client), and refuses an image that
is not a JPEG or PNG.

Tests drive it in their own process (`FakeThreads()`); `python -m devtools.fakes.threads
--port N --delay 0.1` runs it as a process of its own, and `--self-check` walks a fake
through what Postline does with it (devtools/fakes/threads/selfcheck.py).
"""

from devtools.fakes.threads.fake import CLIENT_ID, CLIENT_SECRET, USER, FakeThreads, threads_user

__all__ = ["CLIENT_ID", "CLIENT_SECRET", "USER", "FakeThreads", "threads_user"]
