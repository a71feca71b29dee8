"""Threads, first comments and per-platform versions through the API, in test mode: a
channel with simulated X and LinkedIn connections, published by the sandbox with each
platform's rules (docs/api.md, Versions, threads and first comments)."""

import json

import pytest

from models import Event, PostPart, SandboxPublication
from postline import db
from postline.platforms.linkedin import limits as linkedin_limits
from postline.posts import publishing
from postline.posts.publishing import comments, writes
from tests.support.client import assert_error

pytestmark = pytest.mark.storage

T = 1_800_000_000_000
SETTINGS = {"retry_delays": [60, 300, 900, 3600], "concurrency": 2, "batch_size": 20, "timeout": 1}
LEASE_MS = 120_000


@pytest.fixture
def tester(api, make_key, clock_at):
    """A test-mode client with a channel connected to simulated X and LinkedIn accounts."""
    clock_at(T)
    client = api.as_key(make_key(mode="test"))
    client.channel = client.post("/v1/channels", json={"name": "Launch"}).get_json()["data"]["id"]
    for platform in ("x", "linkedin"):
        body = {"platform": platform, "channelId": client.channel, "username": f"acme_{platform}"}
        assert client.post("/v1/connections/sandbox", json=body).status_code == 201
    return client


def create(client, **fields):
    response = client.post("/v1/posts", json={"channelId": client.channel, **fields})
    assert response.status_code == 201, response.get_data(as_text=True)
    return response.get_json()


def run_worker():
    results = {}
    while batch := publishing.claim_batch("worker-1", LEASE_MS, 5):
        results.update(publishing.publish_batch(batch, SETTINGS, LEASE_MS))
    return results


def targets_of(client, post_id):
    targets = client.get(f"/v1/posts/{post_id}").get_json()["data"]["targets"]
    return {target["platform"]: target for target in targets}


THREAD = {
    "content": "We launch today.",
    "thread": [{"content": "Part two: the API."}, {"content": "Part three: the console."}],
    "firstComment": {"content": "Docs: https://example.com/docs"},
    "platforms": {"linkedin": {"thread": []}},
}


def test_a_thread_and_a_first_comment_publish_as_parts_in_order(tester):
    post_id = create(tester, **THREAD)["data"]["id"]
    assert run_worker() == {post_id: "done"}
    targets = targets_of(tester, post_id)
    x, linkedin = targets["x"], targets["linkedin"]
    assert [(p["index"], p["kind"], p["content"]) for p in x["parts"]] == [
        (0, "post", "We launch today."),
        (1, "reply", "Part two: the API."),
        (2, "reply", "Part three: the console."),
        (3, "comment", "Docs: https://example.com/docs"),
    ]
    assert [(p["kind"], p["content"]) for p in linkedin["parts"]] == [
        ("post", "We launch today."),
        ("comment", "Docs: https://example.com/docs"),
    ]
    for part in x["parts"] + linkedin["parts"]:
        assert part["status"] == "published" and part["platformPostId"]
    assert x["parts"][0]["url"] == f"https://x.com/acme_x/status/{x['parts'][0]['platformPostId']}"
    assert x["platformPostId"] == x["parts"][0]["platformPostId"] and x["status"] == "published"
    assert linkedin["parts"][0]["platformPostId"].startswith("urn:li:share:")
    assert linkedin["parts"][1]["platformPostId"].startswith(f"urn:li:comment:({linkedin['platformPostId']},")
    # The sandbox got each part once, in order within each target.
    published = [
        (row.target_id, row.position) for row in SandboxPublication.select().order_by(SandboxPublication.id)
    ]
    assert sorted(published) == sorted(set(published)) and len(published) == 6
    for target_id in {target_id for target_id, _ in published}:
        positions = [position for each, position in published if each == target_id]
        assert positions == sorted(positions)


