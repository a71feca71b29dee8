"""The platforms Postline publishes to, each with its fake, in one list (PLATFORMS) that
the cross-platform test (tests/connections/test_cross_platform.py) and the platforms
benchmark (bench/platforms.py) both go through: adding a platform to them is one entry.

A provider's fake serves every platform of that provider (Meta's serves Facebook Pages
and Instagram): its class is named once per platform and started once per provider.

The fault drills (tests/faults/test_worker_kills.py, test_slow_platform.py) go through
DRILL_FAKES, a fake of every provider, with the controls a drill needs besides a server
on 127.0.0.1 (tests/support/fake_platform.py FakeServer has them):
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
"""

import contextlib
import importlib
from collections.abc import Callable
from dataclasses import dataclass
from urllib.parse import urlsplit

from postline import db
from tests.connections.conftest import authorize
from tests.support.fake_linkedin import FakeLinkedIn
from tests.support.fake_meta import FakeMeta
from tests.support.fake_tiktok import FakeTikTok, status_limit
from tests.support.fake_x import FakeX


@dataclass(frozen=True)
class PlatformFake:
    """One platform and how its fake is driven.

    - `platform`, `provider`: as the API names them (a target's `platform`, the
      connection's `provider`);
    - `fake`: "module:Class" of the provider's FakeServer, whose module runs it as a
      process of its own (`python -m module --port N --delay S`, see fake_platform.serve);
    - `fail_next_post(fake)`: the fake answers the next post created on this platform
      with a 5xx (a transient failure) and records nothing;
    - `posts(fake)`: every post the fake was sent on this platform, each with its `id`
      (the target's `platformPostId` once published): for a platform that processes
      posts after taking them (TikTok), every publish it started, finished or not;
    - `bench_options`: extra command-line options of the fake's process in the benchmark
      (e.g. a processing time);
    - `bench_settings`: (name, value) pairs of the provider's settings the benchmark's
      app and worker take on top of the fake's (e.g. how often to ask about processing);
    - `needs_media`: the platform takes no text-only post.
    """

    platform: str
    provider: str
    fake: str
    fail_next_post: Callable
    posts: Callable
    needs_media: bool = False
    bench_options: tuple = ()
    bench_settings: tuple = ()

    @property
    def module(self):
        return self.fake.split(":")[0]

    def fake_class(self):
        module, name = self.fake.split(":")
        return getattr(importlib.import_module(module), name)


PLATFORMS = [
    PlatformFake(
        platform="x",
        provider="x",
        fake="tests.support.fake_x:FakeX",
        fail_next_post=lambda fake: fake.tweet_replies.append("503"),
        posts=lambda fake: fake.tweets,
    ),
    PlatformFake(
        platform="linkedin",
        provider="linkedin",
        fake="tests.support.fake_linkedin:FakeLinkedIn",
        fail_next_post=lambda fake: fake.post_replies.append("500"),
        posts=lambda fake: fake.posts,
    ),
    PlatformFake(
        platform="facebook",
        provider="meta",
        fake="tests.support.fake_meta:FakeMeta",
        fail_next_post=lambda fake: fake.publish_replies.append("500"),
        posts=lambda fake: [post for post in fake.posts if post["platform"] == "facebook"],
    ),
    PlatformFake(
        platform="instagram",
        provider="meta",
        fake="tests.support.fake_meta:FakeMeta",
        fail_next_post=lambda fake: fake.container_replies.append("500"),
        posts=lambda fake: [post for post in fake.posts if post["platform"] == "instagram"],
        needs_media=True,
        # Instagram allows 25 posts a day (the fake's default); a benchmark makes more.
        bench_options=("--processing", "2", "--quota", "1000000"),
    ),
    PlatformFake(
        platform="tiktok",
        provider="tiktok",
        fake="tests.support.fake_tiktok:FakeTikTok",
        fail_next_post=lambda fake: fake.init_replies.append("500"),
        # A publish counts once TikTok took it (content/init), before it ends processing.
        posts=lambda fake: [{**item, "id": item.get("post_id")} for item in fake.publishes.values()],
        needs_media=True,
        # TikTok lets a token ask about its publishes 30 times a minute; a benchmark asks more.
        bench_options=("--processing", "2", "--status-limit", "1000000"),
        bench_settings=(("status_interval", 1),),
    ),
]


