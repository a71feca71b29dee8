"""The platforms Postline publishes to, each with its fake, in one list (PLATFORMS) that
the cross-platform test (tests/connections/test_cross_platform.py), the fault drills
and the platforms benchmark (bench/platforms.py) all go through: adding a platform to
them is one entry.

A provider's fake serves every platform of that provider (Meta's serves Facebook Pages
and Instagram): its class is named once per platform and started once per provider.
"""

import importlib
from collections.abc import Callable
from dataclasses import dataclass

from devtools.fakes.pinterest.fake import GROUP_BOARD


@dataclass(frozen=True)
class PlatformFake:
    """One platform and how its fake is driven.

    - `platform`, `provider`: as the API names them (a target's `platform`, the
      connection's `provider`);
    - `fake`: "module:Class" of the provider's FakeServer, whose module runs it as a
      process of its own (`python -m module --port N --delay S`, see base.serve);
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
    - `sign_in_body`: for a provider connected by signing in with a password instead
      of an OAuth run (Bluesky), the body of `POST /v1/connections/<provider>` for one
      of its fake's accounts (`account(number)`, or its `signed_in`); None: OAuth.
    - `version`: what a post needs on this platform besides its text and media, as its
      `platforms.<platform>` (Pinterest's board), or None.
    - `needs_video`: the platform's posts are videos (YouTube): a test gives its
      version a video of its own (`platforms.<platform>.media`).
    """

    platform: str
    provider: str
    fake: str
    fail_next_post: Callable
    posts: Callable
    needs_media: bool = False
    bench_options: tuple = ()
    bench_settings: tuple = ()
    sign_in_body: Callable = None
    version: dict = None
    needs_video: bool = False

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
        fake="devtools.fakes.x:FakeX",
        fail_next_post=lambda fake: fake.tweet_replies.append("503"),
        posts=lambda fake: fake.tweets,
    ),
    PlatformFake(
        platform="linkedin",
        provider="linkedin",
        fake="devtools.fakes.linkedin:FakeLinkedIn",
        fail_next_post=lambda fake: fake.post_replies.append("500"),
        posts=lambda fake: fake.posts,
    ),
    PlatformFake(
        platform="facebook",
        provider="meta",
        fake="devtools.fakes.meta:FakeMeta",
        fail_next_post=lambda fake: fake.publish_replies.append("500"),
        posts=lambda fake: [post for post in fake.posts if post["platform"] == "facebook"],
    ),
    PlatformFake(
        platform="instagram",
        provider="meta",
        fake="devtools.fakes.meta:FakeMeta",
        fail_next_post=lambda fake: fake.container_replies.append("500"),
        posts=lambda fake: [post for post in fake.posts if post["platform"] == "instagram"],
        needs_media=True,
        # Instagram allows 25 posts a day (the fake's default); a benchmark makes more.
        bench_options=("--processing", "2", "--quota", "1000000"),
    ),
    PlatformFake(
        platform="tiktok",
        provider="tiktok",
        fake="devtools.fakes.tiktok:FakeTikTok",
        fail_next_post=lambda fake: fake.init_replies.append("500"),
        # A publish counts once TikTok took it (content/init), before it ends processing.
        posts=lambda fake: [{**item, "id": item.get("post_id")} for item in fake.publishes.values()],
        needs_media=True,
        # TikTok lets a token ask about its publishes 30 times a minute; a benchmark asks more.
        bench_options=("--processing", "2", "--status-limit", "1000000"),
        bench_settings=(("status_interval", 1),),
    ),
    PlatformFake(
        platform="bluesky",
        provider="bluesky",
        fake="devtools.fakes.bluesky:FakeBluesky",
        fail_next_post=lambda fake: fake.record_replies.append("502"),
        posts=lambda fake: fake.posts,
        sign_in_body=lambda account: {"handle": account["handle"], "appPassword": account["app_password"]},
        # An account may spend 5,000 write points an hour (a post costs 3); a benchmark spends more.
        bench_options=("--write-limit", "1000000"),
    ),
    PlatformFake(
        platform="mastodon",
        provider="mastodon",
        fake="devtools.fakes.mastodon:FakeMastodon",
        fail_next_post=lambda fake: fake.status_replies.append("503"),
        posts=lambda fake: fake.statuses,
        # A token may make 300 requests in 5 minutes, and an account upload 30 media in 30
        # (the fake's defaults); a benchmark, which posts an image every time, does more.
        bench_options=("--rate-limit", "1000000", "--media-rate-limit", "1000000"),
    ),
    PlatformFake(
        platform="threads",
        provider="threads",
        fake="devtools.fakes.threads:FakeThreads",
        fail_next_post=lambda fake: fake.publish_replies.append("500"),
        posts=lambda fake: fake.posts,
        # Threads allows 250 posts a day (the fake's default); a benchmark makes more.
        bench_options=("--quota", "1000000"),
    ),
    PlatformFake(
        platform="youtube",
        provider="youtube",
        fake="devtools.fakes.youtube:FakeYouTube",
        fail_next_post=lambda fake: fake.session_replies.append("503"),
        posts=lambda fake: fake.posts,
        needs_media=True,
        needs_video=True,
        # A project uploads 100 videos a day (the fake's default, and Postline's count of
        # it) and spends 10,000 units on its other calls; a benchmark uploads more, and
        # asks about processing every second (a unit each: 6,000 videos, several each).
        bench_options=("--daily-uploads", "1000000", "--daily-units", "100000000"),
        bench_settings=(("status_interval", 1), ("daily_uploads", 1000000), ("daily_units", 100000000)),
    ),
    PlatformFake(
        platform="pinterest",
        provider="pinterest",
        fake="devtools.fakes.pinterest:FakePinterest",
        fail_next_post=lambda fake: fake.pin_replies.append("500"),
        posts=lambda fake: fake.pins,
        needs_media=True,
        # Every pin goes on a board: the fake's group board, which each of its accounts may pin to.
        version={"options": {"boardId": GROUP_BOARD["id"]}},
    ),
]


def providers():
    """The providers of PLATFORMS, each once, in the list's order."""
    return list(dict.fromkeys(entry.provider for entry in PLATFORMS))


NEEDS_MEDIA = {entry.platform for entry in PLATFORMS if entry.needs_media}
NEEDS_VIDEO = {entry.platform for entry in PLATFORMS if entry.needs_video}
# What a post needs beside its text and media, by platform: its `platforms` field.
VERSIONS = {entry.platform: entry.version for entry in PLATFORMS if entry.version}


def versions(video):
    """A post's `platforms` for a channel of every platform of PLATFORMS: VERSIONS, with
    the media key `video` as the media of each platform whose posts are videos."""
    return {
        **VERSIONS,
        **{platform: {**VERSIONS.get(platform, {}), "media": [video]} for platform in NEEDS_VIDEO},
    }


def post_to(platform, channel_id, content, photo, clip):
    """A post's fields for a channel that publishes to `platform` alone, with what that
    platform needs: the media key `clip` where its posts are videos, `photo` where it
    takes no text-only post, and VERSIONS (Pinterest's board)."""
    media = [clip] if platform in NEEDS_VIDEO else [photo] if platform in NEEDS_MEDIA else []
    return {"channelId": channel_id, "content": content, "media": media, "platforms": VERSIONS}
