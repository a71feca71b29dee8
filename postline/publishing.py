"""Publishing a due post (decisions.md section 6), as the worker runs it.

1. `claim_next` leases the earliest due post (postline/leases.py); its status is
   untouched until the work starts, so a PATCH or DELETE in between still wins.
2. `publish` starts it (`publishing`, one more attempt), creates its targets on the
   first attempt, and sends every target not yet published. The state of each target
   is committed right after its platform call, so a target a platform confirmed is
   never sent again. A real platform's call is preceded by a committed `sending` mark:
   a worker that dies mid-call leaves that mark, and the next worker turns it into
   `unconfirmed` instead of sending blindly. (The sandbox commits its effect with the
   target's state, so its calls cannot be left half-done.)
3. The post ends `done`, `failed` (retried at `nextAttemptAt` while one is set) or
   `blocked`, with its event recorded in the same transaction (the outbox).
Every write happens only while this worker's lease holds; a worker that lost its
lease stops without writing.
"""

import logging

from models import LIVE, Post, PostTarget, attach_targets
from postline import clock, db, events, leases, publishers
from postline.publishers import BLOCKED, PERMANENT, RETRYABLE, UNCONFIRMED, PublishError
from postline.work_pool import WorkPool

log = logging.getLogger(__name__)

STARTABLE = ("queued", "failed", "blocked", "publishing")


class LeaseLost(Exception):
    """Another worker took the post over (or it was edited or deleted): stop, write nothing."""


def pool(settings, worker_id):
    """The worker's publishing engine: a bounded pool of threads publishing due posts."""
    lease_ms = settings["lease_seconds"] * 1000
    return WorkPool(
        "publish",
        settings["concurrency"],
        claim_next=lambda: claim_next(worker_id, lease_ms),
        handle=lambda post: publish(post, settings),
    )


def claim_next(worker_id, lease_ms):
    """Lease the earliest due post; None when nothing is due."""
    claimed = leases.claim(Post, worker_id, clock.now_ms(), lease_ms, limit=1)
    return claimed[0] if claimed else None


def publish(post, settings):
    """Publish a claimed post; returns its final status, or None if the lease was lost."""
    lease_ms = settings["lease_seconds"] * 1000
    retry_delays = settings["retry_delays"]
    try:
        with db.database.atomic():
            targets = _start(post, lease_ms)
            if not targets and post.mode == LIVE:
                return _finish_blocked(
                    post, "NO_CONNECTIONS", "The channel has no platform connections.", None
                )
            if all(publishers.for_platform(t.platform).TRANSACTIONAL for t in targets):
                # Nothing leaves the process: send and finish in this one transaction.
                failures = [error for target in targets if (error := _send_in_transaction(post, target))]
                return _finish(post, targets, failures, retry_delays)
        failures = [error for target in targets if (error := _send(post, target, lease_ms))]
        return _finish(post, targets, failures, retry_delays)
    except LeaseLost:
        log.info("post %s: lease lost, leaving it to its new owner", post.id)
        return None


def _start(post, lease_ms):
    """Mark the post publishing and return its targets, creating them on the first attempt."""
    _hold(post, lease_ms, Post.status.in_(STARTABLE), status="publishing", attempts=Post.attempts + 1)
    post.status = "publishing"
    post.attempts += 1
    attach_targets([post])
    if not post.targets and post.mode != LIVE:
        post._targets = [
            PostTarget.create(post=post.id, platform=publishers.sandbox.PLATFORM, status="pending")
        ]
    for target in post.targets:
        if target.status == "sending":
            # Sent by a worker that died before it learnt the outcome: never send it again.
            _record(target, "unconfirmed", "DELIVERY_UNCONFIRMED", "The worker stopped during the call.")
    return post.targets


def _send_in_transaction(post, target):
    """Send a target of a transactional publisher inside the caller's transaction."""
    if target.status not in ("pending", "failed"):
        return None
    return _record_outcome(target, _call(publishers.for_platform(target.platform), post, target))


def _send(post, target, lease_ms):
    """Send one target if it still needs sending; returns its PublishError, if any."""
    if target.status not in ("pending", "failed"):
        return None
    publisher = publishers.for_platform(target.platform)
    if publisher.TRANSACTIONAL:
        with db.database.atomic():
            _hold(post, lease_ms)
            return _send_in_transaction(post, target)
    with db.database.atomic():
        _hold(post, lease_ms)
        _record(target, "sending")
    outcome = _call(publisher, post, target)  # outside any transaction: it may take seconds
    with db.database.atomic():
        _hold(post, lease_ms)
        return _record_outcome(target, outcome)


