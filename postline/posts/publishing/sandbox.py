"""Sending parts through a publisher that commits in Postline's own transaction (the
test-mode sandbox), with the rules of the platform a simulated connection stands for:
a part that platform would refuse (its content, media or options) fails as it would,
CONTENT_REFUSED, without being "published" (docs/api.md, Test mode)."""

from postline import platforms
from postline.platforms import PERMANENT, PublishError
from postline.platforms.attachments import media_of
from postline.statuses import PartKind


def send(publisher, items):
    """A Published or PublishError for each `(post, target, part)` of `items`, in order."""
    refusals = [_refused(target, part) for _, target, part in items]
    allowed = [item for item, refusal in zip(items, refusals, strict=True) if refusal is None]
    published = iter(publisher.publish_all(allowed) if allowed else [])
    return [refusal if refusal is not None else next(published) for refusal in refusals]


def _refused(target, part):
    """The PublishError of a part that the simulated platform's rules refuse (its
    target's `refusal` first: postline/posts/publishing/attempt.py), else None."""
    if target.refusal is not None:
        return target.refusal
    if target.platform == platforms.sandbox.ADAPTER.platform:
        return None
    rules = platforms.for_platform(target.platform)
    try:
        if part.kind == PartKind.COMMENT:
            problems = rules.check_comment(part.content)
        else:
            files = media_of(part, target.platform)
            problems = rules.check_content(part.content, files)
            problems += rules.check_options(part.options or {}, files)
    except PublishError as error:
        return error
    if not problems:
        return None
    return PublishError(PERMANENT, "CONTENT_REFUSED", "; ".join(message for _, message in problems))
