"""Claims as leases (postline/leases.py): each due row is taken by exactly one worker,
and the row of a worker that died is taken again when its lease expires.
"""

import multiprocessing
import threading
import time

import pytest

from models import Account, Event, Webhook, WebhookDelivery
from postline import db, ids
from postline.db import database, due, leases

# Claims and leases among workers: each backend's locking.
pytestmark = pytest.mark.storage

LEASE = 60_000
NOW = 1_800_000_000_000
claim = leases.Claim(WebhookDelivery)


@pytest.fixture
def make_rows(app):
    """make_rows(n, due_at) -> ids of n claimable rows (webhook deliveries) due at `due_at`."""
    account = Account.create(id=ids.new_id("acct"), name="lessee", plan="free")
    webhook = Webhook.create_for_account(account.id, "live", url="https://x.test/", events=[], secret="-")
    event = Event.create_for_account(account.id, "live", type="post.created", data="{}")

    def make(n, due_at=NOW):
        made = []
        for _ in range(n):
            made += WebhookDelivery.queue([webhook], [event.id], event.type, "event", due_at)
        return made

    return make


def lease_of(row_id):
    row = WebhookDelivery.get_by_id(row_id)
    return row.lease_owner, row.lease_expires_at, row.due_at


def test_claim_takes_due_rows_earliest_first_and_leases_them(make_rows):
    late, early, future = make_rows(1, NOW - 10), make_rows(1, NOW - 20), make_rows(1, NOW + 1)
    claimed = claim("w1", NOW, LEASE, limit=1)
    assert [row.id for row in claimed] == early
    owner = claimed[0].lease_owner
    assert owner.startswith("w1#") and claimed[0].lease_expires_at == NOW + LEASE
    assert lease_of(early[0]) == (owner, NOW + LEASE, NOW + LEASE)

    assert [row.id for row in claim("w2", NOW, LEASE, limit=5)] == late
    assert claim("w2", NOW, LEASE, limit=5) == []
    assert lease_of(future[0]) == (None, None, NOW + 1)
    assert claim("w1", NOW, LEASE, limit=0) == []


def test_claim_honours_where(make_rows):
    first, second = make_rows(2)
    claim_others = leases.Claim(WebhookDelivery, where=lambda excluded: WebhookDelivery.id != excluded)
    claimed = claim_others("w1", NOW, LEASE, 5, first)
    assert [row.id for row in claimed] == [second]
    assert lease_of(first) == (None, None, NOW)


def test_a_dead_workers_row_is_taken_again_when_its_lease_expires(make_rows):
    (row_id,) = make_rows(1)
    (dead,) = claim("dead", NOW, LEASE, limit=1)
    assert claim("alive", NOW + LEASE - 1, LEASE, limit=1) == []
    (taken,) = claim("alive", NOW + LEASE, LEASE, limit=1)
    assert taken.id == row_id and lease_of(row_id) == (taken.lease_owner, NOW + 2 * LEASE, NOW + 2 * LEASE)
    assert taken.lease_owner.startswith("alive#")

    # The first worker wakes up: its finish must not overwrite the new owner's work.
    assert leases.finish(dead, due.never(), status="succeeded") is False
    assert WebhookDelivery.get_by_id(row_id).status == "pending"
    assert leases.finish(taken, due.retry_at(NOW + 5), status="failed") is True
    assert lease_of(row_id) == (None, None, NOW + 5)
    assert WebhookDelivery.get_by_id(row_id).status == "failed"


def test_a_worker_that_reclaimed_its_own_expired_row_finishes_only_the_new_claim(make_rows):
    make_rows(1)
    (old,) = claim("w1", NOW, LEASE, limit=1)
    (new,) = claim("w1", NOW + LEASE, LEASE, limit=1)
    assert leases.finish(old, due.never(), status="succeeded") is False
    assert leases.finish(new, due.never(), status="succeeded") is True


def test_release_makes_the_row_due_at_once(make_rows):
    (row_id,) = make_rows(1)
    (row,) = claim("w1", NOW, LEASE, limit=1)
    assert leases.release(row, NOW + 10) is True
    assert lease_of(row_id) == (None, None, NOW + 10)
    assert [r.id for r in claim("w2", NOW + 10, LEASE, limit=1)] == [row_id]


def test_finished_rows_with_no_due_time_are_never_claimed(make_rows):
    make_rows(1)
    (row,) = claim("w1", NOW, LEASE, limit=1)
    leases.finish(row, due.never())
    assert claim("w1", NOW + 10 * LEASE, LEASE, limit=1) == []


def _claim_all(worker_id, batch):
    claimed = []
    while rows := claim(worker_id, NOW, LEASE, limit=batch):
        claimed += [row.id for row in rows]
        # A worker does something with what it claimed before it claims again: without
        # that pause, one thread could take SQLite's one write lock back every time and
        # claim everything, and the test would prove nothing (it fails then).
        time.sleep(0.001)
    return claimed


def test_concurrent_threads_never_claim_the_same_row(make_rows):
    made = make_rows(300)
    results = {}
    start = threading.Barrier(8)

    def worker(number):
        start.wait()
        try:
            results[number] = _claim_all(f"thread-{number}", batch=3)
        finally:
            db.close()

    threads = [threading.Thread(target=worker, args=(n,)) for n in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    claimed = [row_id for rows in results.values() for row_id in rows]
    assert sorted(claimed) == sorted(made)
    assert sum(1 for rows in results.values() if rows) > 1, "one thread took everything: no contention"


def _claim_in_process(database_url, worker_id, start):
    database.initialize(db.connect(database_url))
    start.wait()
    try:
        return _claim_all(worker_id, batch=5)
    finally:
        db.close()


# Four processes at once: left out of the quick loop (tests/conftest.py).
@pytest.mark.processes
def test_concurrent_processes_never_claim_the_same_row(make_rows, database_url):
    made = make_rows(400)
    context = multiprocessing.get_context("spawn")
    with context.Manager() as manager:
        start = manager.Barrier(4)
        with context.Pool(4) as pool:
            results = pool.starmap(_claim_in_process, [(database_url, f"proc-{n}", start) for n in range(4)])
    claimed = [row_id for rows in results for row_id in rows]
    assert sorted(claimed) == sorted(made)
    assert all(lease_of(row_id)[0].startswith("proc-") for row_id in made[:5])
