"""`queue: true` rows take the next free slots of their channel's posting schedule, as
`queue: true` on POST /v1/posts does; a channel without one, or with it paused,
rejects its queue rows by name (docs/imports.md, Columns)."""

import pytest

from models import Post
from tests.imports.conftest import run_worker, send

# Slots are taken under the schedule's lock, a chunk per transaction: each backend's.
pytestmark = pytest.mark.storage

MONDAYS = {"timezone": "Europe/Berlin", "slots": [{"day": "mon", "time": "09:00"}], "maxPerSlot": 1}


def test_queue_rows_take_distinct_slots_and_a_channel_without_a_schedule_is_named(api, channel, app):
    assert api.request("PUT", f"/v1/channels/{channel}/schedule", json=MONDAYS).status_code == 200
    bare = api.post("/v1/channels", json={"name": "Unscheduled"}).get_json()["data"]["id"]
    rows = [f"{channel},Queued {n},true" for n in range(3)] + [
        f"{bare},Nowhere,true",
        f"{channel},Draft,yes,draft",
    ]
    body = ("channelId,content,queue,status\n" + "\n".join(rows) + "\n").encode()
    checked = send(api, body, dry_run=True).get_json()["data"]
    refused = {row["line"]: row["errors"] for row in checked["rejected"]}
    assert refused[5] == [
        {
            "field": "queue",
            "message": "the channel has no posting schedule with slots (PUT /v1/channels/{id}/schedule)",
        }
    ]
    assert refused[6] == [{"field": "queue", "message": "takes queued posts, not drafts"}]
    assert checked["accepted"] == 3

    started = send(api, body).get_json()["data"]
    run_worker(app)
    done = api.get(f"/v1/imports/{started['id']}").get_json()["data"]
    assert (done["created"], [row["line"] for row in done["rejected"]]) == (3, [5, 6])
    slots = [post.scheduled_for for post in Post.select().order_by(Post.scheduled_for)]
    free = api.get(f"/v1/channels/{channel}/next-slots?count=3").get_json()["data"]["slots"]
    assert len(set(slots)) == 3 and all(post.slot is not None for post in Post.select())
    assert min(slot["scheduledFor"] for slot in free) > max(slots)


def test_a_paused_schedule_rejects_the_queue_rows(api, channel, app):
    assert (
        api.request("PUT", f"/v1/channels/{channel}/schedule", json={**MONDAYS, "paused": True}).status_code
        == 200
    )
    body = f"channelId,content,queue\n{channel},Queued,true\n{channel},Scheduled,\n".encode()
    started = send(api, body).get_json()["data"]
    run_worker(app)
    done = api.get(f"/v1/imports/{started['id']}").get_json()["data"]
    assert done["created"] == 1
    assert done["rejected"] == [
        {"line": 2, "errors": [{"field": "queue", "message": "the channel's posting schedule is paused"}]}
    ]
