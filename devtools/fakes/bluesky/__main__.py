"""`python -m devtools.fakes.bluesky --port N --delay S`: the fake in a process of its own,
its URL printed on the first line (devtools/fakes/base.py serve); `--self-check` walks
a fake on a free port through what Postline does and exits 0 when it answered as
documented (devtools/fakes/bluesky/selfcheck.py)."""

import sys

from devtools.fakes.base import serve
from devtools.fakes.bluesky import FakeBluesky
from devtools.fakes.bluesky.selfcheck import main as self_check

if "--self-check" in sys.argv[1:]:
    sys.exit(self_check())
serve(
    FakeBluesky,
    "A fake Bluesky (PDS, entryway, PLC directory and video service) on 127.0.0.1",
    options=[
        ("--processing-checks", "processing_checks", int, "job status answers still encoding"),
        ("--write-limit", "write_limit", int, "write points an account may spend an hour (5000)"),
    ],
)
