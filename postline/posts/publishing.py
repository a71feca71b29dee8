"""Publishing due posts, as the worker runs it (README, API notes: Publishing).

1. `claim_batch` leases the earliest due posts (postline/db/leases.py). Their status is
   untouched until the work starts, so a PATCH or DELETE in between still wins: it
   drops the lease, and the start checks the lease.
2. `publish_batch` starts them (`publishing`, one more attempt), creating their
   targets on the first attempt, and sends every target not yet published.
   - Posts whose targets all commit inside Postline's own transaction (the test-mode
     sandbox) or that have none are sent and finished in that one transaction, the
     whole batch together: nothing leaves the process, so there is nothing to
     commit in between, and a crash undoes all of it.
   - A real platform's call leaves the process. Its target is marked `sending` and
     committed before the call, and its outcome committed right after, so a target a
     platform confirmed is never sent again; a worker that dies mid-call leaves the
     mark, which the next worker turns into `unconfirmed` instead of sending blindly.
     No transaction is open during the call. The access token comes from the
     connection (postline/connections/tokens.py); a 401 refreshes it once and sends
     again at once (the platform refused the first request, so nothing was posted).
   - A platform that finishes later (X processing a video) leaves its target
     `processing` with a time to check again: the post stays `publishing`, its lease
     is given back and it is due at that time; no thread waits. The next worker to
     take it continues the same attempt and asks the platform (`check`).
3. Each post ends `done`, `failed` (retried at `nextAttemptAt` while one is set) or
   `blocked`, with its event recorded in the same transaction (the outbox).
Every write happens only while this worker's lease holds; a post whose lease was
lost is left alone.
"""

import itertools
import json
import logging
from dataclasses import dataclass

from peewee import Case

from models import LIVE, ChannelConnection, Connection, Post, PostTarget
from postline import clock, db, logs, metrics, platforms
from postline.connections import tokens
from postline.db import leases
from postline.jobs.pool import WorkPool
from postline.limits import usage
from postline.platforms import BLOCKED, PERMANENT, RETRYABLE, TOKEN, UNCONFIRMED, Processing, PublishError
from postline.posts import targets
from postline.statuses import PostStatus, TargetStatus
from postline.webhooks import events

log = logging.getLogger(__name__)

STARTABLE = (PostStatus.QUEUED, PostStatus.FAILED, PostStatus.BLOCKED, PostStatus.PUBLISHING)
TO_SEND = (TargetStatus.PENDING, TargetStatus.FAILED)
NOTHING = object()  # a target with nothing to send now
# Live posts one thread takes at once (README, API notes: Live publishing): one, so
# that no post waits behind another's call to a slow or silent platform
# (tests/faults/test_slow_platform.py).
LIVE_BATCH = 1
LIVE_QUEUE, TEST_QUEUE = "live", "test"
_QUEUES = {
    LIVE_QUEUE: (leases.Claim(Post, where=lambda: Post.mode == LIVE), LIVE_BATCH),
    TEST_QUEUE: (leases.Claim(Post, where=lambda: Post.mode != LIVE), None),
}
EMPTY_QUEUE_PAUSE_MS = 250
_turns = itertools.count()
_looked_empty_until = {LIVE_QUEUE: 0, TEST_QUEUE: 0}
DEAD_CONNECTION = "CONNECTION_EXPIRED"
# When to ask again about a processing target that cannot be checked now (no fresh token).
CHECK_AGAIN_MS = 60_000
UNCONFIRMED_MESSAGE = (
    "A platform call's outcome is unknown; check the platform, then PATCH the post to resend."
)


class LeaseLost(Exception):
    """Another worker took the post over (or it was edited or deleted): write nothing."""


@dataclass(frozen=True)
class Outcome:
    """How an attempt ended: the post's new fields and the event that reports them."""

    status: str
    event_type: str
    data: dict
    next_attempt_at: int = None
    error_code: str = None
    error_message: str = None
    delivered_at: int = None

    def columns(self):
        """The post's columns this outcome writes (`nextAttemptAt` is when it is due again)."""
        return (
            ("status", self.status),
            ("next_attempt_at", self.next_attempt_at),
            ("due_at", self.next_attempt_at),
            ("last_error_code", self.error_code),
            ("last_error_message", self.error_message),
            ("delivered_at", self.delivered_at),
        )


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


