"""The fault drills' fakes.

The fault drills (tests/faults/test_worker_kills.py, test_slow_platform.py) go through
DRILL_FAKES, a fake of every provider, with the controls a drill needs besides a server
on 127.0.0.1 (devtools/fakes/base.py FakeServer has them):
- `PROVIDER`, and `settings()`: its `[provider]` settings, which a worker process
  takes as POSTLINE_<PROVIDER>_<KEY> variables (`env()`);
- `sign_in(number)`: the platform account number `number` approves the next
  authorizations; returns that account's id at the platform (for Meta the user's,
  whose run connects a Page and its Instagram account);
- `account_delays`: {account id: seconds} each API call of that account waits before
  its answer (a slow account, or one that hangs);
- `received`: a Counter of the posts it was sent (the requests that create one), by
  their text;
- `close()`.

The kill drills (test_worker_kills.py, test_thread_kills.py) share the loop that kills
workers while they publish (`kill_until_settled`) and what a kill left (`KilledWorker`).
"""

import contextlib
import itertools
import random
import signal
import time
from dataclasses import dataclass

from devtools.connecting import connect
from devtools.fakes.bluesky import FakeBluesky
from devtools.fakes.linkedin import FakeLinkedIn
from devtools.fakes.mastodon import FakeMastodon
from devtools.fakes.meta import FakeMeta
from devtools.fakes.pinterest import FakePinterest
from devtools.fakes.threads import FakeThreads
from devtools.fakes.tiktok import FakeTikTok, status_limit
from devtools.fakes.x import FakeX
from devtools.fakes.youtube import FakeYouTube
from models import Post, PostPart, PostTarget, WorkerHeartbeat
from postline.statuses import PostStatus, TargetStatus
from tests.support.fakes import close

DRILL_FAKES = [
    FakeX,
    FakeLinkedIn,
    FakeMeta,
    FakeTikTok,
    FakeBluesky,
    FakeMastodon,
    FakeThreads,
    FakeYouTube,
    FakePinterest,
]
# A drill publishes hundreds of posts a minute: the processing platforms finish within
# a second, Postline asks them about it every second, and neither Instagram's 25
# posts a day, Threads' 250, TikTok's 30 status checks a minute nor a YouTube project's
# 100 uploads a day (counted by the fake and by Postline) stand in the way.
DRILL_FAKE_OPTIONS = {
    "meta": {"processing_seconds": 0.5, "quota_total": 1_000_000},
    "tiktok": {"processing_seconds": 0.5, "rate_limits": status_limit(1_000_000)},
    "threads": {"quota_total": 1_000_000},
    "youtube": {"daily_uploads": 1_000_000},
}
DRILL_SETTINGS = {
    "meta": {"status_interval": 1},
    "tiktok": {"status_interval": 1},
    "youtube": {"status_interval": 1, "daily_uploads": 1_000_000},
}
# The kill drills' workers: short leases, so that a killed worker's posts are taken over
# within seconds.
KILLED_WORKER_ENV = {
    "POSTLINE_WORKER_POLL_INTERVAL": "0.2",
    "POSTLINE_WORKER_LEASE_SECONDS": "3",
    "POSTLINE_PUBLISHING_TIMEOUT": "5",
}
SETTLED = (PostStatus.DONE, PostStatus.BLOCKED, PostStatus.FAILED)


@contextlib.contextmanager
def started(fake_classes=DRILL_FAKES):
    """One running fake of each class, at a drill's pace (DRILL_FAKE_OPTIONS), closed afterwards."""
    fakes = []
    try:
        for fake_class in fake_classes:
            fakes.append(fake_class())
            for name, value in DRILL_FAKE_OPTIONS.get(fakes[-1].PROVIDER, {}).items():
                setattr(fakes[-1], name, value)
        yield fakes
    finally:
        for fake in fakes:
            close(fake)


def worker_env(fakes):
    """The environment variables that point a worker process at the fakes (with DRILL_SETTINGS)."""
    return {
        name: value
        for fake in fakes
        for name, value in fake.env(**DRILL_SETTINGS.get(fake.PROVIDER, {})).items()
    }


def connect_account(api, fake, channel_id=None):
    """Connect the account signed in at `fake` through the API (a whole OAuth run, or
    Bluesky's sign-in: devtools/connecting.py `connect`), and each platform it reaches
    (Meta's: a Page and its Instagram account) to a channel of its own, or to
    `channel_id` when given; returns {platform: channel id}. Of a platform's several
    connections (a Facebook user's Pages), the first listed."""

    def listed():
        return api.get("/v1/connections", query_string={"per_page": 100}).get_json()["data"]

    known = {connection["id"] for connection in listed()}
    connect(api, fake.PROVIDER, fake.signed_in)
    chosen = {}
    for connection in listed():
        if connection["id"] not in known:
            chosen.setdefault(connection["platform"], connection)
    channels = {}
    for platform, connection in chosen.items():
        into = channel_id
        if into is None:
            name = f"{platform} {connection['username']}"
            into = api.post("/v1/channels", json={"name": name}).get_json()["data"]["id"]
        added = api.post(f"/v1/connections/{connection['id']}/add-to-channel", json={"channelId": into})
        assert added.status_code == 200, added.get_data(as_text=True)
        channels[platform] = into
    return channels


