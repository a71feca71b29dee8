"""Recurring posts through the API in test mode: the rule's subset, a series and its
occurrences, each made by the worker as a post of its own, changed, skipped and
stopped (docs/scheduling.md, Recurring posts)."""

import concurrent.futures
from datetime import datetime
from zoneinfo import ZoneInfo

import pytest
from peewee import IntegrityError

from models import Event, Post, Series
from postline import db
from tests.scheduling.test_queues import ms
from tests.support.client import assert_error

# Series rows, their occurrences' unique constraint and the worker's claims: each backend.
pytestmark = pytest.mark.storage

BERLIN = ZoneInfo("Europe/Berlin")
MONDAY = "2027-01-04T07:30:00Z"  # before 09:00 in Berlin
WEEKLY = {"recurrence": "FREQ=WEEKLY;BYDAY=TU;COUNT=3", "timezone": "Europe/Berlin"}


def recurring(api, channel, content="Tuesday tip", **fields):
    body = {
        "channelId": channel,
        "content": content,
        "scheduledFor": "2027-01-04T09:00:00",
        **WEEKLY,
        **fields,
    }
    response = api.post("/v1/posts", json=body)
    assert response.status_code == 201, response.get_data(as_text=True)
    return response.get_json()["data"]


def series_of(api, series_id):
    response = api.get(f"/v1/series/{series_id}")
    assert response.status_code == 200, response.get_data(as_text=True)
    return response.get_json()["data"]


def berlin(moment):
    return datetime.fromtimestamp(moment / 1000, BERLIN)


def test_a_weekly_rule_with_a_count_lists_its_occurrences_and_makes_each_as_a_post(
    tester, channel, clock_at, worker
):
    """The bar: FREQ=WEEKLY;BYDAY=TU;COUNT=3 lists exactly 3 times, all Tuesdays, and
    the posts the worker makes for them share the series' id."""
    clock_at(ms(MONDAY))
    post = recurring(tester, channel)
    series = series_of(tester, post["seriesId"])
    times = [occurrence["scheduledFor"] for occurrence in series["occurrences"]]
    assert len(times) == 3
    assert all(berlin(moment).strftime("%a %H:%M") == "Tue 09:00" for moment in times)
    assert post["scheduledFor"] == times[0] == ms("2027-01-05T08:00:00Z")
    assert [occurrence["postId"] for occurrence in series["occurrences"]] == [post["id"], None, None]
    assert (series["recurrence"], series["timezone"], series["content"]) == (
        "FREQ=WEEKLY;BYDAY=TU;COUNT=3",
        "Europe/Berlin",
        "Tuesday tip",
    )
    assert worker.series() == 0  # nothing is due yet: the next occurrence is made when this one is
    for moment in times:
        clock_at(moment)
        worker.series()
        worker.publish()
    posts = list(Post.select().order_by(Post.scheduled_for))
    assert [p.scheduled_for for p in posts] == times
    assert {p.series_id for p in posts} == {post["seriesId"]}
    assert all(p.status == "done" for p in posts)
    assert Series.get_by_id(post["seriesId"]).due_at is None  # COUNT reached
    assert Event.select().where(Event.type == "post.created").count() == 3
    clock_at(times[-1] + 1)
    assert series_of(tester, post["seriesId"])["occurrences"] == []


def test_a_daily_rule_keeps_its_wall_clock_time_across_the_spring_change(tester, channel, clock_at):
    clock_at(ms("2027-03-26T00:00:00Z"))
    post = recurring(
        tester,
        channel,
        recurrence="FREQ=DAILY;COUNT=4",
        scheduledFor="2027-03-26T09:00:00",
        timezone="Europe/Berlin",
    )
    times = [o["scheduledFor"] for o in series_of(tester, post["seriesId"])["occurrences"]]
    assert times == [
        ms(t)
        for t in (
            "2027-03-26T08:00:00Z",
            "2027-03-27T08:00:00Z",
            "2027-03-28T07:00:00Z",
            "2027-03-29T07:00:00Z",
        )
    ]


