"""The Redis that holds the rate-limit counters stopped, then started again: meanwhile
every request answers 503 SERVICE_UNAVAILABLE at once, as docs/api-notes.md (Rate-limit storage)
documents, rather than hanging or going unlimited; once Redis listens again gunicorn
admits requests by itself, without a restart. The drill runs a Redis of its own on a
free port; the one on 6379 is never touched."""

import shutil
import subprocess
import time

import pytest
import redis
import requests

from devtools.servers import free_port

# A drill that times 503s and the recovery: one at a time (tests/conftest.py).
pytestmark = pytest.mark.quiet

OUTAGE_SECONDS = 10
# A request may wait out one Redis connect time-out (postline/limits/redis_store.py) at most.
SLOWEST_503 = 3.0


class PrivateRedis:
    """redis-server on `port`, no persistence, in `directory`."""

    def __init__(self, port, directory):
        self.port, self.directory = port, directory
        self.process = None

    @property
    def url(self):
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self):
        command = [
            "redis-server",
            "--bind",
            "127.0.0.1",
            "--port",
            str(self.port),
            "--save",
            "",
            "--appendonly",
            "no",
        ]
        self.process = subprocess.Popen([*command, "--dir", str(self.directory)], stdout=subprocess.DEVNULL)
        deadline = time.monotonic() + 10
        while True:
            try:
                redis.Redis.from_url(self.url, socket_connect_timeout=0.5).ping()
                return
            except redis.ConnectionError:
                assert self.process.poll() is None and time.monotonic() < deadline, (
                    "redis-server did not start"
                )
                time.sleep(0.05)

    def stop(self):
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            self.process.wait(10)


@pytest.fixture
def private_redis(database_url, tmp_path):
    if shutil.which("redis-server") is None:
        pytest.skip("redis-server is not installed here")
    if not database_url.startswith("sqlite"):
        pytest.skip("the counters live in Redis: the database backend changes nothing in this drill")
    server = PrivateRedis(free_port(), tmp_path)
    server.start()
    yield server
    server.stop()


def health(url, key):
    started = time.monotonic()
    response = requests.get(f"{url}/v1/health", headers={"Authorization": f"Bearer {key}"}, timeout=30)
    return response, time.monotonic() - started


def test_requests_answer_503_while_redis_is_down_and_recover_when_it_is_back(
    private_redis, gunicorn, make_key
):
    url = gunicorn(
        workers=2, POSTLINE_LIMITS_STORAGE=private_redis.url, POSTLINE_PLANS_FREE_PER_MINUTE="100000"
    )
    key = make_key()
    for _ in range(4):
        response, _ = health(url, key)
        assert response.status_code == 200 and "RateLimit" in response.headers, response.text

    private_redis.stop()
    stopped = time.monotonic()
    answers = []
    while time.monotonic() - stopped < OUTAGE_SECONDS:
        response, took = health(url, key)
        answers.append((response.status_code, response.json()["error"]["code"], took))
        time.sleep(0.2)
    assert {(status, code) for status, code, _ in answers} == {(503, "SERVICE_UNAVAILABLE")}, answers
    slowest = max(took for _, _, took in answers)
    assert slowest < SLOWEST_503, f"a 503 took {slowest:.1f} s"

    private_redis.start()
    restarted = time.monotonic()
    while (response := health(url, key)[0]).status_code != 200:
        assert response.status_code == 503, response.text
        assert time.monotonic() - restarted < 15, "no recovery within 15 s of Redis listening again"
        time.sleep(0.1)
    recovered = time.monotonic() - restarted
    after = [health(url, key)[0] for _ in range(20)]  # both gunicorn workers, new connections
    assert [response.status_code for response in after] == [200] * 20
    assert after[-1].headers["X-RateLimit-Remaining"] != after[0].headers["X-RateLimit-Remaining"]
    print(
        f"\nRedis down {OUTAGE_SECONDS} s: {len(answers)} requests, all 503 SERVICE_UNAVAILABLE, "
        f"slowest {slowest * 1000:.0f} ms; back: first 200 {recovered:.2f} s after Redis listened, "
        "then 20 of 20, counted again"
    )
