"""Posts: create, read, edit, delete and the editing rules of each status (docs/api.md, Posts)."""

import json
from datetime import datetime

import pytest

from models import Event, Post, PostTarget

NOW = 1_800_000_000_000  # 2027-01-15T08:00:00Z


@pytest.fixture
def channel(api, clock_at):
    clock_at(NOW)
    return api.post("/v1/channels", json={"name": "Launch"}).get_json()["data"]["id"]


def create(api, channel, **fields):
    response = api.post("/v1/posts", json={"channelId": channel, "content": "Hello", **fields})
    assert response.status_code == 201, response.get_data(as_text=True)
    return response.get_json()["data"]


def force_status(post_id, status, **fields):
    """Put a post in a state only the worker reaches (the worker lands with issue 5)."""
    Post.update(status=status, **fields).where(Post.id == post_id).execute()


def ms(iso):
    return int(datetime.fromisoformat(iso).timestamp() * 1000)


@pytest.mark.storage
def test_create_returns_the_whole_post(api, channel):
    post = create(api, channel, content="Hello world", scheduledFor=NOW + 60_000)
    assert post["id"].startswith("post_")
    assert post == {
        "id": post["id"],
        "channelId": channel,
        "content": "Hello world",
        "scheduledFor": NOW + 60_000,
        "timezone": None,
        "media": [],
        "thread": [],
        "firstComment": None,
        "platforms": {},
        "status": "queued",
        "attempts": 0,
        "nextAttemptAt": None,
        "lastError": None,
        "targets": [],
        "deliveredAt": None,
        "slot": None,
        "seriesId": None,
        "seriesDetached": False,
        "evergreen": None,
        "evergreenOf": None,
        "createdAt": NOW,
        "updatedAt": NOW,
    }
    assert api.get(f"/v1/posts/{post['id']}").get_json() == {"data": post}


def test_scheduled_for_omitted_means_as_soon_as_possible(api, channel):
    assert create(api, channel)["scheduledFor"] == NOW


@pytest.mark.parametrize("value", [1_800_000_000, "1800000000", 99_999_999_999])
def test_a_number_that_looks_like_unix_seconds_is_refused(api, channel, value):
    response = api.post("/v1/posts", json={"channelId": channel, "content": "Hi", "scheduledFor": value})
    assert response.status_code == 400
    assert response.get_json()["error"]["details"] == [
        {"field": "scheduledFor", "message": "looks like Unix seconds; send milliseconds"}
    ]


@pytest.mark.storage
def test_a_time_more_than_max_past_seconds_ago_is_refused_and_one_within_it_publishes_now(api, channel):
    assert create(api, channel, scheduledFor=NOW - 3_599_000)["scheduledFor"] == NOW - 3_599_000
    for value in (NOW - 3_601_000, "2027-01-15T06:59:59Z"):
        response = api.post("/v1/posts", json={"channelId": channel, "content": "Hi", "scheduledFor": value})
        assert response.status_code == 400
        (detail,) = response.get_json()["error"]["details"]
        assert detail["field"] == "scheduledFor" and detail["message"].startswith("is in the past")
    post = create(api, channel, status="draft")
    response = api.patch(f"/v1/posts/{post['id']}", json={"scheduledFor": NOW - 7_200_000})
    assert response.status_code == 400


@pytest.mark.parametrize(
    "fields, expected",
    [
        ({"scheduledFor": "2027-03-01T09:30:00Z"}, ms("2027-03-01T09:30:00+00:00")),
        ({"scheduledFor": "2027-03-01T09:30:00+02:00"}, ms("2027-03-01T07:30:00+00:00")),
        ({"scheduledFor": "2027-03-01T09:30:00.250Z"}, ms("2027-03-01T09:30:00.250+00:00")),
        ({"scheduledFor": 1_900_000_000_000}, 1_900_000_000_000),
        (
            {"scheduledFor": "2027-07-01T09:30:00", "timezone": "Europe/Berlin"},
            ms("2027-07-01T07:30:00+00:00"),
        ),
        (
            {"scheduledFor": "2027-02-01T09:30:00", "timezone": "America/New_York"},
            ms("2027-02-01T14:30:00+00:00"),
        ),
        ({"scheduledFor": "2027-07-01T09:30:00Z", "timezone": "Asia/Tokyo"}, ms("2027-07-01T09:30:00+00:00")),
    ],
)
def test_scheduled_for_inputs(api, channel, fields, expected):
    post = create(api, channel, **fields)
    assert post["scheduledFor"] == expected
    assert post["timezone"] == fields.get("timezone")