def test_a_part_that_fails_once_is_retried_without_sending_the_parts_before_it(tester, clock_at):
    post_id = create(
        tester,
        content="One",
        thread=[{"content": "Two #sandbox:fail-once"}, {"content": "Three"}],
        platforms={"linkedin": {"thread": []}},
    )["data"]["id"]
    assert run_worker() == {post_id: "failed"}
    x = targets_of(tester, post_id)["x"]
    assert [p["status"] for p in x["parts"]] == ["published", "failed", "pending"]
    first = x["parts"][0]["platformPostId"]
    assert SandboxPublication.select().where(SandboxPublication.position == 0).count() == 2  # X and LinkedIn
    clock_at(T + 60_000)
    assert run_worker() == {post_id: "done"}
    x = targets_of(tester, post_id)["x"]
    assert [p["status"] for p in x["parts"]] == ["published"] * 3
    assert x["parts"][0]["platformPostId"] == first
    assert SandboxPublication.select().where(SandboxPublication.position == 0).count() == 2, (
        "part 1 sent twice"
    )
    assert SandboxPublication.select().count() == 4


def test_a_platform_version_is_what_that_platform_is_sent(tester):
    post_id = create(
        tester, content="For everyone", platforms={"x": {"content": "For X only"}, "linkedin": {"thread": []}}
    )["data"]["id"]
    run_worker()
    targets = targets_of(tester, post_id)
    assert targets["x"]["parts"][0]["content"] == "For X only"
    assert targets["linkedin"]["parts"][0]["content"] == "For everyone"


def test_each_field_is_checked_against_its_platform_and_named_as_sent(tester):
    long = "x" * 291
    response = tester.post(
        "/v1/posts",
        json={
            "channelId": tester.channel,
            "content": "Fine",
            "platforms": {"x": {"thread": [{"content": "a"}, {"content": "b"}, {"content": long}]}},
        },
    )
    assert_error(response, 400, "VALIDATION_ERROR")
    details = response.get_json()["error"]["details"]
    assert {
        "field": "platforms.x.thread[2].content",
        "message": "x: 291 of 280 weighted characters",
    } in details
    # LinkedIn has no threads: the post's own thread is refused for it, named as sent.
    response = tester.post(
        "/v1/posts", json={"channelId": tester.channel, "content": "Hi", "thread": [{"content": "b"}]}
    )
    assert_error(response, 400, "VALIDATION_ERROR")
    [problem] = response.get_json()["error"]["details"]
    assert problem["field"] == "thread" and problem["message"].startswith("linkedin: has no threads")
    assert tester.get("/v1/posts").get_json()["meta"]["pagination"]["total"] == 0


def test_tiktok_takes_no_first_comment(tester):
    body = {"platform": "tiktok", "channelId": tester.channel}
    assert tester.post("/v1/connections/sandbox", json=body).status_code == 201
    response = tester.post(
        "/v1/posts",
        json={
            "channelId": tester.channel,
            "content": "A video",
            "platforms": {"tiktok": {"firstComment": {"content": "Hello"}}},
        },
    )
    assert_error(response, 400, "VALIDATION_ERROR")
    details = response.get_json()["error"]["details"]
    assert any(
        d["field"] == "platforms.tiktok.firstComment" and d["message"].startswith("tiktok:") for d in details
    )


def test_a_tiktok_first_comment_is_refused_on_a_channel_without_tiktok(tester):
    # The bar: a channel with simulated X and LinkedIn connections only.
    response = tester.post(
        "/v1/posts",
        json={
            "channelId": tester.channel,
            "content": "A video",
            "platforms": {"tiktok": {"firstComment": {"content": "Hello"}}},
        },
    )
    assert_error(response, 400, "VALIDATION_ERROR")
    [detail] = response.get_json()["error"]["details"]
    assert detail["field"] == "platforms.tiktok.firstComment" and detail["message"].startswith("tiktok:")