def claim_batch(worker_id, lease_ms, limit):
    """Lease the earliest due posts of one queue: up to `limit` test-mode posts, or up to
    LIVE_BATCH live ones.

    A thread sends its live posts one after another, each waiting on a platform: a
    thread holding several would leave the others idle at the end of a backlog, and
    make a post wait out the time-out of another's silent platform, so live posts are
    taken one at a time; test-mode posts are published together in one transaction,
    so they are taken many at a time. The two queues take turns; one found empty is
    looked at second for the next EMPTY_QUEUE_PAUSE_MS, so a burst of one kind costs no
    empty claim of the other before each of its own.
    """
    now = clock.now_ms()
    queues = (LIVE_QUEUE, TEST_QUEUE) if next(_turns) % 2 else (TEST_QUEUE, LIVE_QUEUE)
    for queue in sorted(queues, key=lambda queue: _looked_empty_until[queue] > now):
        claim, most = _QUEUES[queue]
        claimed = claim(worker_id, now, lease_ms, most or limit)
        if claimed:
            return claimed
        _looked_empty_until[queue] = now + EMPTY_QUEUE_PAUSE_MS
    return []


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
            outcomes = {post.id: None for post in claimed}
            for post in fresh:
                outcomes.update(publish_batch([post], settings, lease_ms))
            return outcomes
        log.exception("post %s failed unexpectedly", claimed[0].id)
        outcomes = {post.id: _fail_unexpectedly(post, settings["retry_delays"]) for post in fresh}
        _report(fresh, outcomes)
        return outcomes


def _fail_unexpectedly(post, retry_delays):
    error = PublishError(RETRYABLE, "INTERNAL_ERROR", "Publishing failed unexpectedly; it will be retried.")
    post.attempts += 1
    post._targets = []
    try:
        with db.database.atomic():
            return _end([(post, _outcome(post, [error], retry_delays))])[post.id]
    except LeaseLost:
        return None


def _publish(claimed, settings, lease_ms):
    outcomes = {post.id: None for post in claimed}
    with db.database.atomic():
        started = _start(claimed, lease_ms)
        now = clock.now_ms()  # one time for the one transaction: posts that end alike are one UPDATE
        in_process = [post for post in started if _sends_in_process(post)]
        failures = _send_in_transaction(in_process, now)
        results = [
            (post, _outcome(post, failures.get(post.id, []), settings["retry_delays"], now))
            for post in in_process
        ]
        # The rows started above stay locked until this commits, so no lease can be lost here.
        outcomes.update(_end(results))
    finished = {post.id for post, _ in results}
    for post in started:
        if post.id not in finished:
            outcomes[post.id] = _publish_with_calls(post, settings)
    _report(started, outcomes)
    return outcomes


def _report(posts, outcomes):
    """Tell what came of each post, once committed: a log line per target (or per post
    without targets), usage (every delivered post, every attempt that ended failed) and
    metrics."""
    counters = {PostStatus.DONE: "posts_delivered", PostStatus.FAILED: "posts_failed"}
    now = clock.now_ms()
    for post in posts:
        status = outcomes[post.id]
        if status in (None, PostStatus.PUBLISHING):
            continue  # its lease was lost (the new owner reports it), or a platform is still at work
        if status in counters:
            usage.count(post.account_id, post.mode, **{counters[status]: 1})
        if status == PostStatus.DONE and post.attempts == 1:
            metrics.published_late((now - post.scheduled_for) / 1000)
        for target in post.targets or [None]:
            platform = target.platform if target else None
            outcome = target.status if target else status
            metrics.target_ended(platform, outcome)
            logs.event(
                log,
                f"post {post.id} {status}: {platform or 'no target'} {outcome}",
                post_id=post.id,
                post_status=status,
                attempt=post.attempts,
                connection_id=target.connection_id if target else None,
                platform=platform,
                outcome=outcome,
                error_code=(target.error_code if target else None) or post.last_error_code,
            )