# A local time on a day the clock changes (docs/api-notes.md: Posts; postline/timestamps.py):
# one in the spring-forward gap is read as if the clock had not changed yet, one in the
# fall-back overlap as its first occurrence (Python's fold=0), in UTC milliseconds.
DST_CASES = [
    # Berlin, 2027-03-28: 02:00 CET becomes 03:00 CEST; 02:30 is read at +01:00.
    ("Europe/Berlin", "2027-03-28T02:30:00", ms("2027-03-28T01:30:00+00:00")),
    # Berlin, 2027-10-31: 03:00 CEST becomes 02:00 CET; the first 02:30 is at +02:00.
    ("Europe/Berlin", "2027-10-31T02:30:00", ms("2027-10-31T00:30:00+00:00")),
    # New York, 2027-03-14: 02:00 EST becomes 03:00 EDT; 02:30 is read at -05:00.
    ("America/New_York", "2027-03-14T02:30:00", ms("2027-03-14T07:30:00+00:00")),
    # New York, 2027-11-07: 02:00 EDT becomes 01:00 EST; the first 01:30 is at -04:00.
    ("America/New_York", "2027-11-07T01:30:00", ms("2027-11-07T05:30:00+00:00")),
]


@pytest.mark.parametrize("zone, local, expected", DST_CASES, ids=[f"{z}-{t}" for z, t, _ in DST_CASES])
def test_a_local_time_in_a_dst_gap_or_overlap_is_read_with_fold_0(api, channel, zone, local, expected):
    created = create(api, channel, scheduledFor=local, timezone=zone)
    assert created["scheduledFor"] == expected and created["timezone"] == zone
    assert api.get(f"/v1/posts/{created['id']}").get_json()["data"]["scheduledFor"] == expected
    # A PATCH reads the same wall time in the zone stored on the post.
    plain = create(api, channel, scheduledFor="2027-06-01T12:00:00", timezone=zone)
    patched = api.patch(f"/v1/posts/{plain['id']}", json={"scheduledFor": local})
    assert patched.status_code == 200, patched.get_data(as_text=True)
    assert patched.get_json()["data"]["scheduledFor"] == expected


@pytest.mark.parametrize(
    "fields, field",
    [
        ({"scheduledFor": "2027-03-01T09:30:00"}, "scheduledFor"),
        ({"scheduledFor": "next tuesday"}, "scheduledFor"),
        ({"scheduledFor": -1}, "scheduledFor"),
        ({"scheduledFor": True}, "scheduledFor"),
        ({"scheduledFor": "2027-03-01T09:30:00", "timezone": "Mars/Olympus"}, "timezone"),
        ({"content": ""}, "content"),
        ({"content": "  \n "}, "content"),
        ({"content": "x" * 10_001}, "content"),
        ({"content": None}, "content"),
        ({"channelId": "ch_doesnotexist"}, "channelId"),
        ({"media": ["med_unknown.png"]}, "media[0]"),
        ({"status": "done"}, "status"),
        ({"status": "publishing"}, "status"),
        ({"scheduled_for": NOW}, "scheduled_for"),
        ({"attempts": 3}, "attempts"),
    ],
)
def test_create_validation(api, channel, fields, field):
    response = api.post("/v1/posts", json={"channelId": channel, "content": "Hello", **fields})
    assert response.status_code == 400, response.get_data(as_text=True)
    error = response.get_json()["error"]
    assert error["code"] == "VALIDATION_ERROR"
    assert field in [detail["field"] for detail in error["details"]]
    assert Post.select().count() == 0 and Event.select().count() == 0


def test_content_is_required_without_media(api, channel):
    response = api.post("/v1/posts", json={"channelId": channel})
    assert response.status_code == 400
    assert response.get_json()["error"]["details"] == [
        {"field": "content", "message": "is required unless media is given"}
    ]
    response = api.post("/v1/posts", json={"content": "x"})
    assert response.get_json()["error"]["details"][0]["field"] == "channelId"


@pytest.mark.storage
def test_content_of_exactly_10000_characters_is_accepted(api, channel):
    assert len(create(api, channel, content="é" * 10_000)["content"]) == 10_000


