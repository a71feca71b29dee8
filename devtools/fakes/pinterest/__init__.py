"""A fake Pinterest API v5 on 127.0.0.1, faithful to Pinterest as Postline uses it
(docs/platforms/pinterest.md): the authorize page, the token endpoint with the app in
HTTP Basic and continuous refresh tokens (a new pair at each refresh, the spent one
refused with code 283), the profile, the boards (paged by bookmark; a group board
every fake account may pin to), pins of an image, 2 to 5 images or a processed video,
video registration with its S3 upload, and Pinterest's error shape (`{"code",
"message"}`, 429 with its reset headers).

Pinterest fetches images itself: `fetch(url) -> (status, content type, bytes)` does it
(over HTTP by default; tests hand it the app's test client).

Tests drive it in their own process (`FakePinterest()`); `python -m
devtools.fakes.pinterest --port N --delay 0.1` runs it as a process of its own, and
`--self-check` walks a fake through what Postline does with it
(devtools/fakes/pinterest/selfcheck.py).
"""

from devtools.fakes.pinterest.fake import (
    BOARD_ID,
    CLIENT_ID,
    CLIENT_SECRET,
    GROUP_BOARD,
    USER,
    FakePinterest,
    pinterest_user,
)

__all__ = ["BOARD_ID", "CLIENT_ID", "CLIENT_SECRET", "GROUP_BOARD", "USER", "FakePinterest", "pinterest_user"]