@pytest.mark.parametrize(
    "rule, start, expected",
    [
        # Every two months on their last day, to an end date (inclusive).
        (
            "FREQ=MONTHLY;INTERVAL=2;BYMONTHDAY=-1;UNTIL=20270731",
            "2027-01-04T12:00:00",
            ["2027-01-31T11:00:00Z", "2027-03-31T10:00:00Z", "2027-05-31T10:00:00Z", "2027-07-31T10:00:00Z"],
        ),
        # The last Friday of each quarter's first month, at 17:30 whatever the start's time.
        (
            "FREQ=MONTHLY;INTERVAL=3;BYDAY=-1FR;BYHOUR=17;BYMINUTE=30;COUNT=3",
            "2027-01-04T09:00:00",
            ["2027-01-29T16:30:00Z", "2027-04-30T15:30:00Z", "2027-07-30T15:30:00Z"],
        ),
        # Each year from 29 February: a leap day comes every four years.
        (
            "FREQ=YEARLY;COUNT=2",
            "2028-02-29T08:00:00",
            ["2028-02-29T07:00:00Z", "2032-02-29T07:00:00Z"],
        ),
        # A skipped hour: 02:30 on the spring change is 03:00.
        (
            "FREQ=WEEKLY;BYDAY=SU;BYHOUR=2;BYMINUTE=30;COUNT=2",
            "2027-03-22T09:00:00",
            ["2027-03-28T01:00:00Z", "2027-04-04T00:30:00Z"],
        ),
        # A repeated hour: 02:30 on the autumn change happens twice; the first (summer time) is taken.
        (
            "FREQ=WEEKLY;BYDAY=SU;BYHOUR=2;BYMINUTE=30;COUNT=2",
            "2027-10-25T09:00:00",
            ["2027-10-31T00:30:00Z", "2027-11-07T01:30:00Z"],
        ),
    ],
)
def test_intervals_beyond_a_month_and_end_conditions(tester, channel, clock_at, rule, start, expected):
    clock_at(ms("2027-01-01T00:00:00Z"))
    post = recurring(tester, channel, recurrence=rule, scheduledFor=start)
    times = [o["scheduledFor"] for o in series_of(tester, post["seriesId"])["occurrences"]]
    assert times == [ms(moment) for moment in expected]


def test_a_series_lists_at_most_its_next_100_occurrences(tester, channel, clock_at, worker):
    """A daily rule of 150 lists the next 100, each at 09:00 in Berlin (across the spring
    change), day after day; as days pass, the list moves on and stays 100 long."""
    clock_at(ms(MONDAY))
    post = recurring(tester, channel, recurrence="FREQ=DAILY;COUNT=150")
    listed = series_of(tester, post["seriesId"])["occurrences"]
    assert len(listed) == 100
    days = [berlin(o["scheduledFor"]) for o in listed]
    assert {day.strftime("%H:%M") for day in days} == {"09:00"}
    assert [(b.date() - a.date()).days for a, b in zip(days, days[1:], strict=False)] == [1] * 99
    assert days[0].date().isoformat() == "2027-01-04" and days[-1].date().isoformat() == "2027-04-13"
    clock_at(listed[10]["scheduledFor"])
    later = series_of(tester, post["seriesId"])["occurrences"]
    assert len(later) == 100 and later[0]["scheduledFor"] == listed[10]["scheduledFor"]
    assert berlin(later[-1]["scheduledFor"]).date().isoformat() == "2027-04-23"
    clock_at(ms("2027-05-23T08:00:00Z"))  # past the 140th (09:00 on May 23): ten left, all listed
    assert len(series_of(tester, post["seriesId"])["occurrences"]) == 10


