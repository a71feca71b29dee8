"""Channel queues through the API in test mode: schedules, free slots, queue posts
taking them, daylight saving, freeing and reflowing (docs/scheduling.md, Queues)."""

from datetime import datetime

import pytest

from models import Event, Post
from tests.scheduling.conftest import put_schedule
from tests.support.client import assert_error

# Slots are counted from posts under a lock: each backend's SQL and transactions.
pytestmark = pytest.mark.storage


def ms(text):
    return int(datetime.fromisoformat(text.replace("Z", "+00:00")).timestamp() * 1000)


def next_slots(api, channel, **query):
    response = api.get(f"/v1/channels/{channel}/next-slots", query_string=query)
    assert response.status_code == 200, response.get_data(as_text=True)
    return response.get_json()["data"]


def queue(api, channel, count=1, **fields):
    """`count` queue posts in one batch; their slots, in order."""
    items = [{"channelId": channel, "content": f"queued {n}", "queue": True, **fields} for n in range(count)]
    response = api.post("/v1/posts/batch", json={"posts": items})
    assert response.status_code == 201, response.get_data(as_text=True)
    posts = response.get_json()["data"]
    assert all(post["scheduledFor"] == post["slot"] for post in posts)
    return [post["slot"] for post in posts]


def test_a_weekly_slot_keeps_its_wall_clock_time_across_the_autumn_change(tester, channel, clock_at):
    """The bar: mon 09:00 in Europe/Berlin is 07:00Z in summer time, 08:00Z after it."""
    clock_at(ms("2027-10-01T00:00:00Z"))
    put_schedule(tester, channel, "mon 09:00")
    answer = next_slots(tester, channel, count=5, after="2027-10-18T00:00:00Z")
    assert answer["timezone"] == "Europe/Berlin"
    assert answer["slots"] == [
        {"scheduledFor": ms(moment), "taken": 0}
        for moment in (
            "2027-10-18T07:00:00Z",
            "2027-10-25T07:00:00Z",
            "2027-11-01T08:00:00Z",
            "2027-11-08T08:00:00Z",
            "2027-11-15T08:00:00Z",
        )
    ]


@pytest.mark.parametrize(
    "zone, slot, after, expected",
    [
        # Spring forward: 02:30 does not exist; the first valid minute after it is 03:00.
        (
            "Europe/Berlin",
            "sun 02:30",
            "2027-03-27T00:00:00Z",
            ["2027-03-28T01:00:00Z", "2027-04-04T00:30:00Z"],
        ),
        (
            "America/New_York",
            "sun 02:30",
            "2027-03-13T00:00:00Z",
            ["2027-03-14T07:00:00Z", "2027-03-21T06:30:00Z"],
        ),
        # Fall back: 02:30 (Berlin) and 01:30 (New York) happen twice; the first is taken.
        (
            "Europe/Berlin",
            "sun 02:30",
            "2027-10-30T00:00:00Z",
            ["2027-10-31T00:30:00Z", "2027-11-07T01:30:00Z"],
        ),
        (
            "America/New_York",
            "sun 01:30",
            "2027-11-06T00:00:00Z",
            ["2027-11-07T05:30:00Z", "2027-11-14T06:30:00Z"],
        ),
    ],
)
def test_skipped_and_repeated_wall_clock_times(tester, channel, clock_at, zone, slot, after, expected):
    clock_at(ms("2027-01-01T00:00:00Z"))
    put_schedule(tester, channel, slot, zone=zone)
    slots = next_slots(tester, channel, count=2, after=after)["slots"]
    assert [entry["scheduledFor"] for entry in slots] == [ms(moment) for moment in expected]


