"""One target through one attempt: its states and moves, and the platform call.

A target's moves (docs/api.md, Publishing):
- `pending` or `failed` -> `sending` (committed before the call) -> `published`,
  `processing`, `failed` or `unconfirmed` (committed right after);
- `processing` -> asked again at its `check_at` (`sending` around the check) -> the same;
- `sending` found at the start of an attempt (its worker died mid-call) -> `unconfirmed`
  (postline/posts/publishing/writes.py), never sent again;
- `published` and `unconfirmed` stay as they are.

`next_step` says what a target needs now as one `Step`; `run` carries it out and
returns the outcome (Published, Processing or PublishError); `apply` sets an outcome on
the target, for the caller to write.
"""

import dataclasses
import json
from typing import NamedTuple

from postline import clock, platforms
from postline.connections import tokens
from postline.platforms import BLOCKED, RETRYABLE, TOKEN, UNCONFIRMED, Call, Processing, PublishError
from postline.posts.publishing import writes
from postline.posts.publishing.files import FILES
from postline.statuses import TargetStatus

TO_SEND = (TargetStatus.PENDING, TargetStatus.FAILED)
DEAD_CONNECTION = "CONNECTION_EXPIRED"
# When to ask again about a processing target that cannot be checked now (no fresh token).
CHECK_AGAIN_MS = 60_000

# What a Step does.
SKIP = "skip"  # nothing to do now (published, unconfirmed, or processing until a later check_at)
PUBLISH = "publish"  # send it to the platform
CHECK = "check"  # ask the platform about work it finishes later
SETTLE = "settle"  # the outcome is known without a call (`outcome`)


class Step(NamedTuple):
    """What one target needs now: `action` (SKIP, PUBLISH, CHECK or SETTLE), with the
    publisher and the connection's Call for a platform call (`call` None for the
    sandbox), or the `outcome` a SETTLE already knows."""

    action: str
    publisher: object = None
    call: Call = None
    outcome: object = None


def next_step(target, settings):
    """The Step `target` needs now; `settings` is the `[publishing]` section."""
    now = clock.now_ms()
    if target.status == TargetStatus.PROCESSING:
        if target.check_at > now:
            return Step(SKIP)  # not yet: the post comes back at the earliest check_at
        if now - target.processing_since > settings["processing_timeout"] * 1000:
            timeout = settings["processing_timeout"]
            message = f"{target.platform}: still processing after {timeout} s"
            return Step(
                SETTLE, outcome=_unknown_end(target, PublishError(RETRYABLE, "PROCESSING_TIMEOUT", message))
            )
        action = CHECK
    elif target.status in TO_SEND:
        action = PUBLISH
    else:
        return Step(SKIP)
    call, error = _call_for(target)
    if error is not None:
        return Step(SETTLE, outcome=_check_later(target, error) if action == CHECK else error)
    return Step(action, platforms.for_platform(target.platform), call)


def run(post, target, step):
    """Carry out `step` for `target` and return its outcome. A platform call is made with
    the target marked `sending` (one statement that checks the lease itself); a 401
    refreshes the token once and calls again at once: the platform refused the
    request, so nothing was made."""
    if step.action == SETTLE:
        return step.outcome
    target.status, target.error_code, target.error_message = TargetStatus.SENDING, None, None
    target.updated_at = clock.now_ms()
    writes.target_held(target, post)
    outcome = _call_platform(step, post, target, step.call)  # may take seconds
    if not _refused_token(outcome) or step.call is None:
        return outcome
    call, error = _call_for(target, refused=step.call)
    if error is not None:
        return _check_later(target, error) if step.action == CHECK else error
    outcome = _call_platform(step, post, target, call)
    if _refused_token(outcome):
        outcome = PublishError(RETRYABLE, outcome.code, f"{outcome.message} (after a token refresh)")
        if step.action == CHECK:
            outcome = _check_later(target, outcome)
    return outcome


def _refused_token(outcome):
    return isinstance(outcome, PublishError) and outcome.kind == TOKEN


def _call_platform(step, post, target, call):
    publisher = step.publisher
    if publisher.transactional:  # the sandbox beside a real platform in one post
        return publisher.publish_all([(post, target)])[0]
    try:
        if step.action == PUBLISH:
            return publisher.publish(post, target, call)
        return publisher.check(post, target, call)
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


def _check_later(target, error):
    """A processing target whose check cannot be made now (no fresh token yet, or the
    token refused even after a refresh): ask again later, for the platform may be
    finishing the work ([publishing] processing_timeout bounds the asking). A check
    that can never be made (the connection is dead) ends the target as `_unknown_end`."""
    if error.kind != RETRYABLE:
        return _unknown_end(target, error)
    return Processing(clock.now_ms() + CHECK_AGAIN_MS, json.loads(target.platform_state))


def _unknown_end(target, error):
    """`error` ending a processing target whose end Postline cannot learn, of the kind
    its publisher's `unknown_end_kind` names: UNCONFIRMED where the platform may publish
    it still (TikTok), so that it is never sent again; else the error's own kind."""
    kind = platforms.for_platform(target.platform).unknown_end_kind or error.kind
    return PublishError(kind, error.code, error.message)


def apply(target, outcome, now):
    """Set an outcome (Published, Processing or PublishError) on the target object;
    returns the PublishError, if any."""
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