@pytest.mark.parametrize(
    "fields, field, message",
    [
        (
            {"platforms": {"instagram": {"thread": [{"content": "Two"}]}}},
            "platforms.instagram.thread",
            "instagram: has no threads",
        ),
        # The post's own first comment, which the version takes: named as sent.
        (
            {
                "firstComment": {"content": "Link in bio"},
                "platforms": {"instagram": {"options": {"type": "story"}}},
            },
            "firstComment",
            "instagram: a story takes no comments",
        ),
    ],
)
def test_a_version_for_a_platform_the_channel_lacks_is_checked_for_its_shape(tester, fields, field, message):
    response = tester.post("/v1/posts", json={"channelId": tester.channel, "content": "Hi", **fields})
    assert_error(response, 400, "VALIDATION_ERROR")
    details = response.get_json()["error"]["details"]
    assert [d["field"] for d in details if d["message"].startswith(message)] == [field], details


def test_a_version_for_a_platform_the_channel_lacks_is_kept_with_a_warning(tester):
    answer = create(
        tester, content="Hi", platforms={"instagram": {"content": "Later"}, "linkedin": {"thread": []}}
    )
    assert answer["warnings"] == [
        {
            "field": "platforms.instagram",
            "message": "the channel has no instagram connection; the version waits until it has one",
        }
    ]
    assert answer["data"]["platforms"]["instagram"] == {"content": "Later"}
    assert "warnings" not in create(tester, content="No versions")


@pytest.mark.parametrize("field", ["thread", "platforms.x.thread"])
def test_a_thread_holds_at_most_25_follow_up_parts(tester, field):
    def body(count):
        thread = [{"content": f"Part {index + 2}"} for index in range(count)]
        if field == "thread":
            return {"content": "One", "thread": thread, "platforms": {"linkedin": {"thread": []}}}
        return {"content": "One", "platforms": {"x": {"thread": thread}}}

    assert create(tester, **body(25))["data"]["id"]
    response = tester.post("/v1/posts", json={"channelId": tester.channel, **body(26)})
    assert_error(response, 400, "VALIDATION_ERROR")
    assert [d["field"] for d in response.get_json()["error"]["details"]] == [field]


def test_warnings_are_answered_on_patch_and_on_batch_create(tester):
    waiting = {"instagram": {"content": "Later"}}
    post_id = create(tester, content="Hi")["data"]["id"]
    patched = tester.patch(f"/v1/posts/{post_id}", json={"platforms": waiting})
    assert patched.status_code == 200, patched.get_data(as_text=True)
    [warning] = patched.get_json()["warnings"]
    assert warning["field"] == "platforms.instagram"
    assert warning["message"].startswith("the channel has no instagram connection")
    items = [{"channelId": tester.channel, "content": "A"}, {"channelId": tester.channel, "content": "B"}]
    items[1]["platforms"] = waiting
    batch = tester.post("/v1/posts/batch", json={"posts": items})
    assert batch.status_code == 201, batch.get_data(as_text=True)
    assert [w["field"] for w in batch.get_json()["warnings"]] == ["posts[1].platforms.instagram"]
    assert len(batch.get_json()["data"]) == 2


def test_only_parts_not_yet_sent_may_change(tester, clock_at):
    post_id = create(
        tester,
        content="One",
        thread=[{"content": "Two #sandbox:fail"}],
        platforms={"linkedin": {"thread": []}},
    )["data"]["id"]
    assert run_worker() == {post_id: "failed"}
    changed = tester.patch(f"/v1/posts/{post_id}", json={"content": "One, edited"})
    assert_error(changed, 409, "POST_NOT_EDITABLE")
    assert changed.get_json()["error"]["details"] == [{"field": "content", "message": "already published"}]
    fixed = tester.patch(f"/v1/posts/{post_id}", json={"thread": [{"content": "Two, fixed"}]})
    assert fixed.status_code == 200, fixed.get_data(as_text=True)
    clock_at(T + 1)
    assert run_worker() == {post_id: "done"}
    x = targets_of(tester, post_id)["x"]
    assert [p["content"] for p in x["parts"]] == ["One", "Two, fixed"]