def _start(claimed, lease_ms):
    """Mark the posts whose lease still holds `publishing`; load or create their targets."""
    if not claimed:
        return []
    now = clock.now_ms()
    lease = claimed[0]  # one claim: every row carries the same lease
    held = (
        Post.id.in_([post.id for post in claimed])
        & leases.held(Post, lease.lease_owner)
        & Post.status.in_(STARTABLE)
    )
    renewed = {"lease_expires_at": now + lease_ms, "due_at": now + lease_ms}
    # While publishing, no next attempt is scheduled: `nextAttemptAt` set always means one is.
    # A post taken while `publishing` (a target waiting for its platform, or a worker that
    # died) continues the attempt it was in.
    attempts = Case(Post.status, [(PostStatus.PUBLISHING, Post.attempts)], Post.attempts + 1)
    start = Post.update(status=PostStatus.PUBLISHING, attempts=attempts, next_attempt_at=None, **renewed)
    start = start.where(held)
    started_ids = {row.id for row in start.returning(Post.id).execute()}
    started = [post for post in claimed if post.id in started_ids]
    for post in started:
        if post.status != PostStatus.PUBLISHING:
            post.attempts += 1
        post.status = PostStatus.PUBLISHING
        post.lease_expires_at = post.due_at = renewed["lease_expires_at"]
    targets.attach(started)
    _create_targets([post for post in started if not post.targets], now)
    orphans = [target for post in started for target in post.targets if target.status == TargetStatus.SENDING]
    if orphans:
        # Sent by a worker that died before it learnt the outcome: never send them again.
        PostTarget.update(
            status=TargetStatus.UNCONFIRMED,
            error_code="DELIVERY_UNCONFIRMED",
            error_message=UNCONFIRMED_MESSAGE,
            updated_at=now,
        ).where(PostTarget.id.in_([target.id for target in orphans])).execute()
        for target in orphans:
            target.status = TargetStatus.UNCONFIRMED
    return started


def _create_targets(posts, now):
    """Give posts their targets on their first attempt: the sandbox in test mode, the
    channel's connections as they are now in live mode (none: blocked NO_CONNECTIONS)."""
    live_channels = {post.channel_id for post in posts if post.mode == LIVE}
    connected = ChannelConnection.connections_of(live_channels)
    platform_of = {}
    if live_channels:
        ids = [connection_id for ids in connected.values() for connection_id in ids]
        platform_of = dict(
            Connection.select(Connection.id, Connection.platform).where(Connection.id.in_(ids)).tuples()
        )
    rows = []
    for post in posts:
        if post.mode != LIVE:
            rows.append(
                {"post": post.id, "platform": platforms.sandbox.ADAPTER.platform, "connection_id": None}
            )
        else:
            rows += [
                {"post": post.id, "platform": platform_of[connection_id], "connection_id": connection_id}
                for connection_id in connected[post.channel_id]
                if connection_id in platform_of
            ]
    if not rows:
        return
    db.insert_rows(
        PostTarget,
        [{**row, "status": TargetStatus.PENDING, "created_at": now, "updated_at": now} for row in rows],
    )
    targeted = {row["post"] for row in rows}
    with_targets = [post for post in posts if post.id in targeted]
    Post.update(has_targets=True).where(Post.id.in_([post.id for post in with_targets])).execute()
    for post in with_targets:
        post.has_targets = True
    targets.attach(with_targets)


def _sends_in_process(post):
    return all(platforms.for_platform(target.platform).transactional for target in post.targets)


