"""The test-mode sandbox: publishes without any platform (docs/api.md, Test mode).

Its "platform" is a table of Postline's own, written in the caller's transaction. A
target of a simulated connection gets ids and urls shaped like its platform's; the
plain sandbox target, `sbx_` ids. Markers are whole tokens of a part's content:
`#sandbox:fail` fails the attempt (retried like a transient platform error),
`#sandbox:fail-once` fails the part's first attempt only, `#sandbox:block` blocks the
post, so integrators can exercise their error handling and webhooks end to end.
"""

import base64
import hashlib
import secrets

from models import Connection, SandboxPublication
from postline import clock, db, ids
from postline.platforms.base import BLOCKED, RETRYABLE, Limits, Published, PublishError
from postline.platforms.bluesky import posting
from postline.statuses import PartKind

FAIL_TAG = "#sandbox:fail"
FAIL_ONCE_TAG = "#sandbox:fail-once"
BLOCK_TAG = "#sandbox:block"
PLATFORM = "sandbox"


def _digits(count=19):
    return str(secrets.randbelow(9 * 10 ** (count - 1)) + 10 ** (count - 1))


def _x(username, parent):
    number = _digits()
    return number, f"https://x.com/{username}/status/{number}"


def _linkedin(username, parent):
    if parent is not None:
        urn = f"urn:li:comment:({parent.platform_post_id},{_digits()})"
        return urn, parent.url
    urn = f"urn:li:share:{_digits()}"
    return urn, f"https://www.linkedin.com/feed/update/{urn}/"


def _facebook(username, parent):
    if parent is not None:
        number = f"{parent.platform_post_id}_{_digits(16)}"
        return number, parent.url
    number = f"{_digits(15)}_{_digits(16)}"
    return number, f"https://www.facebook.com/{number}"


def _instagram(username, parent):
    number = _digits(17)
    if parent is not None:
        return number, parent.url
    return number, f"https://www.instagram.com/p/{secrets.token_urlsafe(8)[:11]}/"


def _tiktok(username, parent):
    number = _digits()
    return number, f"https://www.tiktok.com/@{username}/video/{number}"


def _bluesky(username, parent):
    letters = base64.b32encode(hashlib.sha256(username.encode()).digest()).decode().lower()
    rkey = posting.tid(clock.now_ms() * 1000 + secrets.randbelow(1000), secrets.randbelow(1024))
    return (
        f"at://did:plc:{letters[:24]}/app.bsky.feed.post/{rkey}",
        f"https://bsky.app/profile/{username}/post/{rkey}",
    )


def _mastodon(username, parent):
    # A connection's username is user@instance; a simulated one's may name no instance.
    user, _, instance = username.partition("@")
    number = _digits(18)
    return number, f"https://{instance or 'mastodon.social'}/@{user}/{number}"


def _threads(username, parent):
    number = _digits(17)
    return number, f"https://www.threads.com/@{username}/post/{secrets.token_urlsafe(8)[:11]}"


def _pinterest(username, parent):
    number = _digits(18)
    return number, f"https://www.pinterest.com/pin/{number}/"


def _youtube(username, parent):
    if parent is not None:  # a comment thread under the video
        thread_id = "Ugz" + secrets.token_urlsafe(18)[:23]
        return thread_id, f"{parent.url}&lc={thread_id}"
    video_id = secrets.token_urlsafe(9)[:11]
    return video_id, f"https://www.youtube.com/watch?v={video_id}"


def _sandbox(username, parent):
    platform_post_id = ids.new_id("sbx")
    return platform_post_id, f"https://sandbox.postline.invalid/posts/{platform_post_id}"


# How each platform's ids and urls look (a reply or comment is given the part it answers).
SHAPES = {
    "x": _x,
    "linkedin": _linkedin,
    "facebook": _facebook,
    "instagram": _instagram,
    "tiktok": _tiktok,
    "bluesky": _bluesky,
    "mastodon": _mastodon,
    "youtube": _youtube,
    "threads": _threads,
    "pinterest": _pinterest,
}


def _refusal(part):
    """The PublishError a part's markers ask for, or None."""
    tokens = set((part.content or "").split())
    if FAIL_TAG in tokens or (FAIL_ONCE_TAG in tokens and part.attempts <= 1):
        tag = FAIL_TAG if FAIL_TAG in tokens else FAIL_ONCE_TAG
        what = "post" if part.position == 0 else f"part {part.position}"
        return PublishError(RETRYABLE, "SANDBOX_FAILURE", f"The sandbox failed this {what} ({tag}).")
    if BLOCK_TAG in tokens:
        return PublishError(BLOCKED, "SANDBOX_BLOCKED", f"The sandbox blocked this post ({BLOCK_TAG}).")
    return None


class Sandbox:
    """The test-mode sandbox's publisher: a TransactionalPublisher
    (postline/platforms/protocol.py) that takes threads and comments, with no limits of
    its own beyond the API's (a simulated connection's platform adds that platform's)."""

    platform = PLATFORM
    transactional = True
    unknown_end_kind = None
    content_limit = None
    limits = Limits()  # the API's own limits only
    threads = True
    comments = True

    def publish_all(self, items):
        """Publish `(post, target, part)` triples at once, in the caller's transaction: a
        Published or a PublishError for each, in order. `part.attempts` counts this one."""
        now = clock.now_ms()
        usernames = _usernames({target.connection_id for _, target, _ in items} - {None})
        outcomes, rows = [], []
        for post, target, part in items:
            refusal = _refusal(part)
            if refusal is not None:
                outcomes.append(refusal)
                continue
            answers = part.parent if part.kind == PartKind.COMMENT or part.position else None
            shape = SHAPES.get(target.platform, _sandbox)
            platform_post_id, url = shape(usernames.get(target.connection_id, "sandbox"), answers)
            rows.append(
                {
                    "target": target.id,
                    "post_id": post.id,
                    "position": part.position,
                    "platform_post_id": platform_post_id,
                    "content": part.content,
                    "created_at": now,
                    "updated_at": now,
                }
            )
            outcomes.append(Published(platform_post_id, url))
        db.insert_rows(SandboxPublication, rows)
        return outcomes

    def check_content(self, content, media):
        """Nothing: the sandbox takes every post the API takes."""
        return []

    def check_comment(self, content):
        return [] if content else [("content", "sandbox: a comment needs text")]

    def check_options(self, options, media):
        return []


def _usernames(connection_ids):
    if not connection_ids:
        return {}
    query = Connection.select(Connection.id, Connection.username)
    query = query.where(Connection.id.in_(list(connection_ids)))
    return {connection_id: username or "sandbox" for connection_id, username in query.tuples()}


ADAPTER = Sandbox()
