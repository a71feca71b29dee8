"""Every status value the service stores, one definition each.

The API shows them as they are; docs/api-notes.md tells what each means.
"""


class PostStatus:
    DRAFT = "draft"
    QUEUED = "queued"
    PUBLISHING = "publishing"
    DONE = "done"
    FAILED = "failed"
    BLOCKED = "blocked"
    ALL = (DRAFT, QUEUED, PUBLISHING, DONE, FAILED, BLOCKED)
    # What a client may set, and the states a client may still change.
    SETTABLE = (DRAFT, QUEUED)
    EDITABLE = (DRAFT, QUEUED, FAILED, BLOCKED)


class TargetStatus:
    PENDING = "pending"
    SENDING = "sending"  # a platform call is in flight
    PROCESSING = "processing"  # the platform took it and finishes later: checked at `check_at`
    PUBLISHED = "published"
    FAILED = "failed"
    UNCONFIRMED = "unconfirmed"  # a call's outcome is unknown: never re-sent on its own
    ALL = (PENDING, SENDING, PROCESSING, PUBLISHED, FAILED, UNCONFIRMED)


class PartKind:
    POST = "post"  # the post itself, a target's part 0
    REPLY = "reply"  # a part of its thread, replying to the part before
    COMMENT = "comment"  # the first comment, under the post, by the same account
    ALL = (POST, REPLY, COMMENT)


class ConnectionStatus:
    ACTIVE = "active"
    EXPIRED = "expired"  # the platform refused its tokens for good: connect again
    REVOKED = "revoked"  # the user or the platform withdrew the grant
    ERROR = "error"  # the last verification failed for another reason; still used
    ALL = (ACTIVE, EXPIRED, REVOKED, ERROR)
    DEAD = (EXPIRED, REVOKED)


class DeliveryStatus:
    PENDING = "pending"
    SUCCEEDED = "succeeded"
    FAILED = "failed"
    ALL = (PENDING, SUCCEEDED, FAILED)


class DeliveryTrigger:
    EVENT = "event"
    TEST = "test"
    MANUAL = "manual"
    ALL = (EVENT, TEST, MANUAL)


class ImportStatus:
    PENDING = "pending"  # rows wait for the worker
    RUNNING = "running"  # some chunks are created, more wait
    DONE = "done"  # every row created or rejected (a dry run is done as it is made)
    ALL = (PENDING, RUNNING, DONE)


class ImportRowStatus:
    WAITING = "waiting"  # to be created by the worker
    REJECTED = "rejected"  # kept with its errors; a created row is deleted
