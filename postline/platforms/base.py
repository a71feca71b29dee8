"""What every publisher returns or raises."""

from dataclasses import dataclass

RETRYABLE = "retryable"  # transient: retried at [publishing] retry_delays
BLOCKED = "blocked"  # rate limit or policy; resumes at `resume_at` when the platform gives one
PERMANENT = "permanent"  # the request itself is wrong: the post fails for good
UNCONFIRMED = "unconfirmed"  # the request may have reached the platform (a time-out): never resend
KINDS = (RETRYABLE, BLOCKED, PERMANENT, UNCONFIRMED)


@dataclass(frozen=True)
class Published:
    platform_post_id: str
    url: str = None


class PublishError(Exception):
    def __init__(self, kind, code, message, resume_at=None):
        super().__init__(message)
        if kind not in KINDS:
            raise ValueError(f"unknown error kind {kind!r}")
        self.kind = kind
        self.code = code
        self.message = message
        self.resume_at = resume_at
