"""Claims as leases: how several workers share due rows (README, Deployment).

A claimable model has three columns:

- `due_at` (BigInteger, nullable, indexed): when a worker must next act on the row;
  NULL when nothing is to be done.
- `lease_owner` (the claiming worker's id) and `lease_expires_at`.

`claim` takes due rows in one atomic UPDATE and moves their `due_at` to the end of
the lease, so the row of a worker that died becomes due again when its lease
expires. `finish` and `release` write back only while the lease is still the one
that was claimed: a worker that lost its lease cannot overwrite the new owner's work.
"""

from postline import db


def claim(model, worker_id, now_ms, lease_ms, limit, where=None):
    """Lease up to `limit` rows with `due_at <= now_ms`, earliest first; return them.

    `where` narrows which due rows may be taken.
    """
    if limit <= 0:
        return []
    due = model.due_at <= now_ms
    if where is not None:
        due &= where
    candidates = model.select(model.id).where(due).order_by(model.due_at).limit(limit)
    if not db.is_sqlite():
        # Rows another worker is claiming right now are skipped, not waited for.
        candidates = candidates.for_update(skip_locked=True)
    # On SQLite the one UPDATE statement holds the database's write lock throughout.
    updates = {
        model.lease_owner: worker_id,
        model.lease_expires_at: now_ms + lease_ms,
        model.due_at: now_ms + lease_ms,
    }
    # A transaction of its own, so that on SQLite it queues with the process's other
    # writers (postline/db.py) instead of polling SQLite's lock.
    with db.database.atomic():
        claimed = list(model.update(updates).where(model.id.in_(candidates)).returning(model).execute())
    return sorted(claimed, key=lambda row: row.id)


def held(model, owner, expires_at):
    """The condition that a lease is still the one claimed: same owner, same expiry.

    The expiry matters too: the same worker may have claimed the row again after its
    lease expired, and the older claim must not write over the newer.
    """
    return (model.lease_owner == owner) & (model.lease_expires_at == expires_at)


def finish(row, due_at=None, **updates):
    """End the lease on a claimed `row`: write `updates` and the next `due_at` (None: done).

    Returns False, writing nothing, if the lease was taken over meanwhile.
    """
    model = type(row)
    written = (
        model.update(lease_owner=None, lease_expires_at=None, due_at=due_at, **updates)
        .where((model.id == row.id) & held(model, row.lease_owner, row.lease_expires_at))
        .execute()
    )
    return written == 1


def release(row, now_ms):
    """Give a claimed row back untouched: it is due again at once."""
    return finish(row, due_at=now_ms)