def test_after_is_inclusive_a_slot_at_that_very_moment_is_listed(tester, channel, clock_at):
    clock_at(ms("2027-10-01T00:00:00Z"))
    put_schedule(tester, channel, "mon 09:00")
    slot = ms("2027-10-18T07:00:00Z")
    at = next_slots(tester, channel, count=1, after="2027-10-18T07:00:00Z")["slots"]
    assert at == [{"scheduledFor": slot, "taken": 0}]
    assert next_slots(tester, channel, count=1, after=slot)["slots"] == at  # Unix ms alike
    past = next_slots(tester, channel, count=1, after=slot + 1)["slots"]
    assert past == [{"scheduledFor": ms("2027-10-25T07:00:00Z"), "taken": 0}]
    # A queue post with queueAfter at that moment takes that slot too.
    assert queue(tester, channel, queueAfter="2027-10-18T07:00:00Z") == [slot]


def test_queue_posts_take_the_next_free_slots_in_order(tester, channel, clock_at):
    clock_at(ms("2027-01-04T10:00:00Z"))  # a Monday, after its 09:00 (08:00Z) slot
    put_schedule(tester, channel, "mon 09:00", "wed 12:30")
    taken = queue(tester, channel, 3)
    assert taken == [ms("2027-01-06T11:30:00Z"), ms("2027-01-11T08:00:00Z"), ms("2027-01-13T11:30:00Z")]
    [single] = queue(tester, channel)
    assert single == ms("2027-01-18T08:00:00Z")
    assert next_slots(tester, channel, count=1)["slots"] == [
        {"scheduledFor": ms("2027-01-20T11:30:00Z"), "taken": 0}
    ]
    post = Post.get(Post.slot == single)
    assert (post.due_at, post.status) == (single, "queued")
    created = Event.select().where(Event.type == "post.created").count()
    assert created == 4


def test_a_slot_takes_max_per_slot_posts_and_queue_after_moves_the_start(tester, channel, clock_at):
    clock_at(ms("2027-01-04T00:00:00Z"))
    put_schedule(tester, channel, "tue 09:00", maxPerSlot=2)
    assert queue(tester, channel, 3) == [ms("2027-01-05T08:00:00Z")] * 2 + [ms("2027-01-12T08:00:00Z")]
    assert next_slots(tester, channel, count=2)["slots"] == [
        {"scheduledFor": ms("2027-01-12T08:00:00Z"), "taken": 1},
        {"scheduledFor": ms("2027-01-19T08:00:00Z"), "taken": 0},
    ]
    later = queue(tester, channel, 1, queueAfter="2027-02-01T00:00:00Z")
    assert later == [ms("2027-02-02T08:00:00Z")]
    # The slot on the 12th still has room: the next queue post without queueAfter takes it.
    assert queue(tester, channel) == [ms("2027-01-12T08:00:00Z")]


def test_deleting_or_rescheduling_a_post_frees_its_slot(tester, channel, clock_at):
    clock_at(ms("2027-01-04T00:00:00Z"))
    put_schedule(tester, channel, "tue 09:00")
    first, second, third = queue(tester, channel, 3)
    ids = {post.slot: post.id for post in Post.select()}
    assert tester.delete(f"/v1/posts/{ids[first]}").status_code == 200
    moved = tester.patch(f"/v1/posts/{ids[second]}", json={"scheduledFor": "2027-06-01T10:00:00Z"})
    assert moved.status_code == 200
    assert moved.get_json()["data"]["slot"] is None
    edited = tester.patch(f"/v1/posts/{ids[third]}", json={"content": "still in its slot"})
    assert edited.get_json()["data"]["slot"] == third
    assert queue(tester, channel, 3) == [first, second, ms("2027-01-26T08:00:00Z")]


