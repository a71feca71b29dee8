"""A platform account that answers slowly, or not at all: the posts to other platforms
and the test-mode posts keep their schedule (p99 lateness within 1 s of the same run
with every platform answering at once).

The same schedule runs twice on one real worker: first with the slow account
answering at once, then with it slow (answers after 2 s, inside `[publishing]
timeout`) or silent (no answer before the time-out: its targets end `unconfirmed`).
"""

import statistics
import time

import pytest

from models import TEST
from postline import clock
from tests.support import platform_fakes
from tests.support.fake_x import FakeX

# The platform whose account turns slow, and the other platforms whose posts must keep
# their schedule: an account of each (account 1, so that one fake serves both when the
# other platform is X again). The lead adds the LinkedIn, Meta and TikTok fakes here.
SLOW_PLATFORM = FakeX
OTHER_PLATFORMS = [FakeX]
TIMEOUT = 5  # [publishing] timeout, seconds
BEHAVIOURS = {"slow": 2.0, "silent": 60.0}  # seconds the slow account takes to answer
WINDOW = 12  # seconds over which the posts come due
PER_SECOND = {"slow account": 1, "other platform": 3, "test mode": 3}
LEAD = 4000  # ms between scheduling and the first post due: the worker is running by then
ALLOWED = 1.0  # seconds p99 lateness may grow


@pytest.fixture(params=OTHER_PLATFORMS, ids=lambda fake_class: fake_class.PROVIDER)
def fakes(request):
    """{role: (fake, account id)}: the slow account and the other platform's account."""
    classes = list(dict.fromkeys([SLOW_PLATFORM, request.param]))
    with platform_fakes.started(classes) as started:
        by_class = dict(zip(classes, started, strict=True))
        yield {"slow": by_class[SLOW_PLATFORM], "other": by_class[request.param]}


@pytest.fixture
def settings(settings, fakes):
    for fake in fakes.values():
        settings[fake.PROVIDER] = fake.settings()
    return settings


def connected_channel(api, fake, number):
    channel_id = api.post("/v1/channels", json={"name": f"{fake.PROVIDER} {number}"}).get_json()["data"]["id"]
    account = fake.sign_in(number)
    platform_fakes.connect_account(api, fake, channel_id)
    return channel_id, account


def schedule(apis, channels, run):
    """Posts due over the next WINDOW seconds at PER_SECOND rates; {role: [post ids]}."""
    start = clock.now_ms() + LEAD
    ids = {}
    for role, rate in PER_SECOND.items():
        posts = [
            {
                "channelId": channels[role],
                "content": f"{run}: {role} post {n}",
                "scheduledFor": start + n * 1000 // rate,
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
            if role == "slow account":
                late[role].append(post["status"])
                continue
            assert post["status"] == "done", post
            late[role] += [(t["publishedAt"] - post["scheduledFor"]) / 1000 for t in post["targets"]]
    return late


def p99(values):
    return sorted(values)[max(0, int(len(values) * 0.99) - 1)]


@pytest.mark.parametrize("behaviour", BEHAVIOURS)
def test_a_slow_platform_leaves_the_others_on_schedule(api, make_key, fakes, worker_process, behaviour):
    slow_channel, slow_account = connected_channel(api, fakes["slow"], 0)
    other_channel, _ = connected_channel(api, fakes["other"], 1)
    tester = api.as_key(make_key(mode=TEST))
    test_channel = tester.post("/v1/channels", json={"name": "Sandbox"}).get_json()["data"]["id"]
    apis = {"slow account": api, "other platform": api, "test mode": tester}
    channels = {"slow account": slow_channel, "other platform": other_channel, "test mode": test_channel}
    env = {**platform_fakes.worker_env(fakes.values()), "POSTLINE_PUBLISHING_TIMEOUT": str(TIMEOUT)}
    worker = worker_process(**env)

    results = {}
    for run, delay in (("prompt", 0.0), (behaviour, BEHAVIOURS[behaviour])):
        fakes["slow"].account_delays[slow_account] = delay
        ids = schedule(apis, channels, run)
        deadline = time.monotonic() + LEAD / 1000 + WINDOW + 4 * TIMEOUT + 30
        results[run] = lateness(apis, ids, deadline)
    assert worker.process.poll() is None, worker.output()
    # Slow, its posts are published; silent, each ends unconfirmed: never sent again.
    ended = "done" if BEHAVIOURS[behaviour] < TIMEOUT else "blocked"
    assert set(results["prompt"]["slow account"]) == {"done"}
    assert set(results[behaviour]["slow account"]) == {ended}, results[behaviour]["slow account"]

    lines = []
    for role in ("other platform", "test mode"):
        before, during = p99(results["prompt"][role]), p99(results[behaviour][role])
        lines.append(
            f"  {role}: p99 lateness {before:.2f} s with every platform prompt, {during:.2f} s with it "
            f"{behaviour} (p50 {statistics.median(results['prompt'][role]):.2f} -> "
            f"{statistics.median(results[behaviour][role]):.2f} s)"
        )
        assert during - before <= ALLOWED, "\n".join(lines)
    print(
        f"\nslow platform ({behaviour}: answers after {BEHAVIOURS[behaviour]} s, timeout {TIMEOUT} s): "
        f"one {SLOW_PLATFORM.PROVIDER} account, posts to {fakes['other'].PROVIDER} and test mode "
        f"over {WINDOW} s on one worker\n" + "\n".join(lines)
    )