@pytest.mark.parametrize(
    "fields, field, words",
    [
        ({"recurrence": "FREQ=MINUTELY;COUNT=3"}, "recurrence", "FREQ=MINUTELY is not supported"),
        ({"recurrence": "FREQ=HOURLY"}, "recurrence", "FREQ=HOURLY is not supported"),
        ({"recurrence": "FREQ=DAILY;BYSECOND=5"}, "recurrence", "BYSECOND is not supported"),
        ({"recurrence": "FREQ=DAILY;BYHOUR=6,7,8"}, "recurrence", "more than 1,000 occurrences a year"),
        ({"recurrence": "FREQ=WEEKLY;BYDAY=1TU"}, "recurrence", "only with FREQ=MONTHLY or YEARLY"),
        ({"recurrence": "FREQ=DAILY;COUNT=2;UNTIL=20280101"}, "recurrence", "COUNT or UNTIL, not both"),
        ({"recurrence": "FREQ=DAILY;UNTIL=20200101"}, "recurrence", "produces no occurrence"),
        ({"recurrence": "BYDAY=TU"}, "recurrence", "needs FREQ"),
        ({"timezone": None}, "timezone", "is required with recurrence"),
        ({"queue": True, "scheduledFor": None}, "queue", "cannot be combined with recurrence"),
        ({"evergreen": {"minIntervalDays": 7}}, "evergreen", "cannot be combined with recurrence"),
        ({"status": "draft"}, "status", "cannot be a draft"),
    ],
)
def test_a_rule_outside_the_subset_is_a_400_naming_the_field_and_creates_nothing(
    tester, channel, clock_at, fields, field, words
):
    clock_at(ms(MONDAY))
    body = {"channelId": channel, "content": "x", "scheduledFor": "2027-01-04T09:00:00", **WEEKLY, **fields}
    body = {name: value for name, value in body.items() if value is not None}
    error = assert_error(tester.post("/v1/posts", json=body), 400, "VALIDATION_ERROR")
    [detail] = [d for d in error["details"] if d["field"] == field]
    assert words in detail["message"]
    assert Post.select().count() == Series.select().count() == Event.select().count() == 0


def test_a_batch_reports_the_rule_by_its_item(tester, channel, clock_at):
    clock_at(ms(MONDAY))
    items = [
        {"channelId": channel, "content": "ok"},
        {"channelId": channel, "content": "x", **WEEKLY, "recurrence": "FREQ=SECONDLY"},
    ]
    error = assert_error(tester.post("/v1/posts/batch", json={"posts": items}), 400, "VALIDATION_ERROR")
    assert [d["field"] for d in error["details"]] == ["posts[1].recurrence"]
    assert Post.select().count() == 0


def test_patching_the_series_changes_its_coming_occurrences_but_not_a_detached_one(
    tester, channel, clock_at, worker
):
    clock_at(ms(MONDAY))
    first = recurring(tester, channel, recurrence="FREQ=WEEKLY;BYDAY=TU")
    series_id = first["seriesId"]
    assert first["seriesDetached"] is False
    changed = tester.patch(f"/v1/series/{series_id}", json={"content": "Tuesday tip, revised"})
    assert changed.status_code == 200, changed.get_data(as_text=True)
    assert changed.get_json()["data"]["content"] == "Tuesday tip, revised"
    assert tester.get(f"/v1/posts/{first['id']}").get_json()["data"]["content"] == "Tuesday tip, revised"
    # A PATCH of the occurrence's own post detaches it: the series' changes no longer reach
    # it, and the answer says so while keeping the series it came from.
    mine = tester.patch(f"/v1/posts/{first['id']}", json={"content": "My own words"}).get_json()["data"]
    assert (mine["seriesId"], mine["seriesDetached"]) == (series_id, True)
    tester.patch(f"/v1/series/{series_id}", json={"content": "Third version"})
    read = tester.get(f"/v1/posts/{first['id']}").get_json()["data"]
    assert (read["content"], read["seriesDetached"]) == ("My own words", True)
    listed = tester.get("/v1/posts", query_string={"filter[id][in]": first["id"]}).get_json()["data"]
    assert [post["seriesDetached"] for post in listed] == [True]
    clock_at(first["scheduledFor"])
    worker.series()
    [made] = Post.select().where(Post.id != first["id"])
    assert (made.content, made.series_id, made.scheduled_for) == (
        "Third version",
        series_id,
        ms("2027-01-12T08:00:00Z"),
    )


