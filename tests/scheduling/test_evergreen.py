"""Evergreen posts through the API in test mode: once published, a post is queued again
after its interval as a new post, with its rotation of versions, until its run ends
(docs/scheduling.md, Evergreen posts)."""

import pytest

from models import Post
from tests.scheduling.conftest import put_schedule
from tests.scheduling.test_queues import ms
from tests.support.client import assert_error

# The worker's job claims posts and takes slots under the schedule's lock: each backend.
pytestmark = pytest.mark.storage

DAY = 86_400_000
START = "2027-01-04T07:00:00Z"  # a Monday


def evergreen_post(api, channel, evergreen, **fields):
    body = {"channelId": channel, "content": "Our best post", "evergreen": evergreen, **fields}
    response = api.post("/v1/posts", json=body)
    assert response.status_code == 201, response.get_data(as_text=True)
    return response.get_json()["data"]


def post(api, post_id):
    return api.get(f"/v1/posts/{post_id}").get_json()["data"]


def publish_at(clock_at, worker, moment):
    clock_at(moment)
    worker.publish()
    return worker.evergreen()


def test_a_published_post_is_queued_again_in_the_next_slot_after_its_interval(
    tester, channel, clock_at, worker
):
    clock_at(ms(START))
    put_schedule(tester, channel, "tue 09:00", "fri 15:00")
    original = evergreen_post(tester, channel, {"minIntervalDays": 7, "maxRepeats": 2})
    assert original["evergreen"] == {
        "minIntervalDays": 7,
        "maxRepeats": 2,
        "until": None,
        "rotation": [],
        "repeat": 0,
        "state": "waiting",
        "endedReason": None,
    }
    assert worker.evergreen() == 0  # not published yet
    publish_at(clock_at, worker, ms(START))
    done = post(tester, original["id"])
    assert (done["status"], done["evergreen"]["state"]) == ("done", "repeated")
    [repeat] = Post.select().where(Post.evergreen_of == original["id"])
    # Published Monday 07:00Z; seven days on is Monday the 11th: the next slot is Tuesday 09:00.
    assert (repeat.scheduled_for, repeat.slot, repeat.status) == (ms("2027-01-12T08:00:00Z"),) * 2 + (
        "queued",
    )
    shown = post(tester, repeat.id)
    assert (shown["content"], shown["evergreenOf"], shown["evergreen"]["repeat"]) == (
        "Our best post",
        original["id"],
        1,
    )
    publish_at(clock_at, worker, repeat.scheduled_for)
    [second] = Post.select().where(Post.evergreen_repeat == 2)
    assert (second.evergreen_of, second.scheduled_for) == (original["id"], ms("2027-01-19T08:00:00Z"))
    publish_at(clock_at, worker, second.scheduled_for)
    ended = post(tester, second.id)
    assert ended["status"] == "done"
    assert ended["evergreen"]["state"] == "ended"
    assert ended["evergreen"]["endedReason"]["code"] == "MAX_REPEATS"
    assert Post.select().count() == 3


def test_each_repeat_takes_the_next_version_of_its_rotation(tester, channel, clock_at, worker):
    clock_at(ms(START))
    rotation = [{"x": {"content": "Second telling"}}, {"x": {"content": "Third telling"}}]
    original = evergreen_post(tester, channel, {"minIntervalDays": 1, "rotation": rotation})
    moment = ms(START)
    seen = []
    for _ in range(3):
        publish_at(clock_at, worker, moment)
        latest = Post.select().order_by(Post.created_at.desc(), Post.id.desc()).first()
        seen.append(latest.platform_versions)
        moment = latest.scheduled_for
    assert seen == [
        {"x": {"content": "Second telling"}},
        {"x": {"content": "Third telling"}},
        {"x": {"content": "Second telling"}},
    ]
    assert {p.evergreen_of for p in Post.select() if p.id != original["id"]} == {original["id"]}


