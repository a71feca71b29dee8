"""The test-mode sandbox: publishes without any platform (README, API notes: Publishing).

Its "platform" is a table of Postline's own, written in the caller's transaction.
`#sandbox:fail` in the content fails the attempt (retried like a transient platform
error); `#sandbox:block` blocks the post, so integrators can exercise their error
handling and webhooks end to end.
"""

from models import SandboxPublication
from postline import ids
from postline.platforms.base import BLOCKED, RETRYABLE, Published, PublishError

PLATFORM = "sandbox"
TRANSACTIONAL = True
FAIL_TAG = "#sandbox:fail"
BLOCK_TAG = "#sandbox:block"


def publish(post, target, call=None):
    content = post.content or ""
    if FAIL_TAG in content:
        raise PublishError(RETRYABLE, "SANDBOX_FAILURE", f"The sandbox failed this post ({FAIL_TAG}).")
    if BLOCK_TAG in content:
        raise PublishError(BLOCKED, "SANDBOX_BLOCKED", f"The sandbox blocked this post ({BLOCK_TAG}).")
    platform_post_id = ids.new_id("sbx")
    SandboxPublication.create(
        target=target.id, post_id=post.id, platform_post_id=platform_post_id, content=post.content
    )
    return Published(platform_post_id, f"https://sandbox.postline.invalid/posts/{platform_post_id}")