def test_a_failing_first_comment_never_holds_its_post_back(tester, clock_at):
    post_id = create(
        tester,
        content="Out",
        firstComment={"content": "Later #sandbox:fail-once"},
        platforms={"linkedin": {}},
    )["data"]["id"]
    assert run_worker() == {post_id: "done"}
    x = targets_of(tester, post_id)["x"]
    assert x["status"] == "published"
    comment = x["parts"][1]
    assert comment["status"] == "failed" and comment["nextAttemptAt"] == T + 60_000
    clock_at(T + 60_000)
    assert comments.retry_due(SETTINGS, "worker-1", LEASE_MS) == 2  # X's and LinkedIn's
    x = targets_of(tester, post_id)["x"]
    assert x["parts"][1]["status"] == "published" and x["parts"][1]["nextAttemptAt"] is None


def test_a_first_comment_retried_on_its_own_is_held_to_its_platform_s_rules(tester, clock_at, monkeypatch):
    post_id = create(
        tester,
        content="Out",
        firstComment={"content": "Later #sandbox:fail-once"},
        platforms={"linkedin": {}},
    )["data"]["id"]
    assert run_worker() == {post_id: "done"}
    # LinkedIn's rules as the sandbox knows them tighten before the retry (as a newer
    # Postline's would): the retry meets them as its first attempt met them.
    monkeypatch.setattr(linkedin_limits, "COMMENT_LIMIT", 10)
    clock_at(T + 60_000)
    assert comments.retry_due(SETTINGS, "worker-1", LEASE_MS) == 2
    targets = targets_of(tester, post_id)
    assert targets["x"]["parts"][1]["status"] == "published"
    comment = targets["linkedin"]["parts"][1]
    assert comment["status"] == "failed" and comment["error"]["code"] == "CONTENT_REFUSED"
    assert comment["error"]["message"].startswith("linkedin: a comment has at most 10 characters")
    assert SandboxPublication.select().where(SandboxPublication.position == 1).count() == 1  # X's alone
    [failed] = [json.loads(e.data) for e in Event.select().where(Event.type == "post.comment_failed")]
    assert failed["platform"] == "linkedin" and failed["error"]["code"] == "CONTENT_REFUSED"


def test_a_first_comment_whose_retries_run_out_is_reported_under_a_done_post(tester, clock_at):
    post_id = create(
        tester, content="Out", firstComment={"content": "Never #sandbox:fail"}, platforms={"linkedin": {}}
    )["data"]["id"]
    assert run_worker() == {post_id: "done"}
    at = T
    for delay in SETTINGS["retry_delays"]:  # tried again on the posts' schedule, then no more
        at += delay * 1000
        assert {t["parts"][1]["nextAttemptAt"] for t in targets_of(tester, post_id).values()} == {at}
        assert not Event.select().where(Event.type == "post.comment_failed").exists()
        clock_at(at)
        assert comments.retry_due(SETTINGS, "worker-1", LEASE_MS) == 2  # X's and LinkedIn's
    for target in targets_of(tester, post_id).values():
        assert target["status"] == "published"
        assert target["parts"][1]["status"] == "failed" and target["parts"][1]["nextAttemptAt"] is None
    post = tester.get(f"/v1/posts/{post_id}").get_json()["data"]
    assert post["status"] == "done"
    failed = [json.loads(e.data) for e in Event.select().where(Event.type == "post.comment_failed")]
    assert sorted(event["platform"] for event in failed) == ["linkedin", "x"]
    assert {event["error"]["code"] for event in failed} == {"SANDBOX_FAILURE"}
    assert Event.select().where(Event.type == "post.delivered").count() == 1


def test_a_first_comment_that_fails_for_good_is_reported(tester):
    post_id = create(
        tester, content="Out", firstComment={"content": "Never #sandbox:block"}, platforms={"linkedin": {}}
    )["data"]["id"]
    assert run_worker() == {post_id: "done"}
    failed = [json.loads(e.data) for e in Event.select().where(Event.type == "post.comment_failed")]
    assert sorted(event["platform"] for event in failed) == ["linkedin", "x"]
    assert failed[0]["post_id"] == post_id and failed[0]["part_index"] == 1
    assert failed[0]["error"]["code"] == "SANDBOX_BLOCKED"