def backend(database_url):
    return database_url.split(":", 1)[0]


def heartbeat_written(pid):
    """Whether the worker process `pid` has started (written its first heartbeat)."""
    return WorkerHeartbeat.select().where(WorkerHeartbeat.pid == pid).exists()


def named_worker(worker_process, env, database_url, name):
    """A worker whose PostgreSQL sessions carry `name` as their application_name (on
    SQLite, a worker: a file has no sessions to name)."""
    if backend(database_url) == "sqlite":
        return worker_process(**env)
    return worker_process(**env, DATABASE_URL=f"{database_url}?application_name={name}")


def wait_for_sessions_to_end(name, database_url, seconds=30):
    """Wait until the server has no session of a killed worker left: a statement it sent
    just before the kill is still carried out (and committed) until then. SQLite has no
    server: a transaction its killed process left open is rolled back, never committed."""
    if backend(database_url) == "sqlite":
        return
    sessions = "SELECT count(*) FROM pg_stat_activity WHERE application_name = %s"
    deadline = time.monotonic() + seconds
    while Post._meta.database.execute_sql(sessions, (name,)).fetchone()[0]:
        assert time.monotonic() < deadline, f"{name}'s sessions outlived it by {seconds} s"
        time.sleep(0.05)


class KilledWorker:
    """What a kill left: the calls it interrupted, and its posts until others settle them."""

    def __init__(self, pid, name, database_url, killed_at):
        self.killed_at = killed_at
        wait_for_sessions_to_end(name, database_url)
        owner = f":{pid}:"
        owned = Post.lease_owner.contains(owner)
        self.post_ids = [post.id for post in Post.select(Post.id).where(owned)]
        # A part is sent under its post's lease, or a first comment retried on its own
        # under the part's (postline/posts/publishing/comments.py).
        in_flight = (
            PostPart.select(
                PostPart.post_id, PostTarget.connection_id, PostPart.position, PostPart.processing_since
            )
            .join(PostTarget)
            .join(Post)
            .where((owned | PostPart.lease_owner.contains(owner)) & (PostPart.status == TargetStatus.SENDING))
            .tuples()
        )
        # (post id, connection id, part index) of each call in flight.
        self.parts = {(post_id, connection_id, index) for post_id, connection_id, index, _ in in_flight}
        self.interrupted = {(post_id, connection_id) for post_id, connection_id, _ in self.parts}
        # Calls asking about a post the platform was processing (Instagram, TikTok).
        self.asking = {(post_id, connection_id) for post_id, connection_id, _, since in in_flight if since}
        self.recovered_after = None

    def check(self, now):
        """Note when every post it held has settled (taken over and finished by others)."""
        if self.recovered_after is None:
            unsettled = Post.select().where(Post.id.in_(self.post_ids) & Post.status.not_in(SETTLED))
            if not self.post_ids or not unsettled.exists():
                self.recovered_after = now - self.killed_at


@dataclass
class KillRun:
    """What `kill_until_settled` did: its kills, and how long until every post settled."""

    killed: list
    seconds: float


def kill_until_settled(worker_process, env, database_url, posts_count, deadline, seed, kill_every):
    """Run two workers on `env`, SIGKILL one of those started every `kill_every` (a
    (min, max) of seconds, drawn at random from `seed`) and start another in its place,
    until all `posts_count` posts have settled; fails after `deadline` seconds, or if a
    worker exited on its own."""
    rng = random.Random(seed)
    spawned = itertools.count()
    names = [f"drill-worker-{next(spawned)}" for _ in range(2)]
    workers = [named_worker(worker_process, env, database_url, name) for name in names]
    settled = Post.select().where(Post.status.in_(SETTLED))
    killed = []
    began = time.monotonic()
    next_kill = began + rng.uniform(*kill_every)
    while (done := settled.count()) < posts_count:
        now = time.monotonic()
        assert now - began < deadline, (
            f"{done} of {posts_count} posts settled in {deadline} s ({len(killed)} kills, seed {seed})\n"
            + "\n".join(worker.output()[-3000:] for worker in workers)
        )
        # Only a worker that has started (its first heartbeat written) is worth killing:
        # on a loaded machine a new one takes seconds to start.
        ready = [slot for slot, worker in enumerate(workers) if heartbeat_written(worker.process.pid)]
        if now >= next_kill and ready:
            slot = rng.choice(ready)
            victim = workers[slot].process
            victim.send_signal(signal.SIGKILL)
            victim.wait(10)
            # The victim's leases hold until they expire: nothing of its rows moves meanwhile.
            killed.append(KilledWorker(victim.pid, names[slot], database_url, time.monotonic()))
            names[slot] = f"drill-worker-{next(spawned)}"
            workers[slot] = named_worker(worker_process, env, database_url, names[slot])
            next_kill = time.monotonic() + rng.uniform(*kill_every)
        for kill in killed:
            kill.check(time.monotonic())
        time.sleep(0.2)
    finished = time.monotonic()
    for kill in killed:
        kill.check(finished)
    for worker in workers:
        assert worker.process.poll() is None, f"a worker exited on its own:\n{worker.output()}"
    return KillRun(killed, finished - began)
