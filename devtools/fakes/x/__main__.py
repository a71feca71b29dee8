"""`python -m devtools.fakes.x --port N --delay S`: the fake in a process of its own,
its URL printed on the first line (devtools/fakes/base.py serve)."""

from devtools.fakes.base import serve
from devtools.fakes.x import FakeX

serve(FakeX, "A fake X API on 127.0.0.1")
