"""`python -m devtools.fakes.pinterest --port N --delay S`: the fake in a process of its
own, its URL printed on the first line (devtools/fakes/base.py serve); `--self-check`
walks a fake on a free port through what Postline does and exits 0 when it answered as
documented (devtools/fakes/pinterest/selfcheck.py)."""

import sys

from devtools.fakes.base import serve
from devtools.fakes.pinterest import FakePinterest
from devtools.fakes.pinterest.selfcheck import main as self_check

if "--self-check" in sys.argv[1:]:
    sys.exit(self_check())
serve(
    FakePinterest,
    "A fake Pinterest API v5 on 127.0.0.1",
    [
        (
            "--processing-checks",
            "processing_checks",
            int,
            "status answers that say a video is still processing",
        )
    ],
)
