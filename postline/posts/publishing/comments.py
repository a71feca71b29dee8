"""First comments: sent right after their post, and retried on their own when they fail.

A first comment never holds its post back: the post ends `done` and its target
`published` whether or not the comment went out. A comment that failed in a way that
may pass is tried again at its own `nextAttemptAt` (`[publishing] retry_delays`, as
posts), claimed from the parts' own queue by the worker's comment pool; one that
failed for good (refused, out of attempts, or of unknown outcome) is reported by a
`post.comment_failed` event (docs/api.md, Threads and first comments).
"""

import logging

from models import Post, PostPart, PostTarget
from postline import clock, db
from postline.db import due, leases
from postline.jobs.pool import WorkPool
from postline.platforms import BLOCKED, RETRYABLE, UNCONFIRMED, PublishError
from postline.posts import versions
from postline.posts.publishing import attempt, outcomes, writes
from postline.posts.publishing.writes import LeaseLost
from postline.queries import posts as queries
from postline.statuses import TargetStatus
from postline.webhooks import events

log = logging.getLogger(__package__)
BATCH = 20


def after_attempt(part, error, retry_delays, now):
    """Schedule a first comment's next attempt after `error` (None: published, or
    processing: checked at its `check_at`); returns whether it failed for good. Call
    after `attempt.apply`, before the write."""
    retry_at = None
    if error is not None and part.status == TargetStatus.FAILED:
        if error.kind == BLOCKED and error.resume_at:
            retry_at = error.resume_at  # a rate limit: it resumes on its own, as a post does
        elif error.kind == RETRYABLE and part.attempts <= len(retry_delays):
            retry_at = now + retry_delays[part.attempts - 1] * 1000
    part.next_attempt_at = retry_at
    if part.status == TargetStatus.PROCESSING:
        due.assign(part, due.check_at(part.check_at))
    else:
        due.assign(part, due.retry_at(retry_at))
    return error is not None and retry_at is None


def pool(settings, worker_id, keeper):
    """The worker's pool for first comments due again: one thread, a few at a time."""
    return WorkPool(
        "comment",
        1,
        PostPart,
        claim_next=lambda: claim_due(worker_id, keeper.lease_ms),
        handle=lambda parts, stopping: retry(parts, settings, stopping),
        keeper=keeper,
    )


def claim_due(worker_id, lease_ms):
    """Lease up to BATCH first comments due again."""
    return queries.CLAIM_DUE_COMMENTS(worker_id, clock.now_ms(), lease_ms, BATCH)


def retry_due(settings, worker_id, lease_ms):
    """Try every first comment due again, batch after batch in this thread; returns how many."""
    tried = 0
    while claimed := claim_due(worker_id, lease_ms):
        tried += retry(claimed, settings)
    return tried


def retry(claimed, settings, stopping=None):
    """Try each claimed first comment once more; returns how many were tried."""
    tried = 0
    for part in claimed:
        if stopping is not None and stopping.is_set():
            leases.release(part, clock.now_ms())
            continue
        try:
            _retry_one(part, settings)
        except LeaseLost:
            log.info("comment %s: lease lost, leaving it to its new owner", part.id)
        tried += 1
    return tried


def _retry_one(claimed, settings):
    post = Post.get_or_none(Post.id == claimed.post_id)
    target = PostTarget.get_or_none(PostTarget.id == claimed.target_id)
    if post is None or target is None:
        return  # deleted with its post: nothing is left to write
    target._parts = [claimed if part.id == claimed.id else part for part in PostPart.of_targets([target.id])]
    attempt.prepare(target, versions.version_for(post, target.platform))
    if claimed.status == TargetStatus.SENDING:
        # Its worker died mid-call: the comment may exist, so it is never sent again.
        unknown = PublishError(UNCONFIRMED, "DELIVERY_UNCONFIRMED", outcomes.UNCONFIRMED_MESSAGE)
        error = attempt.apply(claimed, unknown, clock.now_ms())
    elif claimed.status in (*attempt.TO_SEND, TargetStatus.PROCESSING):
        step = attempt.next_step(post, target, claimed, settings)
        outcome = attempt.run(post, target, claimed, step, _mark)
        error = attempt.apply(claimed, outcome, clock.now_ms())
    else:
        leases.finish(claimed, due.never())  # settled meanwhile
        return
    failed_for_good = after_attempt(claimed, error, settings["retry_delays"], clock.now_ms())
    with db.database.atomic():
        if not _write_held(claimed, ended=True):
            log.info("comment %s: lease lost, leaving it to its new owner", claimed.id)
            return
        if failed_for_good:
            data = outcomes.comment_failed(post, target, claimed)
            events.record(post.account_id, post.mode, "post.comment_failed", data)
    outcomes.report_comment(post, target, claimed)


def _mark(part):
    if not _write_held(part):
        raise LeaseLost


def _write_held(part, ended=False):
    """Write the part under its own lease (ending the lease when `ended`); False when
    the lease was lost meanwhile."""
    columns = writes.columns(part)
    if ended:
        columns = {**columns, "lease_owner": None, "lease_expires_at": None}
    held = (PostPart.id == part.id) & leases.held(PostPart, part.lease_owner)
    return PostPart.update(columns).where(held).execute() == 1
