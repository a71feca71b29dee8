"""A worker killed while it holds claimed posts: another worker takes them over within
seconds, because claims are short leases renewed only while their worker lives."""

import signal
import time

import psycopg2
import pytest

from models import Post, SandboxPublication
from postline.statuses import PostStatus
from tests.conftest import BACKENDS

# A drill that times the takeover: one at a time (tests/conftest.py).
pytestmark = pytest.mark.quiet

POSTGRESQL = BACKENDS[1]  # skipped, saying so, when TEST_DATABASE_URL is not set


@pytest.fixture
def postgresql(database_url):
    if not database_url.startswith("postgresql"):
        pytest.skip("holds a worker mid-claim with a PostgreSQL table lock")
    return database_url


@pytest.mark.parametrize("database_url", [POSTGRESQL], indirect=True)
def test_another_worker_publishes_a_killed_workers_claims_within_15_s(
    postgresql, api, make_key, worker_process
):
    tester = api.as_key(make_key(mode="test"))
    channel = tester.post("/v1/channels", json={"name": "Drill"}).get_json()["data"]["id"]
    body = {"posts": [{"channelId": channel, "content": f"drill {n}"} for n in range(100)]}
    ids = [post["id"] for post in tester.post("/v1/posts/batch", json=body).get_json()["data"]]

    # Publishing a post appends to the tally table; while the drill holds that table,
    # a worker can claim posts but not start them: it holds claims, unstarted.
    blocker = psycopg2.connect(postgresql)
    blocker.cursor().execute("LOCK TABLE post_tally_delta IN SHARE MODE")
    doomed = worker_process(
        POSTLINE_PUBLISHING_BATCH_SIZE="100",
        POSTLINE_PUBLISHING_CONCURRENCY="1",
        POSTLINE_WORKER_POLL_INTERVAL="0.2",
    )
    try:
        held = Post.select().where(Post.lease_owner.contains(f":{doomed.process.pid}:"))
        deadline = time.monotonic() + 30
        while held.count() < 100:
            assert time.monotonic() < deadline, f"the worker claimed {held.count()} posts\n{doomed.output()}"
            time.sleep(0.1)
        time.sleep(4)  # long enough for a renewal: the claims are alive, not just fresh
        assert held.count() == 100 and Post.select().where(Post.status == PostStatus.QUEUED).count() == 100
        doomed.process.send_signal(signal.SIGKILL)
        killed = time.monotonic()
    finally:
        blocker.rollback()
        blocker.close()
    doomed.process.wait(10)

    worker_process(POSTLINE_WORKER_POLL_INTERVAL="0.2")
    while Post.select().where(Post.status == PostStatus.DONE).count() < 100:
        assert time.monotonic() - killed < 15, "the claims were not taken over within 15 s"
        time.sleep(0.1)
    taken_over = time.monotonic() - killed
    published = [row.post_id for row in SandboxPublication.select()]
    assert sorted(published) == sorted(ids), "a post was lost or published twice"
    print(f"\nworker killed holding 100 claims: all 100 published by another {taken_over:.1f} s later")
