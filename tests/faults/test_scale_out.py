"""The multi-server shape, small (docs/deployment.md, Several servers): two API servers
behind one address (devtools/proxy.py, round robin), three workers, one PostgreSQL,
rate limits in Redis, media in an S3-compatible bucket; live posts to an account on
every platform of the drills (tests/support/drills.py DRILL_FAKES), created through
the one address. Every target is sent exactly once (the fakes count what they
received), no post is left behind, both servers answered and every worker published.
bench/scaleout.py is the same shape at 20,000 posts, with 1, 2 and 3 workers."""

import secrets
import time
from collections import Counter

import pytest
import requests

from devtools.client import Api
from devtools.fakes.registry import post_to
from devtools.media import image, upload, video
from devtools.proxy import RoundRobinProxy
from devtools.s3 import S3Server
from devtools.servers import free_port
from models import LIVE
from postline import config
from postline.accounts import accounts, keys
from tests.conftest import BACKENDS
from tests.support import drills

# Five processes at full speed: not beside the drills that time themselves.
pytestmark = pytest.mark.quiet
# Several servers on one database is PostgreSQL's shape (docs/deployment.md): the drill
# runs there alone.
POSTGRESQL = BACKENDS[1]  # skipped, saying so, when TEST_DATABASE_URL is not set

POSTS = 300
WORKERS = 3
DEADLINE = 120  # seconds for every post to be published (about 7 on two quiet cores)


@pytest.fixture(scope="module")
def s3():
    server = S3Server()
    yield server
    server.stop()


@pytest.fixture
def fakes():
    with drills.started() as started:
        yield started


@pytest.fixture
def settings(settings, fakes, s3):
    for fake in fakes:
        settings[fake.PROVIDER] = fake.settings()
    settings["media"] = s3.settings(f"scale-{secrets.token_hex(4)}")
    settings["limits"] = {
        "enabled": True,
        "storage": "redis://127.0.0.1:6379/0",
        "redis_key_prefix": f"scale-{secrets.token_hex(4)}",
    }
    return settings


def process_env(settings, fakes, public_url):
    """What every server and worker process takes besides the test's database: the fakes,
    the bucket, the Redis limits and the one public address."""
    env = drills.worker_env(fakes)
    for section in ("media", "limits"):
        env.update(
            {config.env_name((section, name)): str(value) for name, value in settings[section].items()}
        )
    env[config.env_name(("server", "public_url"))] = public_url
    env[config.env_name(("worker", "poll_interval"))] = "0.2"
    return env


@pytest.mark.parametrize("database_url", [POSTGRESQL], indirect=True)
def test_two_servers_and_three_workers_send_every_target_once(
    client, fakes, settings, gunicorn, worker_process
):
    account = accounts.find_or_create("scale", "ocean")
    key = keys.issue_key(account.id, "scale drill", LIVE)[1]
    api = Api(client, key)
    channels = []  # (platform, channel id)
    for fake in fakes:
        fake.sign_in(0)
        channels += drills.connect_account(api, fake).items()
    photo = upload(api, image("JPEG"), filename="photo.jpg").get_json()["data"]["key"]
    clip = upload(api, video(), filename="clip.mp4").get_json()["data"]["key"]

    ports = [free_port(), free_port()]
    proxy = RoundRobinProxy([("127.0.0.1", port) for port in ports])
    env = process_env(settings, fakes, proxy.url)
    try:
        for port in ports:
            gunicorn(workers=1, port=port, **env)
        headers = {"Authorization": f"Bearer {key}"}
        contents = [f"Scale-out post {n}" for n in range(POSTS)]
        for start in range(0, POSTS, 100):
            batch = [
                post_to(*channels[n % len(channels)], contents[n], photo, clip)
                for n in range(start, start + 100)
            ]
            # A connection a request: the proxy balances connections.
            created = requests.post(
                f"{proxy.url}/v1/posts/batch", json={"posts": batch}, headers=headers, timeout=60
            )
            assert created.status_code == 201, created.text
            assert created.headers["X-RateLimit-Limit"]  # limits on, counted in Redis
        # At INFO, each worker logs a line per post it finishes.
        workers = [worker_process(**env, POSTLINE_SERVER_LOG_LEVEL="INFO") for _ in range(WORKERS)]
        started = time.monotonic()
        posts = wait_until_published(proxy.url, headers, started + DEADLINE)
        seconds = time.monotonic() - started
        assert all(worker.process.poll() is None for worker in workers), [w.output() for w in workers]
        outputs = [worker.stop() for worker in workers]
    finally:
        proxy.close()

    received = sum((fake.received for fake in fakes), start=Counter())
    assert {text: count for text, count in received.items() if count != 1} == {}, "a text was sent twice"
    assert sorted(post["content"] for post in posts) == sorted(contents) == sorted(received)
    published = [target["platformPostId"] for post in posts for target in post["targets"]]
    assert all(target["status"] == "published" for post in posts for target in post["targets"])
    assert len(set(published)) == len(published) == POSTS
    assert all(count > 1 for count in proxy.served.values()), proxy.served
    assert outputs == [0] * WORKERS
    # All three took a share.
    finished = [sum(" done: " in line for line in worker.output().splitlines()) for worker in workers]
    assert sum(finished) == POSTS and all(finished), finished
    print(
        f"\nscale-out drill: {POSTS} posts to {len(channels)} accounts on "
        f"{', '.join(platform for platform, _ in channels)}; created through one address over two "
        f"servers ({', '.join(str(count) for count in proxy.served.values())} connections each), "
        f"published by {WORKERS} workers ({', '.join(map(str, finished))} posts each) in {seconds:.1f} s, "
        "every target once"
    )


def wait_until_published(url, headers, deadline):
    """Every post, once none is left queued or publishing (read through the proxy)."""
    while True:
        posts = []
        for page in range(1, POSTS // 100 + 1):
            listed = requests.get(
                f"{url}/v1/posts", params={"per_page": 100, "page": page}, headers=headers, timeout=30
            )
            assert listed.status_code == 200, listed.text
            posts += listed.json()["data"]
        left = Counter(post["status"] for post in posts if post["status"] != "done")
        if not left:
            return posts
        assert time.monotonic() < deadline, f"not published within {DEADLINE} s: {dict(left)}"
        time.sleep(1)
