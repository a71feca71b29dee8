"""`python -m devtools.fakes.youtube --port N --delay S`: the fake in a process of its own,
its URL printed on the first line (devtools/fakes/base.py serve); `--self-check` walks
a fake on a free port through what Postline does and exits 0 when it answered as
documented (devtools/fakes/youtube/selfcheck.py)."""

import sys

from devtools.fakes.base import serve
from devtools.fakes.youtube import FakeYouTube
from devtools.fakes.youtube.selfcheck import main as self_check

if "--self-check" in sys.argv[1:]:
    sys.exit(self_check())
serve(
    FakeYouTube,
    "A fake YouTube Data API (and Google OAuth) on 127.0.0.1",
    options=[
        ("--processing-checks", "processing_checks", int, "videos.list answers that still say processing"),
        ("--daily-uploads", "daily_uploads", int, "videos.insert calls a day (quota model uploads)"),
        ("--daily-units", "daily_units", int, "quota units a day"),
    ],
)
