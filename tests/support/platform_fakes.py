"""The platforms Postline publishes to, each with its fake, in one list (PLATFORMS) that
the cross-platform test (tests/connections/test_cross_platform.py) and the platforms
benchmark (bench/platforms.py) both go through: adding a platform to them is one entry.

A provider's fake serves every platform of that provider (Meta's serves Facebook Pages
and Instagram): its class is named once per platform and started once per provider.
"""

import importlib
from collections.abc import Callable
from dataclasses import dataclass


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

    @property
    def fixture(self):
        """The pytest fixture (tests/connections/conftest.py) that yields the running fake."""
        return f"fake_{self.provider}"

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
]


def providers():
    """The providers of PLATFORMS, each once, in the list's order."""
    return list(dict.fromkeys(entry.provider for entry in PLATFORMS))