def _send_in_transaction(posts, now):
    """Send the unsent targets of `posts`, whose publishers all commit inside the
    caller's transaction (the sandbox): one call per platform for all of them, and one
    UPDATE for every target's outcome. Returns {post id: [PublishError]} of those that failed."""
    by_platform = {}
    for post in posts:
        for target in post.targets:
            if target.status in TO_SEND:
                by_platform.setdefault(target.platform, []).append((post, target))
    failures, sent = {}, []
    for platform, items in by_platform.items():
        outcomes = platforms.for_platform(platform).publish_all(items)
        for (post, target), outcome in zip(items, outcomes, strict=True):
            if error := _apply(target, outcome, now):
                failures.setdefault(post.id, []).append(error)
            sent.append(target)
    db.update_rows(PostTarget, [{"id": target.id, **_written(target)} for target in sent])
    return failures


def _publish_with_calls(post, settings):
    """Publish a post whose platform calls leave the process, committing around each call.

    A call's outcome is committed before the next call starts; the last one's commits
    with the post's end, in the same transaction (one write fewer per post).
    """
    try:
        failures = []
        last = None  # (target, outcome) of the latest call, not yet written
        for target in post.targets:
            step = _prepare(target, settings)
            if step is NOTHING:
                continue
            _flush(post, last, failures)
            # A PublishError or Processing found before any call, or the call's outcome.
            outcome = step if isinstance(step, PublishError | Processing) else _send(post, target, *step)
            last = (target, outcome)
        if last is not None and isinstance(last[1], Processing):
            _flush(post, last, failures)
        waiting = [target.check_at for target in post.targets if target.status == TargetStatus.PROCESSING]
        if waiting:
            _flush(post, last, failures)
            if not failures:
                return _wait_for_platform(post, min(waiting))
        with db.database.atomic():
            _flush(post, last, failures)
            return _end([(post, _outcome(post, failures, settings["retry_delays"]))])[post.id]
    except LeaseLost:
        log.info("post %s: lease lost, leaving it to its new owner", post.id)
        return None


def _flush(post, last, failures):
    """Write the outcome of the latest call, if not yet written; note its error."""
    if last is None or getattr(last[0], "_written", False):
        return
    target, outcome = last
    error = _record_outcome(target, outcome, post)
    target._written = True
    if error is not None:
        failures.append(error)


def _wait_for_platform(post, check_at):
    """Give the lease back until a processing target's `check_at`; the post stays publishing."""
    ended = (
        Post.update(lease_owner=None, lease_expires_at=None, due_at=check_at, updated_at=clock.now_ms())
        .where((Post.id == post.id) & leases.held(Post, post.lease_owner))
        .execute()
    )
    if ended != 1:
        raise LeaseLost
    return PostStatus.PUBLISHING


def _prepare(target, settings):
    """What sending `target` now takes: NOTHING, a PublishError found before any call
    (or, for a processing target, Processing: ask again later), or (publisher, action,
    call) for `_send`."""
    now = clock.now_ms()
    if target.status == TargetStatus.PROCESSING:
        if target.check_at > now:
            return NOTHING  # not yet: the post comes back at the earliest check_at
        if now - target.processing_since > settings["processing_timeout"] * 1000:
            return _end_unknown(
                target,
                PublishError(
                    RETRYABLE,
                    "PROCESSING_TIMEOUT",
                    f"{target.platform}: still processing after {settings['processing_timeout']} s",
                ),
            )
        action = "check"
    elif target.status in TO_SEND:
        action = "publish"
    else:
        return NOTHING
    call, error = _call_for(target)
    if error is not None and action == "check":
        return _check_later(target, error)
    return error or (platforms.for_platform(target.platform), action, call)


def _check_later(target, error):
    """A processing target whose check cannot be made now (no fresh token yet, or the
    token refused even after a refresh): ask again later, for the platform may be
    finishing the work ([publishing] processing_timeout bounds the asking). A check
    that can never be made (the connection is dead) ends the target as `_end_unknown`."""
    if error.kind != RETRYABLE:
        return _end_unknown(target, error)
    return Processing(clock.now_ms() + CHECK_AGAIN_MS, json.loads(target.platform_state))


