"""A platform account that answers slowly, or not at all: the posts to every other
platform (an account on each platform of tests/support/drills.py DRILL_FAKES, in the
same run) and the test-mode posts keep their schedule (p99 lateness, per platform,
within 1 s of the same run with every platform answering at once).

The same schedule runs twice on one real worker: first with the slow account
answering at once, then with it slow (answers after 2 s, inside `[publishing]
timeout`) or silent (no answer before the time-out: its targets end `unconfirmed`).
"""

import statistics
import time

import pytest

from devtools.fakes.registry import NEEDS_MEDIA, NEEDS_VIDEO, VERSIONS
from devtools.fakes.x import FakeX
from devtools.media import image, upload, video
from models import TEST
from postline import clock, config
from tests.support import drills

# A drill of the worker's claims and schedule: run on each backend.
pytestmark = [pytest.mark.storage, pytest.mark.quiet]

# The platform whose account (account 0) turns slow. The other platforms, whose posts
# must keep their schedule, are account 1 of every provider: X's shares the slow
# account's fake, Meta's is a Page and its Instagram account.
SLOW_PLATFORM = FakeX
TIMEOUT = 5  # [publishing] timeout, seconds
BEHAVIOURS = {"slow": 2.0, "silent": 60.0}  # seconds the slow account takes to answer
# Seconds over which the posts come due: long enough that the slow account ties up
# the most threads it can (one post a second, each held TIMEOUT s: 5 of a worker's 8
# when silent) for the last 3 s of the other platforms' posts, the moment they could
# fall behind. 12 s only made that moment longer.
WINDOW = 8
SLOW, TEST_MODE = "slow account", "test mode"
PER_SECOND = {SLOW: 1, TEST_MODE: 3}
OTHER_PER_SECOND = 3  # to each other platform's account
LEAD = 4000  # ms between scheduling and the first post due: the worker is running by then
ALLOWED = 1.0  # seconds p99 lateness may grow


@pytest.fixture
def fakes():
    with drills.started() as started:
        yield started


@pytest.fixture
def settings(settings, fakes):
    for fake in fakes:
        settings[fake.PROVIDER] = fake.settings()
    return settings


def schedule(apis, channels, media, run):
    """Posts due over the next WINDOW seconds, at PER_SECOND rates (OTHER_PER_SECOND to
    each other platform), with `media` where the role's platform needs it; {role: [post ids]}."""
    start = clock.now_ms() + LEAD
    ids = {}
    for role in channels:
        rate = PER_SECOND.get(role, OTHER_PER_SECOND)
        posts = [
            {
                "channelId": channels[role],
                "content": f"{run}: {role} post {n}",
                "scheduledFor": start + n * 1000 // rate,
                "media": media.get(role, []),
                "platforms": VERSIONS,
            }
            for n in range(WINDOW * rate)
        ]
        created = apis[role].post("/v1/posts/batch", json={"posts": posts})
        assert created.status_code == 201, created.get_data(as_text=True)
        ids[role] = [post["id"] for post in created.get_json()["data"]]
    return ids


def lateness(apis, ids, deadline):
    """Seconds each post's targets were published after its `scheduledFor`, by role,
    once every post has settled (of the slow account's posts, their statuses)."""
    late = {}
    for role, post_ids in ids.items():
        late[role] = []
        for post_id in post_ids:
            while (post := apis[role].get(f"/v1/posts/{post_id}").get_json()["data"])["status"] in (
                "queued",
                "publishing",
            ):
                assert time.monotonic() < deadline, f"{role} post {post_id} still {post['status']}"
                time.sleep(0.2)
            if role == SLOW:
                late[role].append(post["status"])
                continue
            assert post["status"] == "done", post
            late[role] += [(t["publishedAt"] - post["scheduledFor"]) / 1000 for t in post["targets"]]
    return late


def p99(values):
    return sorted(values)[max(0, int(len(values) * 0.99) - 1)]


@pytest.mark.parametrize("behaviour", BEHAVIOURS)
def test_a_slow_platform_leaves_the_others_on_schedule(
    api, make_key, fakes, worker_process, gunicorn, behaviour
):
    [slow] = [fake for fake in fakes if isinstance(fake, SLOW_PLATFORM)]
    slow_account = slow.sign_in(0)
    channels = {SLOW: drills.connect_account(api, slow)[SLOW_PLATFORM.PROVIDER]}
    for fake in fakes:
        fake.sign_in(1)
        channels.update(drills.connect_account(api, fake))  # by platform
    tester = api.as_key(make_key(mode=TEST))
    channels[TEST_MODE] = tester.post("/v1/channels", json={"name": "Sandbox"}).get_json()["data"]["id"]
    apis = {role: tester if role == TEST_MODE else api for role in channels}
    # Instagram and TikTok take no text-only post: one small JPEG for all their posts,
    # fetched by Meta from the worker's signed URLs (served by gunicorn).
    photo = upload(api, image("JPEG"), filename="photo.jpg").get_json()["data"]["key"]
    clip = upload(api, video(), filename="clip.mp4").get_json()["data"]["key"]  # YouTube's posts are videos
    media = {role: [clip] if role in NEEDS_VIDEO else [photo] for role in channels if role in NEEDS_MEDIA}
    env = {
        **drills.worker_env(fakes),
        "POSTLINE_PUBLISHING_TIMEOUT": str(TIMEOUT),
        config.env_name(("server", "public_url")): gunicorn(workers=1),
    }
    worker = worker_process(**env)

    results = {}
    for run, delay in (("prompt", 0.0), (behaviour, BEHAVIOURS[behaviour])):
        slow.account_delays[slow_account] = delay
        ids = schedule(apis, channels, media, run)
        deadline = time.monotonic() + LEAD / 1000 + WINDOW + 4 * TIMEOUT + 30
        results[run] = lateness(apis, ids, deadline)
    assert worker.process.poll() is None, worker.output()
    # Slow, its posts are published; silent, each ends unconfirmed: never sent again.
    ended = "done" if BEHAVIOURS[behaviour] < TIMEOUT else "blocked"
    assert set(results["prompt"][SLOW]) == {"done"}
    assert set(results[behaviour][SLOW]) == {ended}, results[behaviour][SLOW]

    lines, late = [], []
    for role in channels:
        if role == SLOW:
            continue
        before, during = p99(results["prompt"][role]), p99(results[behaviour][role])
        lines.append(
            f"  {role}: p99 lateness {before:.2f} s with every platform prompt, {during:.2f} s with it "
            f"{behaviour} (p50 {statistics.median(results['prompt'][role]):.2f} -> "
            f"{statistics.median(results[behaviour][role]):.2f} s)"
        )
        if during - before > ALLOWED:
            late.append(role)
    assert not late, f"{', '.join(late)} fell behind their schedule:\n" + "\n".join(lines)
    others = ", ".join(role for role in channels if role not in (SLOW, TEST_MODE))
    print(
        f"\nslow platform ({behaviour}: answers after {BEHAVIOURS[behaviour]} s, timeout {TIMEOUT} s): "
        f"one {SLOW_PLATFORM.PROVIDER} account; posts to an account on each of {others} "
        f"({OTHER_PER_SECOND} a second each) and test mode over {WINDOW} s on one worker\n" + "\n".join(lines)
    )
