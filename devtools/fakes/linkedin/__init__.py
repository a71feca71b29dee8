"""A fake LinkedIn on 127.0.0.1, faithful to LinkedIn's API as Postline uses it
(docs/platforms/linkedin.md): OAuth 2.0 without PKCE (refresh tokens for partner apps only, their life
counted from the first grant), /v2/userinfo, the versioned /rest API (LinkedIn-Version
and X-Restli-Protocol-Version required, a retired version answers 426), posts created
201 with the id in `x-restli-id`, image and multipart video uploads with ETags and the
video's processing, organization pages (the member's roles on them, their names, and
posts, uploads and comments as a page the member may post as), and LinkedIn's error
shapes (`{status, code, serviceErrorCode, message}`).

Tests drive it in their own process (`FakeLinkedIn()`), with controls to inject each
error class and a delay; `python -m devtools.fakes.linkedin --port N --delay 0.1`
runs it as a process of its own, `--self-check` walks it through what Postline does.
"""

from devtools.fakes.linkedin.fake import (
    API_VERSION,
    AUTHOR,
    CLIENT_ID,
    CLIENT_SECRET,
    MEMBER,
    FakeLinkedIn,
    author_of,
    linkedin_member,
)
from devtools.fakes.linkedin.organizations import linkedin_organization

__all__ = [
    "API_VERSION",
    "AUTHOR",
    "CLIENT_ID",
    "CLIENT_SECRET",
    "MEMBER",
    "FakeLinkedIn",
    "author_of",
    "linkedin_member",
    "linkedin_organization",
]
