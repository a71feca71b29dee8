"""`python -m devtools.fakes.tiktok --port N --delay S`: the fake in a process of its own,
its URL printed on the first line (devtools/fakes/base.py serve)."""

from devtools.fakes.base import serve
from devtools.fakes.tiktok import FakeTikTok, status_limit

serve(
    FakeTikTok,
    "A fake TikTok API on 127.0.0.1",
    [
        ("--processing", "processing_seconds", float, "seconds a publish processes"),
        ("--status-limit", "rate_limits", status_limit, "status checks a token may make a minute"),
    ],
)
