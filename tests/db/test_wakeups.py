"""New work wakes the worker (postline/db/wakeups.py): a post to publish now and a
webhook event start at once, not at the worker's next poll; on PostgreSQL a listener
whose connection is cut listens again (docs/deployment.md, Waking the worker)."""

import contextlib
import os
import queue
import resource
import select
import time

import psycopg2
import pytest
from peewee import PostgresqlDatabase

from models import Post
from postline import db
from postline.db import wakeups
from tests.conftest import BACKENDS
from tests.posts.test_worker import wait_for
from tests.support.client import allow_local_webhooks
from tests.support.receivers import Receiver

# Each backend wakes its workers its own way.
pytestmark = pytest.mark.storage

# The worker looks for due work at its start, then once a minute: anything done within
# WITHIN seconds after that first look was done because a wake-up came.
SLOW_POLL = {
    "POSTLINE_WORKER_POLL_INTERVAL": "60",
    "POSTLINE_WEBHOOKS_ALLOW_HTTP": "true",
    "POSTLINE_WEBHOOKS_ALLOW_PRIVATE_TARGETS": "true",
}
WITHIN = 10
POSTGRESQL = BACKENDS[1]  # skipped, saying so, when TEST_DATABASE_URL is not set


@pytest.fixture
def settings(settings):
    return allow_local_webhooks(settings)


def publish_now(tester, channel):
    """Create a post due now; its id."""
    return tester.post("/v1/posts", json={"channelId": channel, "content": "now"}).get_json()["data"]["id"]


def is_done(post_id):
    return lambda: Post.get_by_id(post_id).status == "done"


def started_worker(tester, worker_process):
    """A worker with a slow poll, past its first look: the post created here is done by
    its start-up look or by a wake-up (or, created in the moment between that look and
    the listener's start, by the next look a minute later), and whatever comes next
    only by a wake-up."""
    channel = tester.post("/v1/channels", json={"name": "Wake"}).get_json()["data"]["id"]
    worker = worker_process(**SLOW_POLL)
    wait_for(is_done(publish_now(tester, channel)), 90, "the first post done", worker)
    return worker, channel


def test_a_post_and_a_webhook_event_start_at_once_while_the_worker_polls_every_minute(
    api, make_key, worker_process
):
    tester = api.as_key(make_key(mode="test"))
    receiver = Receiver()
    webhook = tester.post("/v1/webhooks", json={"url": receiver.url(), "events": ["post.failed"]})
    worker, channel = started_worker(tester, worker_process)

    wait_for(is_done(publish_now(tester, channel)), WITHIN, "a post published by a wake-up", worker)
    tester.post(f"/v1/webhooks/{webhook.get_json()['data']['id']}/test")
    [delivery] = receiver.wait_for(1, timeout=WITHIN)
    assert delivery.headers["Service-Event-Type"] == "webhook.test"
    receiver.stop()


@pytest.mark.parametrize("database_url", [POSTGRESQL], indirect=True)
def test_a_listener_whose_connection_is_cut_listens_again(api, make_key, worker_process):
    tester = api.as_key(make_key(mode="test"))
    worker, channel = started_worker(tester, worker_process)
    assert isinstance(db.database.obj, PostgresqlDatabase)
    cut = db.database.execute_sql(
        "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
        "WHERE datname = current_database() AND query = 'LISTEN postline_work'"
    ).fetchall()
    assert cut == [(True,)]

    wait_for(lambda: "work wake-ups paused" in worker.output(), WITHIN, "the listener to notice", worker)
    time.sleep(2)  # it listens again after a second
    wait_for(is_done(publish_now(tester, channel)), WITHIN, "a post published by a wake-up", worker)


@pytest.mark.parametrize("database_url", [POSTGRESQL], indirect=True)
def test_only_work_due_now_notifies(api, make_key, database_url):
    """A post scheduled for later notifies no worker (a notifying commit takes
    PostgreSQL's notification lock); a post due now notifies with its table's name."""
    tester = api.as_key(make_key(mode="test"))
    channel = tester.post("/v1/channels", json={"name": "Wake"}).get_json()["data"]["id"]
    listener = psycopg2.connect(database_url)
    listener.autocommit = True
    listener.cursor().execute("LISTEN postline_work")

    def notified(seconds):
        waiting = select.poll()
        waiting.register(listener, select.POLLIN)
        waiting.poll(seconds * 1000)
        listener.poll()
        names = {notification.payload for notification in listener.notifies}
        listener.notifies.clear()
        return names

    try:
        in_an_hour = int(time.time() * 1000) + 3_600_000
        later = {"channelId": channel, "content": "later", "scheduledFor": in_an_hour}
        created = tester.post("/v1/posts", json=later)
        assert created.status_code == 201, created.get_json()
        assert notified(0.5) == set()
        publish_now(tester, channel)
        assert "post" in notified(5)
    finally:
        listener.close()


@contextlib.contextmanager
def listening(tables):
    """A listener of this process on `tables`, started and looking; a queue of what it heard."""
    heard = queue.Queue()
    listener = wakeups.Listener(tables, heard.put)
    listener.start()
    time.sleep(1)  # LISTENing (or its first rowids read) before the test's inserts
    try:
        yield heard
    finally:
        listener.stop()


def test_only_inserts_of_work_due_now_wake_a_listener(api, make_key):
    """On SQLite the listener sees every commit; posts scheduled for later wake nothing
    there either, and a post due now does."""
    tester = api.as_key(make_key(mode="test"))
    channel = tester.post("/v1/channels", json={"name": "Wake"}).get_json()["data"]["id"]
    in_an_hour = int(time.time() * 1000) + 3_600_000
    with listening(["post"]) as heard:
        for _ in range(3):
            later = {"channelId": channel, "content": "later", "scheduledFor": in_an_hour}
            assert tester.post("/v1/posts", json=later).status_code == 201
        time.sleep(0.5)
        assert heard.empty()
        publish_now(tester, channel)
        assert heard.get(timeout=WITHIN) == {"post"}


@pytest.mark.parametrize("database_url", [POSTGRESQL], indirect=True)
def test_a_listener_whose_connection_is_past_descriptor_1023_hears_inserts(api, make_key):
    """select() cannot wait on a descriptor past 1023; a worker holding many
    connections hands its listener one such."""
    tester = api.as_key(make_key(mode="test"))
    channel = tester.post("/v1/channels", json={"name": "Wake"}).get_json()["data"]["id"]
    filler = []
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft < 2048:  # a shell's default is often 1024
        resource.setrlimit(resource.RLIMIT_NOFILE, (min(2048, hard), hard))
    try:
        while not filler or filler[-1] < 1100:
            filler.append(os.open(os.devnull, os.O_RDONLY))
        with listening(["post"]) as heard:
            publish_now(tester, channel)
            assert heard.get(timeout=WITHIN) == {"post"}
    finally:
        for descriptor in filler:
            os.close(descriptor)
        resource.setrlimit(resource.RLIMIT_NOFILE, (soft, hard))
