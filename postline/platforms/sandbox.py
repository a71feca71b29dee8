"""The test-mode sandbox: publishes without any platform (README, API notes: Publishing).

Its "platform" is a table of Postline's own, written in the caller's transaction.
`#sandbox:fail` in the content fails the attempt (retried like a transient platform
error); `#sandbox:block` blocks the post, so integrators can exercise their error
handling and webhooks end to end.
"""

from models import SandboxPublication
from postline import clock, db, ids
from postline.platforms.base import BLOCKED, RETRYABLE, Published, PublishError

FAIL_TAG = "#sandbox:fail"
BLOCK_TAG = "#sandbox:block"


class Sandbox:
    """The test-mode sandbox's publisher: a TransactionalPublisher
    (postline/platforms/protocol.py) with no limits of its own beyond the API's."""

    platform = "sandbox"
    transactional = True
    unknown_end_kind = None
    content_limit = None

    def publish_all(self, items):
        """Publish `(post, target)` pairs at once, in the caller's transaction: a Published
        or a PublishError for each, in order."""
        now = clock.now_ms()
        outcomes, rows = [], []
        for post, target in items:
            content = post.content or ""
            if FAIL_TAG in content:
                outcomes.append(
                    PublishError(RETRYABLE, "SANDBOX_FAILURE", f"The sandbox failed this post ({FAIL_TAG}).")
                )
            elif BLOCK_TAG in content:
                outcomes.append(
                    PublishError(BLOCKED, "SANDBOX_BLOCKED", f"The sandbox blocked this post ({BLOCK_TAG}).")
                )
            else:
                platform_post_id = ids.new_id("sbx")
                rows.append(
                    {
                        "target": target.id,
                        "post_id": post.id,
                        "platform_post_id": platform_post_id,
                        "content": post.content,
                        "created_at": now,
                        "updated_at": now,
                    }
                )
                outcomes.append(
                    Published(platform_post_id, f"https://sandbox.postline.invalid/posts/{platform_post_id}")
                )
        db.insert_rows(SandboxPublication, rows)
        return outcomes

    def check_content(self, content, media):
        """Nothing: the sandbox takes every post the API takes."""
        return []


ADAPTER = Sandbox()
