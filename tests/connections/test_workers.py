"""Real worker processes publishing to the fake X: two of them never send a target twice."""

import time

import pytest

from tests.connections.conftest import connect

# Connections' jobs in the worker: claims on each backend.
pytestmark = pytest.mark.storage


def worker_env(fake_x):
    """What points a worker process at the fake X."""
    return fake_x.env() | {
        "POSTLINE_PUBLISHING_TIMEOUT": "5",
        "POSTLINE_WORKER_POLL_INTERVAL": "0.2",
    }


def test_two_workers_never_send_the_same_target_twice(api, fake_x, worker_process):
    fake_x.delay = 0.05  # slow enough that both workers are busy at once
    channel_id = api.post("/v1/channels", json={"name": "Busy"}).get_json()["data"]["id"]
    connect(api, channelId=channel_id)
    count = 40
    batch = [{"channelId": channel_id, "content": f"Post number {n}"} for n in range(count)]
    created = api.post("/v1/posts/batch", json={"posts": batch}).get_json()["data"]
    workers = [worker_process(**worker_env(fake_x)) for _ in range(2)]
    deadline = time.monotonic() + 90
    while time.monotonic() < deadline:
        statuses = api.get("/v1/posts?per_page=100").get_json()["data"]
        if all(post["status"] == "done" for post in statuses):
            break
        time.sleep(0.3)
    for worker in workers:
        assert worker.process.poll() is None, worker.output()
    posts = {post["id"]: post for post in api.get("/v1/posts?per_page=100").get_json()["data"]}
    assert {post["status"] for post in posts.values()} == {"done"}, [w.output() for w in workers]
    assert fake_x.requests["POST /2/tweets"] == count
    assert sorted(tweet["text"] for tweet in fake_x.tweets) == sorted(item["content"] for item in batch)
    published = [posts[post["id"]]["targets"][0]["platformPostId"] for post in created]
    assert sorted(published) == sorted(tweet["id"] for tweet in fake_x.tweets)