def test_a_new_schedule_keeps_queued_posts_until_a_reflow(tester, channel, clock_at):
    clock_at(ms("2027-01-04T00:00:00Z"))
    put_schedule(tester, channel, "tue 09:00")
    old = queue(tester, channel, 2)
    put_schedule(tester, channel, "fri 18:00", zone="UTC")
    assert sorted(post.scheduled_for for post in Post.select()) == old
    reflowed = tester.post(f"/v1/channels/{channel}/schedule/reflow")
    assert reflowed.status_code == 200
    assert reflowed.get_json() == {"data": {"channelId": channel, "moved": 2}}
    placed = sorted((post.scheduled_for, post.slot, post.due_at) for post in Post.select())
    friday, next_friday = ms("2027-01-08T18:00:00Z"), ms("2027-01-15T18:00:00Z")
    assert placed == [(friday, friday, friday), (next_friday, next_friday, next_friday)]
    assert queue(tester, channel) == [ms("2027-01-22T18:00:00Z")]


def test_a_paused_schedule_refuses_queue_posts_and_creates_nothing(tester, channel, clock_at):
    clock_at(ms("2027-01-04T00:00:00Z"))
    put_schedule(tester, channel, "tue 09:00", paused=True)
    item = {"channelId": channel, "content": "waits", "queue": True}
    error = assert_error(tester.post("/v1/posts", json=item), 409, "SCHEDULE_PAUSED", "conflict_error")
    assert error["details"] == [{"field": "queue", "message": "the channel's schedule is paused"}]
    batch = tester.post("/v1/posts/batch", json={"posts": [{**item, "queue": False}, item]})
    assert_error(batch, 409, "SCHEDULE_PAUSED")
    assert Post.select().count() == 0 and Event.select().count() == 0
    # A post with a time of its own is not a queue post: a paused queue does not hold it.
    timed = tester.post(
        "/v1/posts",
        json={"channelId": channel, "content": "timed", "scheduledFor": ms("2027-02-01T00:00:00Z")},
    )
    assert timed.status_code == 201


@pytest.mark.parametrize(
    "body, field",
    [
        ({"timezone": "Mars/Olympus", "slots": [{"day": "mon", "time": "09:00"}]}, "timezone"),
        ({"timezone": "UTC", "slots": [{"day": "mon", "time": "25:00"}]}, "slots[0].time"),
        ({"timezone": "UTC", "slots": [{"day": "mon", "time": "9:00"}]}, "slots[0].time"),
        ({"timezone": "UTC", "slots": [{"day": "monday", "time": "09:00"}]}, "slots[0].day"),
        (
            {"timezone": "UTC", "slots": [{"day": "mon", "time": "09:00"}, {"day": "mon", "time": "09:00"}]},
            "slots[1]",
        ),
        ({"timezone": "UTC", "slots": [], "maxPerSlot": 0}, "maxPerSlot"),
        ({"slots": []}, "timezone"),
    ],
)
def test_a_bad_schedule_is_a_400_naming_the_field_and_changes_nothing(tester, channel, body, field):
    response = tester.request("PUT", f"/v1/channels/{channel}/schedule", json=body)
    error = assert_error(response, 400, "VALIDATION_ERROR")
    assert field in [detail["field"] for detail in error["details"]]
    assert_error(tester.get(f"/v1/channels/{channel}/schedule"), 404, "NOT_FOUND")


@pytest.mark.parametrize(
    "fields, field",
    [
        ({"scheduledFor": "2030-01-01T00:00:00Z"}, "scheduledFor"),
        ({"status": "draft"}, "queue"),
        ({"queue": False, "queueAfter": "2030-01-01T00:00:00Z"}, "queueAfter"),
    ],
)
def test_queue_fields_that_contradict_each_other_are_refused(tester, channel, fields, field):
    put_schedule(tester, channel, "tue 09:00")
    body = {"channelId": channel, "content": "x", "queue": True, **fields}
    error = assert_error(tester.post("/v1/posts", json=body), 400, "VALIDATION_ERROR")
    assert [detail["field"] for detail in error["details"]] == [field]
    assert Post.select().count() == 0


