"""POST /v1/posts/import and GET /v1/imports/:id through the API in test mode: a dry run
names bad rows and creates nothing; a real run creates each row once, in chunks, with
its progress and one import.completed event (docs/imports.md)."""

import json

import pytest

from models import TEST, Event, Import, Post
from tests.imports.conftest import HEADER, T, csv_file, run_worker, send
from tests.support.client import assert_error

# Imports are leased, chunked transactions and a unique file key: each backend's.
pytestmark = pytest.mark.storage


@pytest.fixture
def tester(api, make_key):
    return api.as_key(make_key(mode=TEST))


@pytest.fixture
def sandbox(tester, clock_at):
    clock_at(T)
    return tester.post("/v1/channels", json={"name": "Sandbox"}).get_json()["data"]["id"]


def with_bad_row(channel):
    """Four rows; the one on line 4 has a time that is no time."""
    return (
        f"{HEADER}\n"
        f"{channel},First,{T + 3_600_000}\n"
        f"{channel},Second,2027-01-16T09:00:00Z\n"
        f"{channel},Third,next tuesday\n"
        f"{channel},Fourth,\n"
    ).encode()


def test_a_dry_run_names_the_bad_rows_line_and_creates_nothing(tester, sandbox):
    response = send(tester, with_bad_row(sandbox), dry_run=True)
    assert response.status_code == 200, response.get_json()
    data = response.get_json()["data"]
    assert data["dryRun"] is True and data["status"] == "done"
    assert (data["total"], data["accepted"], data["created"]) == (4, 3, 0)
    assert data["rejected"] == [
        {"line": 4, "errors": [{"field": "scheduledFor", "message": "is not a valid ISO 8601 timestamp"}]}
    ]
    assert Post.select().count() == 0 and Event.select().count() == 0
    assert tester.get(response.headers["Location"]).get_json()["data"] == data
    assert run_worker(tester.client.application) == 0


def test_a_dry_run_is_kept_as_its_report_and_never_stands_for_the_file(tester, sandbox):
    """docs/imports.md, Dry run: GET /v1/imports/:id answers a dry run as it answered,
    before and after the real run of the same file, which it does not stand in for."""
    body = with_bad_row(sandbox)
    checked = send(tester, body, dry_run=True)
    report = checked.get_json()["data"]
    assert checked.headers["Location"].endswith(f"/v1/imports/{report['id']}")
    started = send(tester, body)
    real = started.get_json()["data"]["id"]
    assert started.status_code == 202 and real != report["id"]
    run_worker(tester.client.application)
    again = tester.get(f"/v1/imports/{report['id']}")
    assert again.status_code == 200 and again.get_json()["data"] == report
    assert Post.select().count() == 3
    completed = Event.select().where(Event.type == "import.completed")
    assert [json.loads(event.data)["import_id"] for event in completed] == [real]
    # A dry run after the import checks the file anew: a report of its own.
    assert send(tester, body, dry_run=True).get_json()["data"]["id"] not in (report["id"], real)


def test_the_real_run_twice_creates_the_rows_once(tester, sandbox):
    first = send(tester, with_bad_row(sandbox))
    assert first.status_code == 202, first.get_json()
    started = first.get_json()["data"]
    assert (started["status"], started["total"], started["created"]) == ("pending", 4, 0)
    assert [row["line"] for row in started["rejected"]] == [4]
    assert run_worker(tester.client.application) == 1
    done = tester.get(f"/v1/imports/{started['id']}").get_json()["data"]
    assert (done["status"], done["created"], done["accepted"], len(done["rejected"])) == ("done", 3, 3, 1)
    assert done["completedAt"] is not None
    contents = [post.content for post in Post.select().order_by(Post.scheduled_for)]
    assert contents == ["Fourth", "First", "Second"]  # no scheduledFor: as soon as possible

    again = send(tester, with_bad_row(sandbox))
    assert again.status_code == 202 and again.get_json()["data"]["id"] == started["id"]
    assert run_worker(tester.client.application) == 0
    assert Post.select().count() == 3 and Import.select().count() == 1
    completed = [json.loads(e.data) for e in Event.select().where(Event.type == "import.completed")]
    assert completed == [{"import_id": started["id"], "created": 3, "rejected": 1}]


