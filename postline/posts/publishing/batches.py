"""Publishing a claimed batch: the transaction flow (postline/posts/publishing/__init__.py)."""

import logging

from models import Post
from postline import clock, db
from postline.jobs.pool import WorkPool
from postline.platforms import RETRYABLE, PublishError
from postline.posts import versions
from postline.posts.publishing import attempt, comments, outcomes, sandbox, writes
from postline.posts.publishing.claims import claim_batch
from postline.posts.publishing.writes import LeaseLost
from postline.statuses import PartKind, TargetStatus

log = logging.getLogger(__package__)  # one logger for all of publishing


def pool(settings, worker_id, keeper):
    """The worker's publishing engine: a bounded pool of threads publishing due posts;
    `keeper` (postline/db/leases.py) renews their leases meanwhile."""
    return WorkPool(
        "publish",
        settings["concurrency"],
        Post,
        claim_next=lambda: claim_batch(worker_id, keeper.lease_ms, settings["batch_size"]),
        handle=lambda batch, _stopping: publish_batch(batch, settings, keeper.lease_ms),
        keeper=keeper,
    )


def publish_batch(claimed, settings, lease_ms):
    """Publish claimed posts; returns {post id: final status, or None if its lease was lost}.

    A post that breaks the batch with an unexpected error is isolated: the others are
    published one by one, and it fails this attempt with INTERNAL_ERROR (retried on the
    usual schedule) instead of taking its batch down with it on every retry.
    """
    try:
        return _publish(claimed, settings, lease_ms)
    except LeaseLost:
        raise
    except Exception:
        # The transaction rolled back: start again from the rows as committed.
        fresh = list(Post.select().where(Post.id.in_([post.id for post in claimed])))
        if len(claimed) > 1:
            log.exception("a batch of %d posts failed; publishing them one by one", len(claimed))
            statuses = {post.id: None for post in claimed}
            for post in fresh:
                statuses.update(publish_batch([post], settings, lease_ms))
            return statuses
        log.exception("post %s failed unexpectedly", claimed[0].id)
        statuses = {post.id: _fail_unexpectedly(post, settings["retry_delays"]) for post in fresh}
        outcomes.report(fresh, statuses)
        return statuses


def _fail_unexpectedly(post, retry_delays):
    error = PublishError(RETRYABLE, "INTERNAL_ERROR", "Publishing failed unexpectedly; it will be retried.")
    post.attempts += 1
    post._targets = []
    try:
        with db.database.atomic():
            return writes.end([(post, outcomes.outcome_of(post, [error], retry_delays))])[post.id]
    except LeaseLost:
        return None


def _publish(claimed, settings, lease_ms):
    statuses = {post.id: None for post in claimed}
    with db.database.atomic():
        started = writes.start(claimed, lease_ms)
        now = clock.now_ms()  # one time for the one transaction: posts that end alike are one UPDATE
        in_process = [post for post in started if _sends_in_process(post)]
        failures, comments_failed = _send_in_transaction(in_process, settings, now)
        results = [
            (
                post,
                outcomes.outcome_of(
                    post,
                    failures.get(post.id, []),
                    settings["retry_delays"],
                    now,
                    [*post.orphaned_comments, *comments_failed.get(post.id, ())],
                ),
            )
            for post in in_process
        ]
        # The rows started above stay locked until this commits, so no lease can be lost here.
        statuses.update(writes.end(results))
    finished = {post.id for post, _ in results}
    for post in started:
        if post.id not in finished:
            statuses[post.id] = _publish_with_calls(post, settings)
    outcomes.report(started, statuses)
    return statuses


def _sends_in_process(post):
    return all(attempt.publisher_for(post, target).transactional for target in post.targets)