def providers():
    """The providers of PLATFORMS, each once, in the list's order."""
    return list(dict.fromkeys(entry.provider for entry in PLATFORMS))


def fetch_through(api):
    """What a fake that fetches media from Postline's signed public URLs (Meta's
    `fetch`) calls in a test without a server: the app itself."""

    def fetch(url):
        try:
            answer = api.client.get(urlsplit(url).path)
            return answer.status_code, answer.headers.get("Content-Type", ""), answer.get_data()
        finally:
            db.close()  # the fake's request thread ends here

    return fetch


def connect_every_platform(api, channel_id):
    """Every provider connected by a real OAuth run through the API, and the first
    connection of each platform (one run may create several, as Meta's does: one per
    Page and per Instagram account) added to the channel; returns {platform: its id}."""
    for provider in providers():
        answer = api.client.get(authorize(api, provider))
        assert answer.status_code in (200, 302), answer.get_data(as_text=True)
    chosen = {}
    for connection in api.get("/v1/connections").get_json()["data"]:
        chosen.setdefault(connection["platform"], connection["id"])
    assert sorted(chosen) == sorted(entry.platform for entry in PLATFORMS), chosen
    for connection_id in chosen.values():
        path = f"/v1/connections/{connection_id}/add-to-channel"
        added = api.post(path, json={"channelId": channel_id})
        assert added.status_code == 200, added.get_data(as_text=True)
    return chosen


DRILL_FAKES = [FakeX, FakeLinkedIn, FakeMeta, FakeTikTok]
NEEDS_MEDIA = {entry.platform for entry in PLATFORMS if entry.needs_media}
# A drill publishes hundreds of posts a minute: the processing platforms finish within
# a second, Postline asks them about it every second, and neither Instagram's 25
# posts a day nor TikTok's 30 status checks a minute stand in the way.
DRILL_FAKE_OPTIONS = {
    "meta": {"processing_seconds": 0.5, "quota_total": 1_000_000},
    "tiktok": {"processing_seconds": 0.5, "rate_limits": status_limit(1_000_000)},
}
DRILL_SETTINGS = {"meta": {"status_interval": 1}, "tiktok": {"status_interval": 1}}


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
            fake.close()


def worker_env(fakes):
    """The environment variables that point a worker process at the fakes (with DRILL_SETTINGS)."""
    return {
        name: value
        for fake in fakes
        for name, value in fake.env(**DRILL_SETTINGS.get(fake.PROVIDER, {})).items()
    }


def connect_account(api, fake):
    """Connect the account signed in at `fake` by a whole OAuth run through the API, and
    each platform it reaches (Meta's: a Page and its Instagram account) to a channel of
    its own; returns {platform: channel id}. Of a platform's several connections (a
    Facebook user's Pages), the first listed."""

    def listed():
        return api.get("/v1/connections", query_string={"per_page": 100}).get_json()["data"]

    known = {connection["id"] for connection in listed()}
    answer = api.client.get(authorize(api, fake.PROVIDER))
    assert answer.status_code in (200, 302), answer.get_data(as_text=True)
    chosen = {}
    for connection in listed():
        if connection["id"] not in known:
            chosen.setdefault(connection["platform"], connection)
    channels = {}
    for platform, connection in chosen.items():
        name = f"{platform} {connection['username']}"
        channel_id = api.post("/v1/channels", json={"name": name}).get_json()["data"]["id"]
        added = api.post(f"/v1/connections/{connection['id']}/add-to-channel", json={"channelId": channel_id})
        assert added.status_code == 200, added.get_data(as_text=True)
        channels[platform] = channel_id
    return channels
