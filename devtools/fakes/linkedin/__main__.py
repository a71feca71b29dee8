"""`python -m devtools.fakes.linkedin --port N --delay S`: the fake in a process of its own,
its URL printed on the first line (devtools/fakes/base.py serve); `--self-check` walks a
fake on a free port through what Postline does and exits 0 when it answered as
documented (devtools/fakes/linkedin/selfcheck.py)."""

import sys

from devtools.fakes.base import serve
from devtools.fakes.linkedin import FakeLinkedIn
from devtools.fakes.linkedin.selfcheck import main as self_check

if "--self-check" in sys.argv[1:]:
    sys.exit(self_check())
serve(FakeLinkedIn, "A fake LinkedIn API on 127.0.0.1")
