"""How an attempt ends: the post's new state and the event that reports it, and what is
logged (a line per target and per part: docs/operations.md, Logs) and counted once it
is committed."""

import dataclasses
import logging
from dataclasses import dataclass

from models import LIVE
from postline import clock, logs, metrics
from postline.db import due
from postline.limits import usage
from postline.platforms import BLOCKED, PERMANENT
from postline.statuses import PartKind, PostStatus, TargetStatus

log = logging.getLogger(__package__)  # one logger for all of publishing

UNCONFIRMED_MESSAGE = (
    "A platform call's outcome is unknown; check the platform, then PATCH the post to resend."
)


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
    # `post.comment_failed` event data of first comments that failed for good now.
    comments_failed: tuple = ()

    def columns(self):
        """The post's columns this outcome writes (`nextAttemptAt` is when it is due again)."""
        return (
            ("status", self.status),
            ("next_attempt_at", self.next_attempt_at),
            *due.retry_at(self.next_attempt_at).items(),
            ("last_error_code", self.error_code),
            ("last_error_message", self.error_message),
            ("delivered_at", self.delivered_at),
        )


def outcome_of(post, failures, retry_delays, now=None, comments_failed=()):
    """The post's end state after an attempt, from its targets and this attempt's errors
    (PublishErrors), at `now` (else at once); `comments_failed` are the first comments
    that failed for good in this attempt, (target, part) pairs, reported by events of
    their own."""
    now = clock.now_ms() if now is None else now
    base = {"post_id": post.id, "channel_id": post.channel_id}
    outcome = _outcome(post, base, failures, retry_delays, now)
    if not comments_failed:
        return outcome
    failed = tuple(comment_failed(post, target, part) for target, part in comments_failed)
    return dataclasses.replace(outcome, comments_failed=failed)


def comment_failed(post, target, part):
    """The data of a `post.comment_failed` event for `part`, `target`'s first comment."""
    return {
        "post_id": post.id,
        "channel_id": post.channel_id,
        "platform": target.platform,
        "part_index": part.position,
        "error": {"code": part.error_code, "message": part.error_message},
    }


def _outcome(post, base, failures, retry_delays, now):
    if post.mode == LIVE and not post.targets:
        return _blocked(base, "NO_CONNECTIONS", "The channel has no platform connections.", None)
    if any(target.status == TargetStatus.UNCONFIRMED for target in post.targets):
        return _blocked(base, "DELIVERY_UNCONFIRMED", UNCONFIRMED_MESSAGE, None)
    blocked = [error for error in failures if error.kind == BLOCKED]
    if blocked:
        # Only rate limits resume on their own, and only when every unsent target waits
        # for one: a resume would resend each of them.
        resume_times = [error.resume_at for error in blocked if error.resume_at]
        resume_at = max(resume_times) if len(resume_times) == len(failures) else None
        return _blocked(base, blocked[0].code, blocked[0].message, resume_at)
    if failures:
        return _failed(base, post.attempts, failures, retry_delays, now)
    data = {**base, "delivered_at": now, "targets": [target_data(target) for target in post.targets]}
    return Outcome(PostStatus.DONE, "post.delivered", data, delivered_at=now)


def target_data(target):
    """A target as events show it (snake_case), its parts included as the API shows
    them (what each was sent, and why its last attempt failed)."""
    return {
        "connection_id": target.connection_id,
        "platform": target.platform,
        "status": target.status,
        "platform_post_id": target.platform_post_id,
        "url": target.url,
        "published_at": target.published_at,
        "parts": [
            {
                "index": part.position,
                "kind": part.kind,
                "content": part.content,
                "status": part.status,
                "platform_post_id": part.platform_post_id,
                "url": part.url,
                "error": part.error,
            }
            for part in target.parts
        ],
    }


def _failed(base, attempts, failures, retry_delays, now):
    permanent = [error for error in failures if error.kind == PERMANENT]
    error = (permanent or failures)[0]
    retry = not permanent and attempts <= len(retry_delays)
    next_attempt_at = now + retry_delays[attempts - 1] * 1000 if retry else None
    data = {
        **base,
        "error": {"code": error.code, "message": error.message},
        "attempt": attempts,
        "will_retry": retry,
        "next_attempt_at": next_attempt_at,
    }
    return Outcome(PostStatus.FAILED, "post.failed", data, next_attempt_at, error.code, error.message)