def test_patching_the_rule_makes_the_coming_posts_anew(tester, channel, clock_at):
    clock_at(ms(MONDAY))
    first = recurring(tester, channel, recurrence="FREQ=WEEKLY;BYDAY=TU")
    answer = tester.patch(
        f"/v1/series/{first['seriesId']}", json={"recurrence": "FREQ=WEEKLY;BYDAY=TH;COUNT=2"}
    )
    assert answer.status_code == 200, answer.get_data(as_text=True)
    occurrences = answer.get_json()["data"]["occurrences"]
    assert [o["scheduledFor"] for o in occurrences] == [
        ms("2027-01-07T08:00:00Z"),
        ms("2027-01-14T08:00:00Z"),
    ]
    [post] = Post.select()
    assert occurrences[0]["postId"] == post.id != first["id"]
    assert post.scheduled_for == ms("2027-01-07T08:00:00Z")
    bad = tester.patch(f"/v1/series/{first['seriesId']}", json={"recurrence": "FREQ=MINUTELY"})
    assert [d["field"] for d in assert_error(bad, 400, "VALIDATION_ERROR")["details"]] == ["recurrence"]


def test_skipping_an_occurrence(tester, channel, clock_at, worker):
    clock_at(ms(MONDAY))
    first = recurring(tester, channel)
    series_id = first["seriesId"]
    second, third = ms("2027-01-12T08:00:00Z"), ms("2027-01-19T08:00:00Z")
    skipped = tester.post(f"/v1/series/{series_id}/skip", json={"scheduledFor": "2027-01-12T08:00:00Z"})
    assert skipped.status_code == 200, skipped.get_data(as_text=True)
    assert [o["scheduledFor"] for o in skipped.get_json()["data"]["occurrences"]] == [
        first["scheduledFor"],
        third,
    ]
    # Skipping the occurrence whose post is made deletes the post and makes the next one.
    answer = tester.post(f"/v1/series/{series_id}/skip", json={"scheduledFor": first["scheduledFor"]})
    [listed] = answer.get_json()["data"]["occurrences"]
    [post] = Post.select()
    assert (listed["scheduledFor"], listed["postId"], post.scheduled_for) == (third, post.id, third)
    not_coming = tester.post(f"/v1/series/{series_id}/skip", json={"scheduledFor": second})
    assert [d["field"] for d in assert_error(not_coming, 400, "VALIDATION_ERROR")["details"]] == [
        "scheduledFor"
    ]


def test_deleting_an_occurrences_post_skips_it(tester, channel, clock_at, worker):
    clock_at(ms(MONDAY))
    first = recurring(tester, channel)
    assert tester.delete(f"/v1/posts/{first['id']}").status_code == 200
    times = [o["scheduledFor"] for o in series_of(tester, first["seriesId"])["occurrences"]]
    assert times == [ms("2027-01-12T08:00:00Z"), ms("2027-01-19T08:00:00Z")]
    clock_at(first["scheduledFor"])
    worker.series()
    assert [p.scheduled_for for p in Post.select()] == [ms("2027-01-12T08:00:00Z")]


def test_deleting_the_series_stops_it(tester, channel, clock_at, worker):
    clock_at(ms(MONDAY))
    first = recurring(tester, channel, recurrence="FREQ=DAILY")
    clock_at(first["scheduledFor"])
    worker.series()
    worker.publish()
    series_id = first["seriesId"]
    answer = tester.delete(f"/v1/series/{series_id}")
    assert answer.get_json() == {"data": {"id": series_id, "deleted": True}}
    assert_error(tester.get(f"/v1/series/{series_id}"), 404, "NOT_FOUND")
    [kept] = Post.select()  # the published one; the next, not yet started, is gone
    assert (kept.id, kept.status, kept.series_id) == (first["id"], "done", series_id)
    clock_at(first["scheduledFor"] + 7 * 86_400_000)
    assert worker.series() == 0 and Post.select().count() == 1


