"""The worker as a process: it publishes on its own, stops cleanly, and a crash loses
nothing (docs/api.md, Posts; docs/deployment.md)."""

import signal
import time
from collections import Counter

import pytest

from models import Event, Post, PostTarget, SandboxPublication

# Worker processes claiming and publishing: each backend's locking.
pytestmark = pytest.mark.storage

FAST = {"POSTLINE_WORKER_POLL_INTERVAL": "0.1", "POSTLINE_PUBLISHING_CONCURRENCY": "4"}


def create_test_posts(api, make_key, count):
    tester = api.as_key(make_key(mode="test"))
    channel = tester.post("/v1/channels", json={"name": "Drill"}).get_json()["data"]["id"]
    ids = []
    for start in range(0, count, 100):
        batch = [
            {"channelId": channel, "content": f"drill {n}"} for n in range(start, min(count, start + 100))
        ]
        ids += [p["id"] for p in tester.post("/v1/posts/batch", json={"posts": batch}).get_json()["data"]]
    return ids


def wait_for(condition, timeout, what, *processes):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if condition():
            return
        time.sleep(0.1)
    logs = "\n".join(process.output()[-3000:] for process in processes)
    raise AssertionError(f"timed out waiting for {what}\n{logs}")


def done_count():
    return Post.select().where(Post.status == "done").count()


def test_worker_process_publishes_test_posts_and_stops_cleanly(api, make_key, worker_process):
    ids = create_test_posts(api, make_key, 30)
    worker = worker_process(**FAST)
    wait_for(lambda: done_count() == 30, 60, "30 posts done", worker)
    assert worker.stop() == 0, worker.output()
    assert Counter(p.post_id for p in SandboxPublication.select()) == Counter(ids)


def test_sigterm_finishes_or_releases_what_the_worker_holds(api, make_key, worker_process):
    create_test_posts(api, make_key, 300)
    worker = worker_process(**FAST)
    wait_for(lambda: done_count() >= 20, 60, "publishing to start", worker)
    worker.process.send_signal(signal.SIGTERM)
    assert worker.process.wait(30) == 0, worker.output()
    held = Post.select().where(Post.lease_owner.is_null(False) | (Post.status == "publishing"))
    assert list(held) == [], "a clean stop left posts claimed or half-published"


def test_crash_drill_every_post_done_once_and_only_once(api, make_key, worker_process):
    """Two workers share the queue; one is killed with SIGKILL mid-batch. Its leases
    expire, the other worker takes over, and every post is published exactly once."""
    ids = create_test_posts(api, make_key, 1000)
    drill = {**FAST, "POSTLINE_WORKER_LEASE_SECONDS": "2", "POSTLINE_PUBLISHING_BATCH_SIZE": "5"}
    victim = worker_process(**drill)
    survivor = worker_process(**drill)
    wait_for(lambda: done_count() >= 60, 60, "both workers publishing", victim, survivor)

    def held_by_victim():
        return [p.id for p in Post.select().where(Post.lease_owner.contains(f":{victim.process.pid}:"))]

    # Freeze the victim and look: kill it only at a moment it holds leases.
    deadline = time.monotonic() + 30
    while True:
        victim.process.send_signal(signal.SIGSTOP)
        orphans = held_by_victim()
        if orphans or time.monotonic() > deadline:
            break
        victim.process.send_signal(signal.SIGCONT)
        time.sleep(0.01)
    victim.process.kill()
    victim.process.wait(10)
    assert orphans
    wait_for(lambda: done_count() == len(ids), 120, "every post done", survivor)

    assert Counter(p.post_id for p in SandboxPublication.select()) == Counter(ids), (
        "a post was published twice"
    )
    assert Counter(t.post_id for t in PostTarget.select()) == Counter(ids)
    delivered = Counter(
        e.data.split('"post_id":"')[1].split('"')[0]
        for e in Event.select().where(Event.type == "post.delivered")
    )
    assert delivered == Counter(ids)
    assert {p.status for p in Post.select().where(Post.id.in_(orphans))} == {"done"}
    assert survivor.stop() == 0, survivor.output()