def _blocked(base, code, message, resume_at):
    data = {**base, "reason": {"code": code, "message": message}, "next_attempt_at": resume_at}
    return Outcome(PostStatus.BLOCKED, "post.blocked", data, resume_at, code, message)


def report(posts, statuses):
    """Tell what came of each post's attempt, once committed: log lines (docs/operations.md,
    Logs), usage (every delivered post, every attempt that ended failed) and metrics.
    `statuses`: {post id: its status now, or None if its lease was lost}."""
    counters = {PostStatus.DONE: "posts_delivered", PostStatus.FAILED: "posts_failed"}
    now = clock.now_ms()
    for post in posts:
        status = statuses[post.id]
        if status is None:
            continue  # its lease was lost: the new owner reports it
        if status == PostStatus.PUBLISHING:
            _log_waiting(post)  # a platform is still at work
            continue
        if status in counters:
            usage.count(post.account_id, post.mode, **{counters[status]: 1})
        if status == PostStatus.DONE and post.attempts == 1:
            metrics.published_late((now - post.scheduled_for) / 1000)
        for target in post.targets or [None]:
            metrics.target_ended(target.platform if target else None, target.status if target else status)
            _log_target(post, status, target)
            if target is not None and len(target.parts) > 1:
                for part in target.parts:
                    _log_part(post, target, part, post.attempts)


def report_comment(post, target, part):
    """Log how a first comment's own retry ended (postline/posts/publishing/comments.py)."""
    _log_part(post, target, part, part.attempts, f"post {post.id} first comment retried")


def _log_target(post, status, target):
    """One line per target (or per post without any): its outcome, with the platform's
    id and url once published, or the error and when the post is tried again."""
    outcome = target.status if target else status
    fields = {
        "post_id": post.id,
        "attempt": post.attempts,
        "post_status": status,
        "platform": target.platform if target else None,
        "connection_id": target.connection_id if target else None,
        "outcome": outcome,
    }
    if outcome == TargetStatus.PUBLISHED:
        fields.update(platform_post_id=target.platform_post_id, url=target.url)
    else:
        failing = target.failing if target else None
        fields["error_code"] = (failing.error_code if failing else None) or post.last_error_code
        fields["error_message"] = (failing.error_message if failing else None) or post.last_error_message
    if status != PostStatus.DONE:
        fields["next_attempt_at"] = logs.instant(post.next_attempt_at)
    level = logging.INFO if status == PostStatus.DONE else logging.WARNING
    logs.event(log, _said(post, status, fields), level, **fields)


def _said(post, status, fields):
    said = f"post {post.id} attempt {post.attempts} {status}: {fields['platform'] or 'no target'}"
    said += f" {fields['outcome']}"
    if status == PostStatus.DONE:
        return said
    if fields.get("error_code"):
        said += f" ({fields['error_code']})"
    next_attempt_at = fields["next_attempt_at"]
    return said + (f", tried again at {next_attempt_at}" if next_attempt_at else ", not tried again")


def _log_part(post, target, part, attempt, said=None):
    """One line per part of a thread or a post with a first comment."""
    fields = {
        "post_id": post.id,
        "attempt": attempt,
        "platform": target.platform,
        "connection_id": target.connection_id,
        "part_index": part.position,
        "part_kind": part.kind,
        "outcome": part.status,
    }
    if part.status == TargetStatus.PUBLISHED:
        fields.update(platform_post_id=part.platform_post_id, url=part.url)
    elif part.error_code:
        fields.update(error_code=part.error_code, error_message=part.error_message)
    if part.kind == PartKind.COMMENT and part.status != TargetStatus.PUBLISHED:
        fields["next_attempt_at"] = logs.instant(part.next_attempt_at)
    said = said or f"post {post.id} attempt {attempt}"
    logs.event(log, f"{said}: {target.platform} part {part.position} ({part.kind}) {part.status}", **fields)


def _log_waiting(post):
    """A line per target a platform is still working on: when it is asked again."""
    for target in post.targets:
        waiting = [part for part in target.main_parts if part.status == TargetStatus.PROCESSING]
        if not waiting:
            continue
        check_at = logs.instant(waiting[0].check_at)
        said = f"post {post.id} attempt {post.attempts}: {target.platform} processing"
        logs.event(
            log,
            f"{said}, asked again at {check_at}",
            post_id=post.id,
            attempt=post.attempts,
            platform=target.platform,
            connection_id=target.connection_id,
            outcome=TargetStatus.PROCESSING,
            part_index=waiting[0].position,
            check_at=check_at,
        )
