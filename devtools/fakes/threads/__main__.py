"""`python -m devtools.fakes.threads --port N --delay S`: the fake in a process of its
own, its URL printed on the first line (devtools/fakes/base.py serve); `--self-check`
walks a fake on a free port through what Postline does and exits 0 when it answered as
documented (devtools/fakes/threads/selfcheck.py)."""

import sys

from devtools.fakes.base import serve
from devtools.fakes.threads import FakeThreads
from devtools.fakes.threads.selfcheck import main as self_check

if "--self-check" in sys.argv[1:]:
    sys.exit(self_check())
serve(
    FakeThreads,
    "A fake Threads API on 127.0.0.1",
    [
        ("--processing", "processing_seconds", float, "seconds a video container processes"),
        ("--quota", "quota_total", int, "the 24-hour limit of posts"),
    ],
)
