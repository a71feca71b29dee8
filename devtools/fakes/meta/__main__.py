"""`python -m devtools.fakes.meta --port N --delay S`: the fake in a process of its own,
its URL printed on the first line (devtools/fakes/base.py serve)."""

from devtools.fakes.base import serve
from devtools.fakes.meta import FakeMeta

serve(
    FakeMeta,
    "A fake Meta Graph API on 127.0.0.1",
    [
        ("--processing", "processing_seconds", float, "seconds a container processes"),
        ("--quota", "quota_total", int, "the 24-hour publishing limit"),
    ],
)
