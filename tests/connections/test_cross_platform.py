"""One channel connected to every platform (devtools/fakes/registry.py PLATFORMS),
published through the worker's own functions: each target is published on its own, a
retry sends only the targets that failed, a target the platform still processes (TikTok)
is asked about at its check time and never sent again, and the post is `done` only when
every target is published (docs/api.md, Publishing)."""

import pytest

from devtools.connecting import connect_every_platform
from devtools.fakes.registry import PLATFORMS, providers, versions
from devtools.media import image, upload, video
from models import PostPart
from postline import clock
from postline.statuses import TargetStatus
from tests.connections.conftest import create_post, post_of, run_worker
from tests.support.client import fetch_through
from tests.support.fakes import close, on_steady_port

# Publishing to several platforms, retries of what failed: each backend.
pytestmark = pytest.mark.storage

T = 1_800_000_000_000
FIRST_RETRY_MS = 60_000  # [publishing] retry_delays[0] of tests/connections/conftest.py


@pytest.fixture
def fakes():
    """{provider: its fake, running}, one per provider of PLATFORMS."""
    started = {}
    for provider in providers():
        entry = next(entry for entry in PLATFORMS if entry.provider == provider)
        started[provider] = on_steady_port(entry.fake_class())
    yield started
    for fake in started.values():
        close(fake)


@pytest.fixture
def settings(settings, fakes):
    """The app talks to every fake."""
    for provider, fake in fakes.items():
        settings[provider] = fake.settings()
    return settings


@pytest.fixture(autouse=True)
def fakes_fetch_from_the_app(fakes, api):
    for fake in fakes.values():
        if hasattr(fake, "fetch"):
            fake.fetch = fetch_through(api)


def everywhere(api):
    """A post's `media` and `platforms` for every platform: a JPEG (Instagram and TikTok
    take no text-only post), a video where posts are videos (YouTube), and what each
    platform needs besides (Pinterest's board)."""
    photo = upload(api, image("JPEG"), filename="photo.jpg").get_json()["data"]["key"]
    clip = upload(api, video(), filename="clip.mp4").get_json()["data"]["key"]
    return {"media": [photo], "platforms": versions(clip)}


def connect_everything(api):
    """A channel with every platform connected; (its id, {platform: connection id})."""
    channel_id = api.post("/v1/channels", json={"name": "Everywhere"}).get_json()["data"]["id"]
    return channel_id, connect_every_platform(api, channel_id)


def targets_of(post):
    return {target["platform"]: target for target in post["targets"]}


def sent_counts(fakes):
    return {entry.platform: len(entry.posts(fakes[entry.provider])) for entry in PLATFORMS}


def statuses(api, post_id):
    return {platform: target["status"] for platform, target in targets_of(post_of(api, post_id)).items()}


def publish_to_the_end(api, post_id, clock_at):
    """Run the worker now, then at each check time of the post's processing targets
    while the post waits for them; (the last run's outcome, {platform: the time of the
    run that found its target published})."""
    published_at = {}
    while True:
        outcome = run_worker()
        now = clock.now_ms()
        for platform, status in statuses(api, post_id).items():
            if status == "published":
                published_at.setdefault(platform, now)
        if outcome != {post_id: "publishing"}:
            return outcome, published_at
        waiting = PostPart.select().where(
            (PostPart.post_id == post_id) & (PostPart.status == TargetStatus.PROCESSING)
        )
        check_at = min(target.check_at for target in waiting)
        assert check_at > now
        assert run_worker() == {}  # nothing to do before the check time
        clock_at(check_at)