def test_simulated_connections_are_for_test_mode_and_listed_like_any(api, tester):
    channel = api.post("/v1/channels", json={"name": "Live"}).get_json()["data"]["id"]
    refused = api.post("/v1/connections/sandbox", json={"platform": "x", "channelId": channel})
    assert_error(refused, 403, "INSUFFICIENT_PERMISSIONS")
    assert refused.get_json()["error"]["details"][0]["field"] == "mode"
    listed = tester.get("/v1/connections").get_json()["data"]
    assert sorted((c["platform"], c["provider"], c["simulated"]) for c in listed) == [
        ("linkedin", "linkedin", True),
        ("x", "x", True),
    ]
    unknown = tester.post(
        "/v1/connections/sandbox", json={"platform": "myspace", "channelId": tester.channel}
    )
    assert_error(unknown, 400, "VALIDATION_ERROR")


def test_a_first_comment_its_worker_died_sending_is_reported_with_its_post(tester, clock_at):
    post_id = create(tester, content="Out", firstComment={"content": "Later"}, platforms={"linkedin": {}})[
        "data"
    ]["id"]
    [claimed] = publishing.claim_batch("dead-worker", LEASE_MS, 1)
    with db.database.atomic():
        writes.start([claimed], LEASE_MS)
    # The dead worker published the posts, then died while sending the comments.
    PostPart.update(status="published", platform_post_id="1", url="https://x.com/p/1").where(
        (PostPart.post_id == post_id) & (PostPart.kind == "post")
    ).execute()
    PostPart.update(status="sending").where(
        (PostPart.post_id == post_id) & (PostPart.kind == "comment")
    ).execute()
    clock_at(T + LEASE_MS)
    assert run_worker() == {post_id: "done"}
    comments = [part for target in targets_of(tester, post_id).values() for part in target["parts"][1:]]
    assert [part["status"] for part in comments] == ["unconfirmed", "unconfirmed"]
    failed = [json.loads(e.data) for e in Event.select().where(Event.type == "post.comment_failed")]
    assert sorted(event["platform"] for event in failed) == ["linkedin", "x"]
    assert {event["error"]["code"] for event in failed} == {"DELIVERY_UNCONFIRMED"}


def simulated_channel(client, *platforms):
    """A new channel of `client`'s with simulated connections of `platforms`; its id."""
    channel = client.post("/v1/channels", json={"name": "Later"}).get_json()["data"]["id"]
    for platform in platforms:
        simulate(client, channel, platform)
    return channel


def simulate(client, channel, platform):
    body = {"platform": platform, "channelId": channel, "username": f"acme_{platform}"}
    answer = client.post("/v1/connections/sandbox", json=body)
    assert answer.status_code == 201, answer.get_data(as_text=True)


@pytest.mark.parametrize(
    "platform, fields, message",
    [
        ("linkedin", {"thread": [{"content": "Two"}, {"content": "Three"}]}, "linkedin: has no threads"),
        ("tiktok", {"firstComment": {"content": "Docs"}}, "tiktok: takes no first comment"),
    ],
)
def test_a_platform_the_channel_gained_later_refuses_at_publish_what_it_has_none_of(
    tester, platform, fields, message
):
    tester.channel = simulated_channel(tester, "x")
    post_id = create(tester, content="One", **fields)["data"]["id"]
    simulate(tester, tester.channel, platform)  # after the post was checked, before it publishes
    assert run_worker() == {post_id: "failed"}
    targets = targets_of(tester, post_id)
    assert {part["status"] for part in targets["x"]["parts"]} == {"published"}
    refused = targets[platform]
    assert refused["status"] == "failed" and refused["error"]["code"] == "CONTENT_REFUSED"
    assert refused["error"]["message"].startswith(message)
    assert all(part["platformPostId"] is None for part in refused["parts"])
    # Nothing of it was sent: the sandbox holds X's parts alone.
    assert SandboxPublication.select().count() == len(targets["x"]["parts"])
    post = tester.get(f"/v1/posts/{post_id}").get_json()["data"]
    assert post["lastError"]["code"] == "CONTENT_REFUSED" and post["nextAttemptAt"] is None
