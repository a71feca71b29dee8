"""Taking slots is race-free: concurrent queue posts of one channel, sent to gunicorn
processes at once, take different slots (docs/scheduling.md, Queues)."""

import concurrent.futures
import threading

import pytest

from models import Post
from tests.support.client import http_session

# The lock on the schedule row against real concurrency: each backend, several processes.
pytestmark = pytest.mark.storage


def busy_channel(session, url):
    """A channel whose schedule has 36 slots a week, one post each."""
    channel = session.post(f"{url}/v1/channels", json={"name": "Busy"}, timeout=30).json()["data"]["id"]
    slots = [{"day": day, "time": f"{hour:02d}:00"} for day in ("mon", "wed", "fri") for hour in range(8, 20)]
    schedule = {"timezone": "Europe/Berlin", "slots": slots, "maxPerSlot": 1}
    assert session.put(f"{url}/v1/channels/{channel}/schedule", json=schedule, timeout=30).status_code == 200
    return channel


def assert_first_slots(session, url, channel, taken):
    """No slot was passed over: `taken` are the schedule's first slots from now."""
    assert sorted(post.slot for post in Post.select()) == sorted(taken)
    preview = session.get(f"{url}/v1/channels/{channel}/next-slots", params={"count": 1}, timeout=30).json()
    assert preview["data"]["slots"][0]["scheduledFor"] > max(taken)


def test_fifty_queue_posts_in_five_concurrent_batches_take_fifty_slots(gunicorn, make_key):
    """The bar: five batches of ten `queue: true` posts at once, `maxPerSlot: 1`."""
    url = gunicorn(workers=4)
    session = http_session(make_key(mode="test"))
    channel = busy_channel(session, url)
    batch = {"posts": [{"channelId": channel, "content": f"queued {n}", "queue": True} for n in range(10)]}

    def send(_):
        answer = session.post(f"{url}/v1/posts/batch", json=batch, timeout=60)
        assert answer.status_code == 201, answer.text
        return [post["slot"] for post in answer.json()["data"]]

    with concurrent.futures.ThreadPoolExecutor(5) as pool:
        taken = [slot for slots_of_batch in pool.map(send, range(5)) for slot in slots_of_batch]
    assert len(taken) == len(set(taken)) == 50
    assert_first_slots(session, url, channel, taken)


def test_fifty_single_queue_posts_at_once_take_fifty_slots(gunicorn, make_key):
    """The issue's own words: 50 concurrent `POST /v1/posts` with `queue: true` on one
    channel, `maxPerSlot: 1`, each request a transaction of its own. Rate limits are off:
    the key's 30 a minute on POST /v1/posts would turn the 31st into a 429."""
    url = gunicorn(workers=4, POSTLINE_LIMITS_ENABLED="false")
    key = make_key(mode="test")
    channel = busy_channel(http_session(key), url)
    start = threading.Barrier(50)

    def send(n):
        with http_session(key) as session:
            start.wait(timeout=60)
            body = {"channelId": channel, "content": f"queued {n}", "queue": True}
            answer = session.post(f"{url}/v1/posts", json=body, timeout=60)
        assert answer.status_code == 201, answer.text
        return answer.json()["data"]["slot"]

    with concurrent.futures.ThreadPoolExecutor(50) as pool:
        taken = list(pool.map(send, range(50)))
    assert None not in taken and len(set(taken)) == 50
    assert_first_slots(http_session(key), url, channel, taken)