def test_a_retry_sends_only_the_targets_that_failed(api, fakes, clock_at):
    clock_at(T)
    channel_id, connection_ids = connect_everything(api)
    post_id = create_post(api, channel_id, "One launch, everywhere", **everywhere(api))
    failing = PLATFORMS[: max(1, len(PLATFORMS) // 2)]
    for entry in failing:
        entry.fail_next_post(fakes[entry.provider])

    assert run_worker() == {post_id: "failed"}
    post = post_of(api, post_id)
    assert post["status"] == "failed" and post["nextAttemptAt"] == T + FIRST_RETRY_MS
    assert post["deliveredAt"] is None
    targets = targets_of(post)
    assert sorted(targets) == sorted(connection_ids)
    processing = set()  # taken by the platform, published when it is done (TikTok)
    for entry in PLATFORMS:
        target = targets[entry.platform]
        assert target["connectionId"] == connection_ids[entry.platform]
        if entry in failing:
            assert target["status"] == "failed", target
            assert target["platformPostId"] is None and target["url"] is None
            said = target["error"]["message"]  # names the platform, or its provider (Meta's)
            assert target["error"]["code"] and (entry.platform in said or entry.provider in said), target
        elif target["status"] == "processing":
            [_] = entry.posts(fakes[entry.provider])
            assert target["platformPostId"] is None and target["url"] is None, target
            assert target["error"] is None and target["publishedAt"] is None, target
            processing.add(entry.platform)
        else:
            [sent] = entry.posts(fakes[entry.provider])
            assert target["status"] == "published" and target["error"] is None, target
            assert target["platformPostId"] == sent["id"] and target["url"].startswith("https://")
            assert target["publishedAt"] == T
    assert sent_counts(fakes) == {entry.platform: int(entry not in failing) for entry in PLATFORMS}

    assert run_worker() == {}  # not before nextAttemptAt
    clock_at(T + FIRST_RETRY_MS)
    outcome, published_at = publish_to_the_end(api, post_id, clock_at)
    assert outcome == {post_id: "done"}
    post = post_of(api, post_id)
    assert post["status"] == "done" and post["deliveredAt"] == clock.now_ms()
    assert post["nextAttemptAt"] is None and post["lastError"] is None
    targets = targets_of(post)
    for entry in PLATFORMS:
        [sent] = entry.posts(fakes[entry.provider])  # each fake received the post exactly once
        target = targets[entry.platform]
        assert target["status"] == "published" and target["error"] is None, target
        assert target["platformPostId"] == sent["id"] and target["url"].startswith("https://")
        if entry in failing:  # sent again by the retry (and checked after, where the platform processes)
            assert target["publishedAt"] == published_at[entry.platform] >= T + FIRST_RETRY_MS
        elif entry.platform in processing:
            assert target["publishedAt"] == published_at[entry.platform] > T
        else:
            assert target["publishedAt"] == T

    clock_at(T + 10 * FIRST_RETRY_MS)
    assert run_worker() == {}
    assert sent_counts(fakes) == {entry.platform: 1 for entry in PLATFORMS}


def test_a_post_is_not_done_while_one_target_keeps_failing(api, fakes, clock_at):
    clock_at(T)
    channel_id, connection_ids = connect_everything(api)
    post_id = create_post(api, channel_id, "Third time lucky", **everywhere(api))
    stubborn = PLATFORMS[0]
    stubborn.fail_next_post(fakes[stubborn.provider])
    stubborn.fail_next_post(fakes[stubborn.provider])

    assert run_worker() == {post_id: "failed"}
    # Taken by the platform and still processing at its first check (the fake's
    # processing_checks): asked about again with the next attempt, never sent again.
    processing = {platform for platform, status in statuses(api, post_id).items() if status == "processing"}
    clock_at(T + FIRST_RETRY_MS)
    assert run_worker() == {post_id: "failed"}  # the second attempt sent only the failed one
    post = post_of(api, post_id)
    assert post["attempts"] == 2 and post["status"] == "failed"
    assert statuses(api, post_id) == {
        entry.platform: "failed"
        if entry is stubborn
        else "processing"
        if entry.platform in processing
        else "published"
        for entry in PLATFORMS
    }
    assert sent_counts(fakes) == {entry.platform: int(entry is not stubborn) for entry in PLATFORMS}
    clock_at(post["nextAttemptAt"])
    assert publish_to_the_end(api, post_id, clock_at)[0] == {post_id: "done"}
    assert sent_counts(fakes) == {entry.platform: 1 for entry in PLATFORMS}
    assert {t["connectionId"] for t in post_of(api, post_id)["targets"]} == set(connection_ids.values())