def test_a_queue_post_needs_a_schedule_with_slots(tester, channel):
    body = {
        "posts": [
            {"channelId": channel, "content": "x"},
            {"channelId": channel, "content": "y", "queue": True},
        ]
    }
    error = assert_error(tester.post("/v1/posts/batch", json=body), 400, "VALIDATION_ERROR")
    assert error["details"][0]["field"] == "posts[1].queue"
    assert "PUT /v1/channels/" in error["details"][0]["message"]
    put_schedule(tester, channel)
    error = assert_error(tester.post("/v1/posts/batch", json=body), 400, "VALIDATION_ERROR")
    assert error["details"] == [{"field": "posts[1].queue", "message": "the channel's schedule has no slots"}]
    assert Post.select().count() == 0


def test_the_schedule_reads_back_in_week_order(tester, channel):
    put_schedule(tester, channel, "sun 08:00", "mon 17:30", "mon 09:00", zone="Asia/Tokyo", maxPerSlot=3)
    schedule = tester.get(f"/v1/channels/{channel}/schedule").get_json()["data"]
    assert schedule["slots"] == [
        {"day": "mon", "time": "09:00"},
        {"day": "mon", "time": "17:30"},
        {"day": "sun", "time": "08:00"},
    ]
    assert (schedule["channelId"], schedule["timezone"], schedule["maxPerSlot"], schedule["paused"]) == (
        channel,
        "Asia/Tokyo",
        3,
        False,
    )


def test_another_accounts_or_modes_channel_is_a_404(tester, api, channel, make_key):
    put_schedule(tester, channel, "tue 09:00")
    other = api.as_key(make_key(account="globex", mode="test"))
    for method, path in (
        ("GET", "schedule"),
        ("PUT", "schedule"),
        ("GET", "next-slots"),
        ("POST", "schedule/reflow"),
    ):
        body = {"timezone": "UTC", "slots": []} if method == "PUT" else None
        for stranger in (other, api):  # another account; the same account's live mode
            response = stranger.request(method, f"/v1/channels/{channel}/{path}", json=body)
            assert_error(response, 404, "NOT_FOUND")
    assert tester.get(f"/v1/channels/{channel}/schedule").get_json()["data"]["timezone"] == "Europe/Berlin"


def test_schedules_need_the_channels_permissions(tester, channel, make_key):
    reader = tester.as_key(make_key(mode="test", permissions=["channels:read"]))
    response = reader.request(
        "PUT", f"/v1/channels/{channel}/schedule", json={"timezone": "UTC", "slots": []}
    )
    assert_error(response, 403, "INSUFFICIENT_PERMISSIONS")
    assert_error(reader.post(f"/v1/channels/{channel}/schedule/reflow"), 403, "INSUFFICIENT_PERMISSIONS")
    writer = tester.as_key(make_key(mode="test", permissions=["channels:write"]))
    assert_error(writer.get(f"/v1/channels/{channel}/next-slots"), 403, "INSUFFICIENT_PERMISSIONS")


def test_next_slots_takes_up_to_100(tester, channel, clock_at):
    clock_at(ms("2027-01-04T00:00:00Z"))
    put_schedule(tester, channel, "mon 09:00", "thu 09:00")
    assert len(next_slots(tester, channel, count=100)["slots"]) == 100
    for count in (0, 101, "x"):
        response = tester.get(f"/v1/channels/{channel}/next-slots", query_string={"count": count})
        assert [d["field"] for d in assert_error(response, 400, "VALIDATION_ERROR")["details"]] == ["count"]


def test_a_reflow_is_idempotent_with_a_key(tester, channel, clock_at):
    clock_at(ms("2027-01-04T00:00:00Z"))
    put_schedule(tester, channel, "tue 09:00")
    queue(tester, channel, 1)
    headers = {"Idempotency-Key": "reflow-1"}
    first = tester.post(f"/v1/channels/{channel}/schedule/reflow", headers=headers)
    again = tester.post(f"/v1/channels/{channel}/schedule/reflow", headers=headers)
    assert first.status_code == 200 and again.headers.get("Idempotent-Replayed") == "true"
    assert again.get_json() == first.get_json()