def _end_unknown(target, error):
    """`error` ending a processing target whose end Postline cannot learn, of the kind
    its publisher's unknown_end_kind names: UNCONFIRMED where the platform may publish
    it still (TikTok), so that it is never sent again; else the error's own kind."""
    publisher = platforms.for_platform(target.platform)
    return PublishError(publisher.unknown_end_kind or error.kind, error.code, error.message)


def _send(post, target, publisher, action, call):
    """Mark the target `sending` (one statement that checks the lease itself), make the
    call, and return its outcome for the caller to write. A 401 refreshes the token
    once and calls again at once: the platform refused the request, so nothing was made."""
    _record(target, TargetStatus.SENDING, post)
    outcome = _call(publisher, action, post, target, call)  # may take seconds
    if isinstance(outcome, PublishError) and outcome.kind == TOKEN and call is not None:
        call, error = _call_for(target, refused=call)
        if error is not None and action == "check":
            error = _check_later(target, error)
        outcome = error or _call(publisher, action, post, target, call)
        if isinstance(outcome, PublishError) and outcome.kind == TOKEN:
            outcome = PublishError(RETRYABLE, outcome.code, f"{outcome.message} (after a token refresh)")
            if action == "check":
                outcome = _check_later(target, outcome)
    return outcome


def _call_for(target, refused=None):
    """(Call, None) for the target's connection, or (None, PublishError); the sandbox
    needs no Call. `refused`: the Call whose token the platform just refused."""
    if target.connection_id is None:
        return None, None
    try:
        if refused is not None:
            return tokens.refreshed_call(target.connection_id, refused.access_token), None
        return tokens.call_for(target.connection_id), None
    except tokens.ConnectionDead as dead:
        return None, PublishError(BLOCKED, DEAD_CONNECTION, dead.message)
    except tokens.RefreshFailed as failure:
        return None, PublishError(RETRYABLE, "TOKEN_REFRESH_FAILED", failure.message)


def _call(publisher, action, post, target, call):
    if publisher.transactional:  # the sandbox beside a real platform in one post
        return publisher.publish_all([(post, target)])[0]
    try:
        return getattr(publisher, action)(post, target, call)
    except PublishError as error:
        return error


def _record_outcome(target, outcome, post):
    """Write a call's outcome on the target while the post's lease holds (else
    LeaseLost). Returns the PublishError, if any."""
    error = _apply(target, outcome, clock.now_ms())
    _write_held(target, post)
    return error


def _apply(target, outcome, now):
    """Set a call's outcome (Published, Processing or PublishError) on the target
    object; returns the PublishError, if any."""
    target.check_at = target.error_code = target.error_message = None
    target.updated_at = now
    if isinstance(outcome, Processing):
        target.status = TargetStatus.PROCESSING
        target.check_at = outcome.check_at
        target.platform_state = json.dumps(outcome.state)
        target.processing_since = target.processing_since or now
        return None
    target.processing_since = target.platform_state = None
    if isinstance(outcome, PublishError):
        target.status = TargetStatus.UNCONFIRMED if outcome.kind == UNCONFIRMED else TargetStatus.FAILED
        target.error_code, target.error_message = outcome.code, outcome.message
        return outcome
    target.status = TargetStatus.PUBLISHED
    target.platform_post_id, target.url, target.published_at = outcome.platform_post_id, outcome.url, now
    return None


def _record(target, status, post):
    """Mark the target `status` (`sending`) while the post's lease holds (else LeaseLost)."""
    target.status, target.error_code, target.error_message = status, None, None
    target.updated_at = clock.now_ms()
    _write_held(target, post)


def _write_held(target, post):
    # One statement that checks the lease itself: no BEGIN/COMMIT round trips on PostgreSQL.
    with db.writing():
        if (
            _WRITE_HELD.execute(*_written(target).values(), target.id, post.id, post.lease_owner).rowcount
            != 1
        ):
            raise LeaseLost


def _written(target):
    return {name: getattr(target, name) for name in HELD_COLUMNS}


# What a platform call's mark and outcome write on a target, in one statement that
# also checks the post's lease (no separate lease write per call).
HELD_COLUMNS = (
    "status",
    "error_code",
    "error_message",
    "platform_post_id",
    "url",
    "published_at",
    "check_at",
    "processing_since",
    "platform_state",
    "updated_at",
)


