"""Claims as leases: how several workers share due rows (docs/deployment.md).

A claimable model has three columns:

- `due_at` (BigInteger, nullable, indexed): when a worker must next act on the row;
  NULL when nothing is to be done.
- `lease_owner` (who holds the row: the claiming worker's id and a number of its own
  for this one claim) and `lease_expires_at`.

A `Claim` takes due rows in one atomic UPDATE and moves their `due_at` to the end of
the lease, so the row of a worker that died becomes due again when its lease
expires. Leases are short; while a worker holds a row, its `Keeper` renews the lease
every third of its length, so a crashed worker's rows are taken over within one
lease length, and a slow but living one keeps them. `finish` and `release` write
back only while the row is still held by the same claim: a worker that lost its
lease cannot overwrite the new owner's work.
"""

import itertools
import logging
import threading

from postline import clock
from postline.db import connection, due
from postline.db.compiled import Compiled, update_rows

log = logging.getLogger(__name__)

_claims = itertools.count(1)


class Claim:
    """One kind of claim: `model`'s due rows, earliest first, that also match
    `where(*values)` (a function of the values' peewee slots; None: any due row), read
    back with `fields` (None: every field). Its SQL is written once (postline/db/compiled.py):
    claims come several times a second from every thread of a busy worker.
    """

    def __init__(self, model, where=None, fields=None):
        self.model = model
        self._where = where
        self._fields = fields or [model]
        self._compiled = Compiled(self._build)

    def __call__(self, worker_id, now_ms, lease_ms, limit, *values):
        """Lease up to `limit` rows with `due_at <= now_ms` (and `where(*values)`); return
        them by id. Every claim has an owner of its own (`<worker_id>#<n>`), so a worker
        that claims a row again after its lease expired holds it under a new name that
        the old claim cannot write under."""
        if limit <= 0:
            return []
        owner, expires = f"{worker_id}#{next(_claims)}", now_ms + lease_ms
        # On SQLite a transaction of its own, so that it queues with the process's other
        # writers (postline/db/sqlite.py) instead of polling SQLite's lock; on PostgreSQL
        # the one statement is atomic by itself (BEGIN and COMMIT would be two more round trips).
        with connection.writing():
            claimed = list(self._compiled.rows(owner, expires, now_ms, limit, *values))
        return sorted(claimed, key=lambda row: row.id)

    def _build(self, owner, expires, now, limit, *values):
        model = self.model
        is_due = model.due_at <= now
        if self._where is not None:
            is_due &= self._where(*values)
        candidates = model.select(model.id).where(is_due).order_by(model.due_at).limit(limit)
        if not connection.is_sqlite():
            # Rows another worker is claiming right now are skipped, not waited for.
            candidates = candidates.for_update(skip_locked=True)
        # On SQLite the one UPDATE statement holds the database's write lock throughout.
        updates = {model.lease_owner: owner, model.lease_expires_at: expires, **due.lease_until(expires)}
        return model.update(updates).where(model.id.in_(candidates)).returning(*self._fields)


def any_due(model, now_ms):
    """Whether any row is due; a read, cheaper than a claim that finds nothing."""
    return model.select(model.id).where(model.due_at <= now_ms).limit(1).exists()


def held(model, owner):
    """The condition that a row is still held by the claim named `owner`."""
    return model.lease_owner == owner


def finish(row, next_due, **updates):
    """End the lease on a claimed `row`: write `updates` and when it is due next
    (`next_due`, from postline/db/due.py).

    Returns False, writing nothing, if the lease was taken over meanwhile.
    """
    model = type(row)
    written = (
        model.update(lease_owner=None, lease_expires_at=None, **next_due, **updates)
        .where((model.id == row.id) & held(model, row.lease_owner))
        .execute()
    )
    return written == 1


def finish_all(model, finished):
    """`finish` for many rows in one statement: `finished` is a list of
    `(row, next_due, updates)`, every `updates` naming the same fields. Rows whose lease
    was taken over meanwhile are left alone; returns how many were written.
    """
    rows = [
        {"id": row.id, "lease_owner": row.lease_owner, **next_due, **updates}
        for row, next_due, updates in finished
    ]
    return update_rows(
        model, rows, match=("id", "lease_owner"), constants={"lease_owner": None, "lease_expires_at": None}
    )


def release(row, now_ms):
    """Give a claimed row back untouched: it is due again at once."""
    return finish(row, due.at_once(now_ms))


def renew(model, rows, now_ms, lease_ms):
    """Extend the leases of `rows` that their claims still hold; returns how many."""
    if not rows:
        return 0
    until = now_ms + lease_ms
    owners = {row.lease_owner for row in rows}
    with connection.database.atomic():
        return (
            model.update(lease_expires_at=until, **due.lease_until(until))
            .where(model.id.in_([row.id for row in rows]) & model.lease_owner.in_(list(owners)))
            .execute()
        )


class Keeper:
    """Renews the leases of every row this process holds, from a thread of its own.

    Work pools `hold` what they claim and `drop` it when finished or released.
    """

    def __init__(self, lease_ms):
        self.lease_ms = lease_ms
        self._held = {}  # (model, id) -> row
        self._lock = threading.Lock()
        self._stop = threading.Event()
        self._thread = None

    def hold(self, rows):
        with self._lock:
            for row in rows:
                self._held[(type(row), row.id)] = row
            if self._thread is None:
                self._thread = threading.Thread(
                    target=self._renew_periodically, name="lease-keeper", daemon=True
                )
                self._thread.start()

    def drop(self, rows):
        with self._lock:
            for row in rows:
                self._held.pop((type(row), row.id), None)

    def renew_now(self):
        """Renew every held lease once (the thread calls this every third of a lease)."""
        with self._lock:
            by_model = {}
            for (model, _), row in self._held.items():
                by_model.setdefault(model, []).append(row)
        for model, rows in by_model.items():
            renew(model, rows, clock.now_ms(), self.lease_ms)

    def stop(self):
        self._stop.set()
        if self._thread is not None:
            self._thread.join()

    def _renew_periodically(self):
        while not self._stop.wait(self.lease_ms / 3000):
            try:
                connection.check_out()
                self.renew_now()
            except connection.UNAVAILABLE as error:
                connection.discard()
                log.warning("could not renew leases (%s); retrying", error)
        connection.close()