def test_another_accounts_series_is_a_404_and_changes_need_posts_write(
    tester, api, channel, clock_at, make_key
):
    clock_at(ms(MONDAY))
    series_id = recurring(tester, channel)["seriesId"]
    other = api.as_key(make_key(account="globex", mode="test"))
    for stranger in (other, api):
        assert_error(stranger.get(f"/v1/series/{series_id}"), 404, "NOT_FOUND")
        assert_error(stranger.patch(f"/v1/series/{series_id}", json={"content": "x"}), 404, "NOT_FOUND")
        assert_error(stranger.delete(f"/v1/series/{series_id}"), 404, "NOT_FOUND")
    reader = tester.as_key(make_key(mode="test", permissions=["posts:read"]))
    assert reader.get(f"/v1/series/{series_id}").status_code == 200
    assert_error(
        reader.patch(f"/v1/series/{series_id}", json={"content": "x"}), 403, "INSUFFICIENT_PERMISSIONS"
    )
    skip = reader.post(f"/v1/series/{series_id}/skip", json={"scheduledFor": MONDAY})
    assert_error(skip, 403, "INSUFFICIENT_PERMISSIONS")


def test_no_occurrence_is_made_twice_by_two_workers(tester, channel, clock_at, worker):
    """Two workers at once (threads, each with its own connection) over twenty due
    series: every next occurrence is made exactly once."""
    clock_at(ms(MONDAY))
    first = [recurring(tester, channel, content=f"tip {n}", recurrence="FREQ=DAILY") for n in range(20)]
    clock_at(first[0]["scheduledFor"])

    def run():
        try:
            return worker.series()
        finally:
            db.close()

    with concurrent.futures.ThreadPoolExecutor(2) as pool:
        list(pool.map(lambda _: run(), range(2)))
    made = Post.select().where(Post.scheduled_for == ms("2027-01-05T08:00:00Z"))
    assert sorted(p.series_id for p in made) == sorted(p["seriesId"] for p in first)


def test_a_worker_that_lost_its_place_makes_nothing_twice(tester, channel, clock_at, worker):
    """A series row left behind its posts (as a worker that died between the two would
    leave it) makes no occurrence again; the database refuses a second post of one
    occurrence outright."""
    clock_at(ms(MONDAY))
    first = recurring(tester, channel, recurrence="FREQ=DAILY")
    clock_at(first["scheduledFor"])
    worker.series()
    assert Post.select().count() == 2
    Series.update(last_occurrence_at=first["scheduledFor"] - 1, due_at=first["scheduledFor"]).execute()
    worker.series()
    assert sorted(p.occurrence_at for p in Post.select()) == [
        first["scheduledFor"],
        ms("2027-01-05T08:00:00Z"),
    ]
    twin = Post.get_by_id(first["id"])
    twin.id = Post.new_id()
    with pytest.raises(IntegrityError), db.database.atomic():
        twin.save(force_insert=True)


def test_skip_takes_an_idempotency_key(tester, channel, clock_at):
    clock_at(ms(MONDAY))
    series_id = recurring(tester, channel)["seriesId"]
    headers = {"Idempotency-Key": "skip-1"}
    body = {"scheduledFor": "2027-01-12T08:00:00Z"}
    first = tester.post(f"/v1/series/{series_id}/skip", json=body, headers=headers)
    again = tester.post(f"/v1/series/{series_id}/skip", json=body, headers=headers)
    assert first.status_code == 200 and again.headers.get("Idempotent-Replayed") == "true"
    assert again.get_json() == first.get_json()


def test_a_retry_of_an_occurrence_keeps_it_in_the_series(tester, channel, clock_at):
    clock_at(ms(MONDAY))
    first = recurring(tester, channel, recurrence="FREQ=WEEKLY;BYDAY=TU")
    retried = tester.patch(f"/v1/posts/{first['id']}", json={})
    assert retried.status_code == 200 and retried.get_json()["data"]["seriesDetached"] is False
    tester.patch(f"/v1/series/{first['seriesId']}", json={"content": "Still the series' words"})
    assert tester.get(f"/v1/posts/{first['id']}").get_json()["data"]["content"] == "Still the series' words"