def _call(publisher, post, target):
    try:
        return publisher.publish(post, target)
    except PublishError as error:
        return error


def _record_outcome(target, outcome):
    if isinstance(outcome, PublishError):
        _record(
            target, "unconfirmed" if outcome.kind == UNCONFIRMED else "failed", outcome.code, outcome.message
        )
        return outcome
    target.platform_post_id = outcome.platform_post_id
    target.url = outcome.url
    target.published_at = clock.now_ms()
    _record(target, "published")
    return None


def _record(target, status, error_code=None, error_message=None):
    target.status = status
    target.error_code = error_code
    target.error_message = error_message
    target.save()


def _hold(post, lease_ms, condition=True, **updates):
    """Renew the lease (and write `updates`) if this worker still holds it; else LeaseLost."""
    now = clock.now_ms()
    held = (
        (Post.id == post.id)
        & (Post.lease_owner == post.lease_owner)
        & (Post.lease_expires_at == post.lease_expires_at)
        & condition
    )
    renewed = (
        Post.update(lease_expires_at=now + lease_ms, due_at=now + lease_ms, **updates).where(held).execute()
    )
    if renewed != 1:
        raise LeaseLost
    post.lease_expires_at = post.due_at = now + lease_ms


def _finish(post, targets, failures, retry_delays):
    unconfirmed = [t for t in targets if t.status == "unconfirmed"]
    blocked = [e for e in failures if e.kind == BLOCKED]
    permanent = [e for e in failures if e.kind == PERMANENT]
    if unconfirmed:
        message = "A platform call's outcome is unknown; check the platform, then PATCH the post to resend."
        return _finish_blocked(post, "DELIVERY_UNCONFIRMED", message, None)
    if blocked:
        resume_times = [e.resume_at for e in blocked if e.resume_at is not None]
        return _finish_blocked(post, blocked[0].code, blocked[0].message, min(resume_times, default=None))
    if permanent:
        return _finish_failed(post, permanent[0], None)
    if failures:
        retryable = [e for e in failures if e.kind == RETRYABLE]
        delay = retry_delays[post.attempts - 1] if post.attempts <= len(retry_delays) else None
        return _finish_failed(post, retryable[0], None if delay is None else clock.now_ms() + delay * 1000)
    return _finish_done(post, targets)


def _finish_done(post, targets):
    now = clock.now_ms()
    data = {
        "post_id": post.id,
        "channel_id": post.channel_id,
        "delivered_at": now,
        "targets": [
            {
                "connection_id": t.connection_id,
                "platform": t.platform,
                "status": t.status,
                "platform_post_id": t.platform_post_id,
                "url": t.url,
                "published_at": t.published_at,
            }
            for t in targets
        ],
    }
    return _end(post, "post.delivered", data, "done", delivered_at=now)


def _finish_failed(post, error, next_attempt_at):
    data = {
        "post_id": post.id,
        "channel_id": post.channel_id,
        "error": {"code": error.code, "message": error.message},
        "attempt": post.attempts,
        "will_retry": next_attempt_at is not None,
        "next_attempt_at": next_attempt_at,
    }
    return _end(post, "post.failed", data, "failed", next_attempt_at, error.code, error.message)


def _finish_blocked(post, code, message, resume_at):
    data = {
        "post_id": post.id,
        "channel_id": post.channel_id,
        "reason": {"code": code, "message": message},
        "next_attempt_at": resume_at,
    }
    return _end(post, "post.blocked", data, "blocked", resume_at, code, message)


def _end(post, event_type, data, status, next_attempt_at=None, error_code=None, error_message=None, **fields):
    """End the lease with the post's outcome and record its event, in one transaction.

    `next_attempt_at` is also when the post is due again: non-null means the worker
    will try again then.
    """
    with db.database.atomic():
        finished = leases.finish(
            post,
            due_at=next_attempt_at,
            status=status,
            next_attempt_at=next_attempt_at,
            last_error_code=error_code,
            last_error_message=error_message,
            updated_at=clock.now_ms(),
            **fields,
        )
        if not finished:
            raise LeaseLost
        events.record(post.account_id, post.mode, event_type, data)
    return status