def test_another_accounts_channel_is_a_validation_error_not_a_leak(api, make_key, channel):
    other = api.as_key(make_key(account="globex"))
    response = other.post("/v1/posts", json={"channelId": channel, "content": "mine now"})
    assert response.status_code == 400
    assert response.get_json()["error"]["details"] == [{"field": "channelId", "message": "no such channel"}]
    tester = api.as_key(make_key(mode="test"))
    assert tester.post("/v1/posts", json={"channelId": channel, "content": "x"}).status_code == 400


@pytest.mark.storage
def test_other_accounts_and_modes_get_404(api, make_key, channel):
    post = create(api, channel)
    for stranger in (make_key(account="globex"), make_key(mode="test")):
        other = api.as_key(stranger)
        assert other.get(f"/v1/posts/{post['id']}").status_code == 404
        assert other.patch(f"/v1/posts/{post['id']}", json={"content": "x"}).status_code == 404
        assert other.delete(f"/v1/posts/{post['id']}").status_code == 404
        assert other.get("/v1/posts").get_json()["meta"]["pagination"]["total"] == 0
    assert api.get(f"/v1/posts/{post['id']}").get_json()["data"] == post


@pytest.mark.storage
def test_post_created_event_is_recorded_with_the_post(api, channel):
    post = create(api, channel, scheduledFor=NOW + 5)
    draft = create(api, channel, status="draft")
    events = {e.data and json.loads(e.data)["post_id"]: e for e in Event.select()}
    assert json.loads(events[post["id"]].data) == {
        "post_id": post["id"],
        "channel_id": channel,
        "scheduled_for": NOW + 5,
        "status": "queued",
    }
    assert events[post["id"]].type == "post.created"
    assert json.loads(events[draft["id"]].data)["status"] == "draft"


# Editing rules ------------------------------------------------------------------

EDITABLE = ["draft", "queued", "failed", "blocked"]
LOCKED = ["publishing", "done"]


@pytest.mark.storage
@pytest.mark.parametrize("status", EDITABLE)
def test_patch_is_allowed_and_requeues(api, channel, clock_at, status):
    post = create(api, channel, status="draft" if status == "draft" else "queued")
    force_status(
        post["id"],
        status,
        attempts=2,
        next_attempt_at=NOW + 900,
        last_error_code="X",
        last_error_message="boom",
    )
    clock_at(NOW + 1000)
    response = api.patch(f"/v1/posts/{post['id']}", json={"content": "Edited", "scheduledFor": NOW + 5000})
    assert response.status_code == 200, response.get_data(as_text=True)
    data = response.get_json()["data"]
    assert data["content"] == "Edited" and data["scheduledFor"] == NOW + 5000
    assert data["status"] == ("draft" if status == "draft" else "queued")
    assert data["attempts"] == 0 and data["nextAttemptAt"] is None and data["lastError"] is None
    assert data["updatedAt"] == NOW + 1000
    row = Post.get_by_id(post["id"])
    assert row.due_at == (None if status == "draft" else NOW + 5000)


@pytest.mark.storage
@pytest.mark.parametrize("status", LOCKED)
def test_patch_is_refused_while_publishing_or_done(api, channel, status):
    post = create(api, channel)
    force_status(post["id"], status)
    response = api.patch(f"/v1/posts/{post['id']}", json={"content": "Too late"})
    assert response.status_code == 409
    error = response.get_json()["error"]
    assert error["code"] == "POST_NOT_EDITABLE" and error["type"] == "conflict_error"
    assert status in error["message"]
    assert Post.get_by_id(post["id"]).content == "Hello"


@pytest.mark.storage
@pytest.mark.parametrize(
    "start, body, expected",
    [
        ("draft", {"status": "queued"}, "queued"),
        ("draft", {"content": "still held"}, "draft"),
        ("queued", {"status": "draft"}, "draft"),
        ("failed", {"status": "draft"}, "draft"),
        ("blocked", {}, "queued"),
    ],
)
def test_status_transitions_by_patch(api, channel, start, body, expected):
    post = create(api, channel, status="draft" if start == "draft" else "queued")
    force_status(post["id"], start)
    response = api.patch(f"/v1/posts/{post['id']}", json=body)
    assert response.status_code == 200
    assert response.get_json()["data"]["status"] == expected


