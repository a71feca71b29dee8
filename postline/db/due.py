"""`due_at`: when a worker must next act on a claimable row (postline/db/leases.py);
NULL when nothing is pending. Every write of it goes through one of these, each
naming which time it is. Each returns the assignment as keyword arguments of an
update or a new row: `Post.update(**due.retry_at(at))`.
"""


def scheduled(at):
    """A post's `scheduledFor`, or None for a draft, which is never due."""
    return {"due_at": at}


def retry_at(at):
    """The next attempt after a failure or a rate limit (the `nextAttemptAt` clients see);
    None when there will be none."""
    return {"due_at": at}


def check_at(at):
    """When to ask a platform again about work it finishes later (a `processing` target)."""
    return {"due_at": at}


def lease_until(at):
    """The end of a claim's lease: the row of a worker that died is due again then."""
    return {"due_at": at}


def at_once(now):
    """A row given back untouched: due again now."""
    return {"due_at": now}


def never():
    """Nothing left to do (a delivered webhook, a finished delivery)."""
    return {"due_at": None}


def assign(row, when):
    """Set `when` (one of the assignments above) on a row object whose columns are then
    written together: `due.assign(post, due.scheduled(at))`."""
    for name, value in when.items():
        setattr(row, name, value)
