"""`python -m devtools.fakes.linkedin --port N --delay S`: the fake in a process of its own,
its URL printed on the first line (devtools/fakes/base.py serve)."""

from devtools.fakes.base import serve
from devtools.fakes.linkedin import FakeLinkedIn

serve(FakeLinkedIn, "A fake LinkedIn API on 127.0.0.1")
