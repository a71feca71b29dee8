"""PostgreSQL restarts under a running app and worker, or goes away for good."""

import time

import psycopg2
import pytest

from devtools.servers import WORKER_COMMAND, ServerProcess, create_key
from tests.support.client import http_session

# A drill that times a restart and the recovery: one at a time (tests/conftest.py).
pytestmark = pytest.mark.quiet


def post_now(api, url, channel, count):
    body = {"posts": [{"channelId": channel, "content": f"drill {n}"} for n in range(count)]}
    answer = api.post(f"{url}/v1/posts/batch", json=body, timeout=30)
    assert answer.status_code == 201, answer.text
    return [post["id"] for post in answer.json()["data"]]


def publications(database_url):
    """{post id: times the sandbox published it}."""
    with psycopg2.connect(database_url) as connection, connection.cursor() as cursor:
        cursor.execute("SELECT post_id, COUNT(*) FROM sandbox_publication GROUP BY post_id")
        return dict(cursor.fetchall())


def heartbeats(database_url):
    """Heartbeats written so far (0 until the worker has migrated and beaten once)."""
    with psycopg2.connect(database_url) as connection, connection.cursor() as cursor:
        cursor.execute("SELECT to_regclass('worker_heartbeat') IS NOT NULL")
        if not cursor.fetchone()[0]:
            return 0
        cursor.execute("SELECT COUNT(*) FROM worker_heartbeat")
        return cursor.fetchone()[0]


def wait_until(condition, seconds, what, *processes):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if condition():
            return
        time.sleep(0.1)
    logs = "\n".join(process.output()[-4000:] for process in processes)
    raise AssertionError(f"not within {seconds} s: {what}\n{logs}")


def test_app_and_worker_carry_on_after_a_restart(cluster, cluster_env):
    key = create_key(cluster_env, "--test")
    app = ServerProcess.gunicorn(cluster_env, workers=1)
    worker = ServerProcess(WORKER_COMMAND, cluster_env)
    api = http_session(key)
    try:
        channel = api.post(f"{app.url}/v1/channels", json={"name": "Drill"}, timeout=30).json()["data"]["id"]
        before = post_now(api, app.url, channel, 30)
        wait_until(
            lambda: set(before) <= set(publications(cluster.url)), 30, "the first 30 published", worker
        )

        cluster.restart()
        restarted = time.monotonic()
        # The app's first request after the restart answers as if nothing had happened.
        first = api.get(f"{app.url}/v1/health", timeout=30)
        assert first.status_code == 200, first.text
        after = post_now(api, app.url, channel, 30)
        wait_until(
            lambda: set(after) <= set(publications(cluster.url)), 10, "the worker publishing again", worker
        )
        again = time.monotonic() - restarted
        published = publications(cluster.url)
        assert sorted(published) == sorted(before + after), "a post was lost"
        assert set(published.values()) == {1}, "a post was published twice"
        assert worker.process.poll() is None, "the worker died"
        print(
            f"\nPostgreSQL restarted: first request {first.status_code}, publishing again {again:.1f} s later"
        )
    finally:
        worker.stop()
        app.stop()


def test_a_worker_that_cannot_reach_its_database_exits_for_its_supervisor(cluster, cluster_env):
    env = {**cluster_env, "POSTLINE_WORKER_GIVE_UP_AFTER": "3"}
    worker = ServerProcess(WORKER_COMMAND, env)
    try:
        wait_until(lambda: heartbeats(cluster.url) > 0, 30, "the worker's first heartbeat", worker)
        cluster.stop()
        stopped = time.monotonic()
        code = worker.process.wait(30)
        waited = time.monotonic() - stopped
        assert code == 1, worker.output()
        assert 3 <= waited < 15, waited
        assert "give_up_after" in worker.output()
        print(f"\ndatabase gone: the worker exited with status {code} after {waited:.1f} s")
    finally:
        worker.stop()
