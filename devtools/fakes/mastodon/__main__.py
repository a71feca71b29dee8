"""`python -m devtools.fakes.mastodon --port N --delay S`: the fake in a process of its
own, its URL printed on the first line (devtools/fakes/base.py serve); `--self-check`
walks a fake on a free port through what Postline does and exits 0 when it answered
as documented (devtools/fakes/mastodon/selfcheck.py)."""

import sys

from devtools.fakes.base import serve
from devtools.fakes.mastodon import FakeMastodon
from devtools.fakes.mastodon.selfcheck import main as self_check

if "--self-check" in sys.argv[1:]:
    sys.exit(self_check())
serve(
    FakeMastodon,
    "A fake Mastodon instance on 127.0.0.1",
    options=[
        ("--processing-checks", "processing_checks", int, "media status answers still processing (206)"),
        (
            "--rate-limit",
            "rate_limit",
            lambda text: (int(text), 300),
            "requests a token may make in 5 minutes",
        ),
        (
            "--media-rate-limit",
            "media_rate_limit",
            lambda text: (int(text), 1800),
            "media an account may upload in 30 minutes",
        ),
    ],
)
