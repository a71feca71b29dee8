"""Publishing a claimed batch: the transaction flow (postline/posts/publishing/__init__.py)."""

import logging

from models import Post
from postline import clock, db, platforms
from postline.jobs.pool import WorkPool
from postline.platforms import RETRYABLE, Processing, PublishError
from postline.posts.publishing import attempt, outcomes, writes
from postline.posts.publishing.claims import claim_batch
from postline.posts.publishing.writes import LeaseLost
from postline.statuses import TargetStatus

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
        failures = _send_in_transaction(in_process, now)
        results = [
            (post, outcomes.outcome_of(post, failures.get(post.id, []), settings["retry_delays"], now))
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
    return all(platforms.for_platform(target.platform).transactional for target in post.targets)


def _send_in_transaction(posts, now):
    """Send the unsent targets of `posts`, whose publishers all commit inside the
    caller's transaction (the sandbox): one call per platform for all of them, and one
    UPDATE for every target's outcome. Returns {post id: [PublishError]} of those that failed."""
    by_platform = {}
    for post in posts:
        for target in post.targets:
            if target.status in attempt.TO_SEND:
                by_platform.setdefault(target.platform, []).append((post, target))
    failures, sent = {}, []
    for platform, items in by_platform.items():
        results = platforms.for_platform(platform).publish_all(items)
        for (post, target), outcome in zip(items, results, strict=True):
            if error := attempt.apply(target, outcome, now):
                failures.setdefault(post.id, []).append(error)
            sent.append(target)
    writes.targets_in_transaction(sent)
    return failures


def _publish_with_calls(post, settings):
    """Publish a post whose platform calls leave the process, committing around each call.

    A call's outcome is written before the next call starts; the last one's commits
    with the post's end, in the same transaction (one write fewer per post).
    """
    unwritten = _Unwritten(post)
    try:
        for target in post.targets:
            step = attempt.next_step(target, settings)
            if step.action == attempt.SKIP:
                continue
            unwritten.write()
            unwritten.hold(target, attempt.run(post, target, step))
        if isinstance(unwritten.outcome, Processing):
            unwritten.write()  # so that its target counts as processing below
        waiting = [target.check_at for target in post.targets if target.status == TargetStatus.PROCESSING]
        if waiting:
            unwritten.write()
            if not unwritten.failures:
                return writes.wait_for_platform(post, min(waiting))
        with db.database.atomic():
            unwritten.write()
            outcome = outcomes.outcome_of(post, unwritten.failures, settings["retry_delays"])
            return writes.end([(post, outcome)])[post.id]
    except LeaseLost:
        log.info("post %s: lease lost, leaving it to its new owner", post.id)
        return None


class _Unwritten:
    """The latest call's outcome, not yet written, and the errors of those written."""

    def __init__(self, post):
        self.post = post
        self.target = self.outcome = None
        self.failures = []

    def hold(self, target, outcome):
        self.target, self.outcome = target, outcome

    def write(self):
        """Write the held outcome on its target while the lease holds (else LeaseLost)."""
        if self.target is None:
            return
        error = attempt.apply(self.target, self.outcome, clock.now_ms())
        writes.target_held(self.target, self.post)
        if error is not None:
            self.failures.append(error)
        self.target = None