def _held_update(*slots):
    *values, target_id, post_id, owner = slots
    held = Post.select(Post.id).where((Post.id == post_id) & leases.held(Post, owner))
    columns = {getattr(PostTarget, name): value for name, value in zip(HELD_COLUMNS, values, strict=True)}
    return PostTarget.update(columns).where((PostTarget.id == target_id) & PostTarget.post.in_(held))


_WRITE_HELD = db.Compiled(_held_update)


def _outcome(post, failures, retry_delays, now=None):
    """The post's end state after an attempt, from its targets and this attempt's errors
    (at `now`, else at once)."""
    now = clock.now_ms() if now is None else now
    base = {"post_id": post.id, "channel_id": post.channel_id}
    if post.mode == LIVE and not post.targets:
        return _blocked(base, "NO_CONNECTIONS", "The channel has no platform connections.", None)
    if any(target.status == TargetStatus.UNCONFIRMED for target in post.targets):
        return _blocked(base, "DELIVERY_UNCONFIRMED", UNCONFIRMED_MESSAGE, None)
    blocked = [error for error in failures if error.kind == BLOCKED]
    if blocked:
        # Only rate limits resume on their own, and only when every unsent target waits
        # for one: a resume would resend each of them.
        resume_times = [error.resume_at for error in failures if error.kind == BLOCKED and error.resume_at]
        resume_at = max(resume_times) if len(resume_times) == len(failures) else None
        return _blocked(base, blocked[0].code, blocked[0].message, resume_at)
    if failures:
        permanent = [error for error in failures if error.kind == PERMANENT]
        error = (permanent or failures)[0]
        retry = not permanent and post.attempts <= len(retry_delays)
        next_attempt_at = now + retry_delays[post.attempts - 1] * 1000 if retry else None
        data = {
            **base,
            "error": {"code": error.code, "message": error.message},
            "attempt": post.attempts,
            "will_retry": retry,
            "next_attempt_at": next_attempt_at,
        }
        return Outcome(PostStatus.FAILED, "post.failed", data, next_attempt_at, error.code, error.message)
    targets = [
        {
            "connection_id": target.connection_id,
            "platform": target.platform,
            "status": target.status,
            "platform_post_id": target.platform_post_id,
            "url": target.url,
            "published_at": target.published_at,
        }
        for target in post.targets
    ]
    data = {**base, "delivered_at": now, "targets": targets}
    return Outcome(PostStatus.DONE, "post.delivered", data, delivered_at=now)


def _blocked(base, code, message, resume_at):
    data = {**base, "reason": {"code": code, "message": message}, "next_attempt_at": resume_at}
    return Outcome(PostStatus.BLOCKED, "post.blocked", data, resume_at, code, message)


def _end(results):
    """End the leases with the outcomes and record their events; call inside a transaction.

    Posts that end alike are written by one UPDATE, and their events by one insert per
    account, mode and type. `next_attempt_at` is also when a post is due again:
    non-null means the worker will try again then.
    """
    now = clock.now_ms()
    alike = {}
    for post, outcome in results:
        key = (outcome.columns(), post.attempts, post.lease_owner)
        alike.setdefault(key, []).append(post)
    for (columns, attempts, owner), group in alike.items():
        ended = Post.update(
            **dict(columns), attempts=attempts, lease_owner=None, lease_expires_at=None, updated_at=now
        ).where(Post.id.in_([post.id for post in group]) & leases.held(Post, owner))
        if ended.execute() != len(group):
            raise LeaseLost
    reports = {}
    for post, outcome in results:
        reports.setdefault((post.account_id, post.mode, outcome.event_type), []).append(outcome.data)
    for (account_id, mode, event_type), payloads in reports.items():
        events.record_many(account_id, mode, event_type, payloads)
    for post, outcome in results:
        post.status, post.last_error_code = outcome.status, outcome.error_code
    return {post.id: outcome.status for post, outcome in results}
