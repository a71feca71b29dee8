"""One part of a target through one attempt: its states and moves, and the platform call.

A target publishes its parts in order (postline/posts/versions.py): the post, the
replies of its thread, then its first comment. A part moves (docs/api.md, Publishing):
- `pending` or `failed` -> `sending` (committed before the call) -> `published`,
  `processing`, `failed` or `unconfirmed` (committed right after);
- `processing` -> asked again at its `check_at` (`sending` around the check) -> the same;
- `sending` found at the start of an attempt (its worker died mid-call) -> `unconfirmed`
  (postline/posts/publishing/writes.py), never sent again;
- `published` and `unconfirmed` stay as they are.
A reply is sent only once the part before it is published, so a thread never goes
out of order, and a retry goes on from the part that failed, replying to the last
one published.

`next_step` says what a part needs now as one `Step`; `run` carries it out and returns
the outcome (Published, Processing or PublishError); `apply` sets an outcome on the
part, for the caller to write.
"""

import dataclasses
import json
from typing import NamedTuple

from models import LIVE
from postline import clock, platforms
from postline.connections import tokens
from postline.platforms import (
    BLOCKED,
    PERMANENT,
    RETRYABLE,
    TOKEN,
    UNCONFIRMED,
    Call,
    Processing,
    PublishError,
)
from postline.posts import versions
from postline.posts.publishing import sandbox
from postline.posts.publishing.files import FILES
from postline.statuses import PartKind, TargetStatus

TO_SEND = (TargetStatus.PENDING, TargetStatus.FAILED)
DEAD_CONNECTION = "CONNECTION_EXPIRED"
# When to ask again about a processing part that cannot be checked now (no fresh token).
CHECK_AGAIN_MS = 60_000

# What a Step does.
SKIP = "skip"  # nothing to do now (published, unconfirmed, or processing until a later check_at)
PUBLISH = "publish"  # send it to the platform
CHECK = "check"  # ask the platform about work it finishes later
SETTLE = "settle"  # the outcome is known without a call (`outcome`)


class Step(NamedTuple):
    """What one part needs now: `action` (SKIP, PUBLISH, CHECK or SETTLE), with the
    publisher and the connection's Call for a platform call (`call` None for the
    sandbox), or the `outcome` a SETTLE already knows."""

    action: str
    publisher: object = None
    call: Call = None
    outcome: object = None


def publisher_for(post, target):
    """What publishes `target`: its platform's adapter, or the sandbox in test mode (its
    simulated connections included: test mode never calls a platform)."""
    return platforms.for_platform(
        target.platform if post.mode == LIVE else platforms.sandbox.ADAPTER.platform
    )


def prepare(target, version):
    """Give the target's parts what publishing them needs besides their row: the
    version's `options` (the post part's), and the parts each answers, `parent` (the
    main part before; the post, for a comment) and `root` (the post); and the target
    its `refusal`."""
    target.refusal = refusal(target, version)
    root = target.parts[0] if target.parts else None
    previous = None
    for part in target.parts:
        part.options = version.options if part.position == 0 else {}
        part.root = root if part.position else None
        part.parent = root if part.kind == PartKind.COMMENT else previous
        if part.kind != PartKind.COMMENT:
            previous = part


def refusal(target, version):
    """The PublishError (CONTENT_REFUSED, permanent) of a target whose version its
    platform takes on no account, else None: a thread or a first comment checked at
    create against the channel's platforms then, when the channel gained this one
    later. Every part of it still to send fails so, and nothing of it is sent."""
    problems = versions.shape_problems(version, platforms.for_platform(target.platform))
    if not problems:
        return None
    return PublishError(PERMANENT, "CONTENT_REFUSED", "; ".join(message for _, message in problems))


def next_step(post, target, part, settings):
    """The Step `part` needs now; `settings` is the `[publishing]` section."""
    now = clock.now_ms()
    if part.status == TargetStatus.PROCESSING:
        if part.check_at > now:
            return Step(SKIP)  # not yet: the post comes back at the earliest check_at
        if now - part.processing_since > settings["processing_timeout"] * 1000:
            timeout = settings["processing_timeout"]
            message = f"{target.platform}: still processing after {timeout} s"
            error = PublishError(RETRYABLE, "PROCESSING_TIMEOUT", message)
            return Step(SETTLE, outcome=_unknown_end(target, error))
        action = CHECK
    elif part.status in TO_SEND:
        if target.refusal is not None:
            return Step(SETTLE, outcome=target.refusal)
        action = PUBLISH
    else:
        return Step(SKIP)
    call, error = _call_for(target)
    if error is not None:
        return Step(SETTLE, outcome=_check_later(target, part, error) if action == CHECK else error)
    return Step(action, publisher_for(post, target), call)