def test_ndjson_rows_name_channels_by_id_or_name(tester, sandbox):
    lines = [
        {"channelId": sandbox, "content": "By id", "scheduledFor": T + 3_600_000},
        {"channel": "Sandbox", "content": "By name", "firstComment": "First!", "x.content": "On X"},
        {"channel": "Nowhere", "content": "No such channel"},
        "not an object",
        {"channelId": sandbox, "content": "Too", "colour": "red"},
    ]
    body = "\n".join(json.dumps(line) for line in lines).encode()
    response = send(tester, body, "application/x-ndjson")
    assert response.status_code == 202
    assert response.get_json()["data"]["format"] == "ndjson"
    run_worker(tester.client.application)
    data = tester.get(f"/v1/imports/{response.get_json()['data']['id']}").get_json()["data"]
    assert data["rejected"] == [
        {"line": 3, "errors": [{"field": "channel", "message": "no channel is named 'Nowhere'"}]},
        {"line": 4, "errors": [{"field": "line", "message": "is not a JSON object"}]},
        {"line": 5, "errors": [{"field": "colour", "message": "Unknown field."}]},
    ]
    named = Post.get(Post.content == "By name")
    assert named.channel_id == sandbox and named.first_comment_value == {"content": "First!"}
    assert named.platform_versions == {"x": {"content": "On X"}}


def test_rows_see_only_the_callers_channels(api, tester, sandbox):
    live_channel = api.post("/v1/channels", json={"name": "Sandbox"}).get_json()["data"]["id"]
    body = f"channelId,channel,content\n{live_channel},,Not mine\n,Sandbox,Mine\n".encode()
    data = send(tester, body, dry_run=True).get_json()["data"]
    assert data["rejected"] == [{"line": 2, "errors": [{"field": "channelId", "message": "no such channel"}]}]
    assert data["accepted"] == 1


def test_an_import_of_another_account_or_mode_is_404(api, tester, sandbox, make_key):
    created = send(tester, csv_file(sandbox, 1)).get_json()["data"]
    other = api.as_key(make_key(account="other", mode=TEST))
    assert_error(other.get(f"/v1/imports/{created['id']}"), 404, "NOT_FOUND")
    assert_error(api.get(f"/v1/imports/{created['id']}"), 404, "NOT_FOUND")
    assert tester.get(f"/v1/imports/{created['id']}").status_code == 200


def test_permissions_posts_write_to_import_posts_read_to_follow(tester, sandbox, make_key):
    reader = tester.as_key(make_key(mode=TEST, permissions=["posts:read"]))
    assert_error(send(reader, csv_file(sandbox, 1)), 403, "INSUFFICIENT_PERMISSIONS")
    created = send(tester, csv_file(sandbox, 1)).get_json()["data"]
    assert reader.get(f"/v1/imports/{created['id']}").status_code == 200


def test_an_idempotency_key_replays_the_first_answer(tester, sandbox):
    body, key = csv_file(sandbox, 2), {"Idempotency-Key": "import-1"}
    first = send(tester, body, headers=key)
    replay = send(tester, body, headers=key)
    assert replay.status_code == 200 and replay.headers["Idempotent-Replayed"] == "true"
    assert replay.get_json() == first.get_json()
    assert_error(send(tester, csv_file(sandbox, 3), headers=key), 422, "IDEMPOTENCY_KEY_REUSED")
    assert Import.select().count() == 1


def test_platform_columns_are_checked_by_the_platforms_rules(tester, sandbox):
    connected = tester.post("/v1/connections/sandbox", json={"platform": "x", "channelId": sandbox})
    assert connected.status_code == 201, connected.get_json()
    body = f"channelId,content,x.content\n{sandbox},Fine,{'x' * 281}\n{sandbox},Fine,Short\n".encode()
    data = send(tester, body, dry_run=True).get_json()["data"]
    assert [(row["line"], [e["field"] for e in row["errors"]]) for row in data["rejected"]] == [
        (2, ["x.content"])
    ]
    assert "280" in data["rejected"][0]["errors"][0]["message"]
