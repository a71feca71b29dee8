"""The platforms Postline publishes to, each with its fake, in one list (PLATFORMS) that
the cross-platform test (tests/connections/test_cross_platform.py) and the platforms
benchmark (bench/platforms.py) both go through: adding a platform to them is one entry.

A provider's fake serves every platform of that provider (Meta's serves Facebook Pages
and Instagram): its class is named once per platform and started once per provider.
"""

from collections.abc import Callable
from dataclasses import dataclass

from tests.connections.conftest import authorize


@dataclass(frozen=True)
class PlatformFake:
    """One platform and how its fake is driven.

    - `platform`, `provider`: as the API names them (a target's `platform`, the
      connection's `provider`);
    - `fake`: "module:Class" of the provider's FakeServer, whose module runs it as a
      process of its own (`python -m module --port N --delay S`, see fake_platform.serve);
    - `fail_next_post(fake)`: the fake answers the next post created on this platform
      with a 5xx (a transient failure) and records nothing;
    - `posts(fake)`: every post the fake has created on this platform;
    - `bench_options`: extra command-line options of the fake's process in the benchmark
      (e.g. a processing time).
    """

    platform: str
    provider: str
    fake: str
    fail_next_post: Callable
    posts: Callable
    bench_options: tuple = ()

    @property
    def module(self):
        return self.fake.split(":")[0]


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
]


def providers():
    """The providers of PLATFORMS, each once, in the list's order."""
    return list(dict.fromkeys(entry.provider for entry in PLATFORMS))


def entries_of(provider):
    return [entry for entry in PLATFORMS if entry.provider == provider]


def connect_every_platform(api, channel_id):
    """Every provider connected to the channel by a real OAuth run through the API (one run
    may create several connections, as Meta's does); returns {platform: connection id}."""
    for provider in providers():
        answer = api.client.get(authorize(api, provider, channelId=channel_id))
        assert answer.status_code in (200, 302), answer.get_data(as_text=True)
    connections = api.get("/v1/connections").get_json()["data"]
    attached = set(api.get(f"/v1/channels/{channel_id}").get_json()["data"]["connectionIds"])
    for connection in connections:
        if connection["id"] not in attached:
            path = f"/v1/connections/{connection['id']}/add-to-channel"
            added = api.post(path, json={"channelId": channel_id})
            assert added.status_code == 200, added.get_data(as_text=True)
    by_platform = {connection["platform"]: connection["id"] for connection in connections}
    assert sorted(by_platform) == sorted(entry.platform for entry in PLATFORMS), by_platform
    return by_platform