def mark_sending(part, sends=True):
    """The part as its `sending` mark writes it (one send more, unless it is a check of
    work the platform took already); the caller writes it."""
    part.status, part.error_code, part.error_message = TargetStatus.SENDING, None, None
    part.attempts += 1 if sends else 0
    part.updated_at = clock.now_ms()


def run(post, target, part, step, write_mark):
    """Carry out `step` for `part` and return its outcome. A platform call is made with
    the part marked `sending` by `write_mark(part)` (one statement that checks the lease
    itself); a 401 refreshes the token once and calls again at once: the platform
    refused the request, so nothing was made."""
    if step.action == SETTLE:
        return step.outcome
    mark_sending(part, sends=step.action == PUBLISH)
    write_mark(part)
    outcome = _call_platform(step, post, target, part, step.call)  # may take seconds
    if not _refused_token(outcome) or step.call is None:
        return outcome
    call, error = _call_for(target, refused=step.call)
    if error is not None:
        return _check_later(target, part, error) if step.action == CHECK else error
    outcome = _call_platform(step, post, target, part, call)
    if _refused_token(outcome):
        outcome = PublishError(RETRYABLE, outcome.code, f"{outcome.message} (after a token refresh)")
        if step.action == CHECK:
            outcome = _check_later(target, part, outcome)
    return outcome


def _refused_token(outcome):
    return isinstance(outcome, PublishError) and outcome.kind == TOKEN


def _call_platform(step, post, target, part, call):
    publisher = step.publisher
    if publisher.transactional:  # a test-mode first comment's own retry
        # Through the sandbox's door, as its first attempt went: a simulated
        # connection's platform still holds it to its rules.
        return sandbox.send(publisher, [(post, target, part)])[0]
    try:
        if step.action == PUBLISH:
            return publisher.publish(post, target, part, call)
        return publisher.check(post, target, part, call)
    except PublishError as error:
        return error


def _call_for(target, refused=None):
    """(Call, None) for the target's connection, or (None, PublishError); the sandbox
    needs no Call. `refused`: the Call whose token the platform just refused."""
    if target.connection_id is None:
        return None, None
    try:
        if refused is not None:
            call = tokens.refreshed_call(target.connection_id, refused.access_token)
        else:
            call = tokens.call_for(target.connection_id)
        return dataclasses.replace(call, files=FILES), None
    except tokens.ConnectionDead as dead:
        return None, PublishError(BLOCKED, DEAD_CONNECTION, dead.message)
    except tokens.RefreshFailed as failure:
        return None, PublishError(RETRYABLE, "TOKEN_REFRESH_FAILED", failure.message)


def _check_later(target, part, error):
    """A processing part whose check cannot be made now (no fresh token yet, or the
    token refused even after a refresh): ask again later, for the platform may be
    finishing the work ([publishing] processing_timeout bounds the asking). A check
    that can never be made (the connection is dead) ends the part as `_unknown_end`."""
    if error.kind != RETRYABLE:
        return _unknown_end(target, error)
    return Processing(clock.now_ms() + CHECK_AGAIN_MS, json.loads(part.platform_state))


def _unknown_end(target, error):
    """`error` ending a processing part whose end Postline cannot learn, of the kind
    its publisher's `unknown_end_kind` names: UNCONFIRMED where the platform may publish
    it still (TikTok), so that it is never sent again; else the error's own kind."""
    kind = platforms.for_platform(target.platform).unknown_end_kind or error.kind
    return PublishError(kind, error.code, error.message)


def apply(part, outcome, now):
    """Set an outcome (Published, Processing or PublishError) on the part object;
    returns the PublishError, if any."""
    part.check_at = part.error_code = part.error_message = None
    part.updated_at = now
    if isinstance(outcome, Processing):
        part.status = TargetStatus.PROCESSING
        part.check_at = outcome.check_at
        part.platform_state = json.dumps(outcome.state)
        part.processing_since = part.processing_since or now
        return None
    part.processing_since = part.platform_state = None
    if isinstance(outcome, PublishError):
        part.status = TargetStatus.UNCONFIRMED if outcome.kind == UNCONFIRMED else TargetStatus.FAILED
        part.error_code, part.error_message = outcome.code, outcome.message
        return outcome
    part.status = TargetStatus.PUBLISHED
    part.platform_post_id, part.url, part.published_at = outcome.platform_post_id, outcome.url, now
    return None