def _send_in_transaction(posts, settings, now):
    """Send the unsent parts of `posts`, whose publishers all commit inside the caller's
    transaction (the sandbox), in rounds: each target's next part, for every target at
    once (one call per publisher), then the part after it for those whose part was
    published. One UPDATE writes every part's outcome. Returns ({post id:
    [PublishError]} of those that failed, {post id: [(target, comment)]} of first
    comments that failed for good)."""
    chains = []
    for post in posts:
        for target in post.targets:
            attempt.prepare(target, versions.version_for(post, target.platform))
            chains.append((post, target))
    failures, comments_failed, sent = {}, {}, []
    while chains:
        ready = [(post, target, part) for post, target in chains if (part := _next_to_send(target))]
        for _, _, part in ready:
            part.attempts += 1
        results = {}
        for publisher, items in _by_publisher(ready).items():
            for (_, _, part), outcome in zip(items, sandbox.send(publisher, items), strict=True):
                results[id(part)] = outcome
        chains = []
        for post, target, part in ready:
            error = attempt.apply(part, results[id(part)], now)
            sent.append(part)
            if part.kind == PartKind.COMMENT:
                if comments.after_attempt(part, error, settings["retry_delays"], now):
                    comments_failed.setdefault(post.id, []).append((target, part))
            elif error is not None:
                failures.setdefault(post.id, []).append(error)
            elif part.status == TargetStatus.PUBLISHED:
                chains.append((post, target))
    writes.parts_in_transaction(sent)
    return failures, comments_failed


def _next_to_send(target):
    """The target's next part to send: its first main part not yet published, or, once
    they all are, its first comment; None when that part waits or is settled."""
    part = target.failing or target.comment
    return part if part is not None and part.status in attempt.TO_SEND else None


def _by_publisher(items):
    grouped = {}
    for post, target, part in items:
        grouped.setdefault(attempt.publisher_for(post, target), []).append((post, target, part))
    return grouped


def _publish_with_calls(post, settings):
    """Publish a post whose platform calls leave the process, committing around each call.

    Each target's parts go out in order, each once the one before it is published; a
    call's outcome is written before the next call starts, the last one's with the
    post's end, in the same transaction (one write fewer per post).
    """
    unwritten = _Unwritten(post)
    comments_failed = list(post.orphaned_comments)
    try:
        for target in post.targets:
            attempt.prepare(target, versions.version_for(post, target.platform))
            if _send_main_parts(post, target, settings, unwritten) and _send_comment(
                post, target, settings, unwritten
            ):
                comments_failed.append((target, target.comment))
        waiting = [
            part.check_at
            for target in post.targets
            for part in target.main_parts
            if part.status == TargetStatus.PROCESSING
        ]
        if waiting:
            unwritten.write()
            if not unwritten.failures:
                return writes.wait_for_platform(post, min(waiting))
        with db.database.atomic():
            unwritten.write()
            outcome = outcomes.outcome_of(
                post, unwritten.failures, settings["retry_delays"], comments_failed=comments_failed
            )
            return writes.end([(post, outcome)])[post.id]
    except LeaseLost:
        log.info("post %s: lease lost, leaving it to its new owner", post.id)
        return None


def _send_main_parts(post, target, settings, unwritten):
    """Send the target's post and thread parts in order, each once the one before it is
    published; returns whether they all are."""
    for part in target.main_parts:
        if part.status == TargetStatus.PUBLISHED:
            continue
        step = attempt.next_step(post, target, part, settings)
        if step.action == attempt.SKIP:
            return False
        unwritten.write()
        unwritten.hold(part, attempt.run(post, target, part, step, unwritten.mark))
        if part.status != TargetStatus.PUBLISHED:
            return False
    return True


def _send_comment(post, target, settings, unwritten):
    """Send the target's first comment, if it has one still to send; returns whether it
    failed for good (its post is published either way)."""
    comment = target.comment
    if comment is None or comment.status not in attempt.TO_SEND:
        return False
    step = attempt.next_step(post, target, comment, settings)
    if step.action == attempt.SKIP:
        return False
    unwritten.write()
    error = unwritten.hold(comment, attempt.run(post, target, comment, step, unwritten.mark), counts=False)
    return comments.after_attempt(comment, error, settings["retry_delays"], clock.now_ms())


class _Unwritten:
    """The latest call's part, its outcome set but not yet written, and the errors of
    this attempt's main parts."""

    def __init__(self, post):
        self.post = post
        self.part = None
        self.failures = []

    def mark(self, part):
        """Write a part's `sending` mark while the lease holds (else LeaseLost)."""
        writes.part_held(part, self.post)

    def hold(self, part, outcome, counts=True):
        """Set `outcome` on `part`, to be written with the next write; returns its
        PublishError, if any (counted among the post's failures when `counts`)."""
        error = attempt.apply(part, outcome, clock.now_ms())
        if error is not None and counts:
            self.failures.append(error)
        self.part = part
        return error

    def write(self):
        """Write the held part while the lease holds (else LeaseLost)."""
        if self.part is not None:
            writes.part_held(self.part, self.post)
            self.part = None