def test_a_channel_without_a_schedule_repeats_at_the_interval_and_until_ends_the_run(
    tester, channel, clock_at, worker
):
    clock_at(ms(START))
    original = evergreen_post(tester, channel, {"minIntervalDays": 3, "until": "2027-01-09T00:00:00Z"})
    publish_at(clock_at, worker, ms(START))
    [repeat] = Post.select().where(Post.evergreen_of == original["id"])
    assert (repeat.scheduled_for, repeat.slot) == (ms(START) + 3 * DAY, None)
    publish_at(clock_at, worker, repeat.scheduled_for)
    reason = post(tester, repeat.id)["evergreen"]["endedReason"]
    assert reason["code"] == "UNTIL_PASSED"
    assert Post.select().count() == 2


def test_a_paused_schedule_holds_the_repeat_until_it_is_unpaused(tester, channel, clock_at, worker):
    clock_at(ms(START))
    put_schedule(tester, channel, "tue 09:00")
    original = evergreen_post(tester, channel, {"minIntervalDays": 1})
    put_schedule(tester, channel, "tue 09:00", paused=True)
    assert publish_at(clock_at, worker, ms(START)) == 0
    assert post(tester, original["id"])["evergreen"]["state"] == "waiting"
    put_schedule(tester, channel, "tue 09:00")
    assert worker.evergreen() == 1
    [repeat] = Post.select().where(Post.evergreen_of == original["id"])
    assert repeat.scheduled_for == ms("2027-01-05T08:00:00Z")


def test_a_repeat_that_fails_for_good_ends_the_run(tester, channel, clock_at, worker, app):
    clock_at(ms(START))
    app.config["POSTLINE"]["publishing"]["retry_delays"] = []  # the first failure is final
    original = evergreen_post(tester, channel, {"minIntervalDays": 1}, content="Fails #sandbox:fail")
    publish_at(clock_at, worker, ms(START))
    shown = post(tester, original["id"])
    assert shown["status"] == "failed"
    assert shown["evergreen"]["state"] == "ended"
    assert shown["evergreen"]["endedReason"]["code"] == "SANDBOX_FAILURE"
    assert Post.select().count() == 1


def test_evergreen_is_set_or_cleared_by_a_patch(tester, channel, clock_at, worker):
    clock_at(ms(START))
    plain = tester.post("/v1/posts", json={"channelId": channel, "content": "plain"}).get_json()["data"]
    assert plain["evergreen"] is None
    patched = tester.patch(f"/v1/posts/{plain['id']}", json={"evergreen": {"minIntervalDays": 2}})
    assert patched.get_json()["data"]["evergreen"]["state"] == "waiting"
    cleared = tester.patch(f"/v1/posts/{plain['id']}", json={"evergreen": None})
    assert cleared.get_json()["data"]["evergreen"] is None
    publish_at(clock_at, worker, ms(START))
    assert Post.select().count() == 1


@pytest.mark.parametrize(
    "evergreen, field",
    [
        ({}, "evergreen.minIntervalDays"),
        ({"minIntervalDays": 0}, "evergreen.minIntervalDays"),
        ({"minIntervalDays": 1.5}, "evergreen.minIntervalDays"),
        ({"minIntervalDays": 7, "maxRepeats": 0}, "evergreen.maxRepeats"),
        ({"minIntervalDays": 7, "rotation": [{"x": {"colour": "red"}}]}, "evergreen.rotation[0].x.colour"),
        ({"minIntervalDays": 7, "every": 3}, "evergreen.every"),
    ],
)
def test_bad_evergreen_settings_are_a_400_naming_the_field(tester, channel, evergreen, field):
    response = tester.post("/v1/posts", json={"channelId": channel, "content": "x", "evergreen": evergreen})
    assert field in [d["field"] for d in assert_error(response, 400, "VALIDATION_ERROR")["details"]]
    assert Post.select().count() == 0