@pytest.mark.parametrize("status", ["done", "publishing", "failed", "blocked"])
def test_patch_cannot_set_worker_statuses(api, channel, status):
    post = create(api, channel)
    response = api.patch(f"/v1/posts/{post['id']}", json={"status": status})
    assert response.status_code == 400
    assert Post.get_by_id(post["id"]).status == "queued"


@pytest.mark.storage
def test_patch_moves_a_post_to_another_own_channel_only(api, make_key, channel):
    post = create(api, channel)
    second = api.post("/v1/channels", json={"name": "Second"}).get_json()["data"]["id"]
    assert (
        api.patch(f"/v1/posts/{post['id']}", json={"channelId": second}).get_json()["data"]["channelId"]
        == second
    )
    foreign = (
        api.as_key(make_key(account="globex")).post("/v1/channels", json={"name": "G"}).get_json()["data"]
    )
    response = api.patch(f"/v1/posts/{post['id']}", json={"channelId": foreign["id"]})
    assert response.status_code == 400
    assert response.get_json()["error"]["details"] == [{"field": "channelId", "message": "no such channel"}]
    assert Post.get_by_id(post["id"]).channel_id == second


def test_patch_reads_local_times_in_the_stored_timezone(api, channel):
    post = create(api, channel, scheduledFor="2027-07-01T09:00:00", timezone="Europe/Berlin")
    data = api.patch(f"/v1/posts/{post['id']}", json={"scheduledFor": "2027-07-02T09:00:00"}).get_json()[
        "data"
    ]
    assert data["scheduledFor"] == ms("2027-07-02T07:00:00+00:00")
    data = api.patch(
        f"/v1/posts/{post['id']}", json={"scheduledFor": "2027-07-02T09:00:00", "timezone": "Europe/London"}
    ).get_json()["data"]
    assert data["scheduledFor"] == ms("2027-07-02T08:00:00+00:00") and data["timezone"] == "Europe/London"
    plain = create(api, channel)
    response = api.patch(f"/v1/posts/{plain['id']}", json={"scheduledFor": "2027-07-02T09:00:00"})
    assert response.status_code == 400
    assert response.get_json()["error"]["details"][0]["field"] == "scheduledFor"


@pytest.mark.storage
def test_patch_resets_unfinished_targets_and_keeps_published_ones(api, channel):
    post = create(api, channel)
    force_status(post["id"], "blocked")
    for status in ("published", "failed", "unconfirmed"):
        PostTarget.add(post["id"], platform="sandbox", status=status, error_code="E", error_message="m")
    data = api.patch(f"/v1/posts/{post['id']}", json={}).get_json()["data"]
    assert sorted(t["status"] for t in data["targets"]) == ["pending", "pending", "published"]
    assert [t["error"] for t in data["targets"] if t["status"] == "pending"] == [None, None]


@pytest.mark.storage
@pytest.mark.parametrize("status", ["draft", "queued", "failed", "blocked", "done"])
def test_delete_in_any_state_but_publishing(api, channel, status):
    post = create(api, channel)
    force_status(post["id"], status)
    PostTarget.add(post["id"], platform="sandbox", status="published")
    response = api.delete(f"/v1/posts/{post['id']}")
    assert response.status_code == 200
    assert response.get_json() == {"data": {"id": post["id"], "deleted": True}}
    assert api.get(f"/v1/posts/{post['id']}").status_code == 404
    assert PostTarget.select().count() == 0


@pytest.mark.storage
def test_delete_while_publishing_is_409(api, channel):
    post = create(api, channel)
    force_status(post["id"], "publishing")
    response = api.delete(f"/v1/posts/{post['id']}")
    assert response.status_code == 409
    assert response.get_json()["error"]["code"] == "POST_NOT_EDITABLE"
    assert Post.get_or_none(Post.id == post["id"]) is not None


@pytest.mark.storage
def test_deleting_a_channel_deletes_its_posts_unless_one_is_publishing(api, channel):
    first = create(api, channel)
    second = create(api, channel)
    force_status(second["id"], "publishing")
    response = api.delete(f"/v1/channels/{channel}")
    assert response.status_code == 409
    assert response.get_json()["error"]["code"] == "CHANNEL_BUSY"
    assert api.get(f"/v1/posts/{first['id']}").status_code == 200

    force_status(second["id"], "done")
    assert api.delete(f"/v1/channels/{channel}").status_code == 200
    assert Post.select().count() == 0
    assert api.get("/v1/posts").get_json()["meta"]["pagination"]["total"] == 0
