"""The post lifecycle (docs/api.md, Posts) and the test-mode sandbox,
driven through the worker's own functions with a controllable clock."""

import json
import logging
import threading

import pytest

from models import Event, Post, PostPart, PostTarget, SandboxPublication
from postline import db, logs, platforms
from postline.db import due, leases
from postline.posts import publishing
from postline.posts.publishing import writes
from tests.support import fakes
from tests.support.fake_platform import FakePlatform, Publisher

# Claims, leases and publishing outcomes: each backend's locking and transactions.
pytestmark = pytest.mark.storage

T = 1_800_000_000_000
SETTINGS = {"retry_delays": [60, 300, 900, 3600], "concurrency": 2, "batch_size": 20}
LEASE_MS = 120_000


@pytest.fixture
def tester(api, make_key, clock_at):
    """A test-mode client and a channel of its own."""
    clock_at(T)
    client = api.as_key(make_key(mode="test"))
    client.channel = client.post("/v1/channels", json={"name": "Sandbox"}).get_json()["data"]["id"]
    return client


@pytest.fixture
def live(api, clock_at):
    """A live-mode client and a channel of its own (no connections: tests add targets)."""
    clock_at(T)
    api.channel = api.post("/v1/channels", json={"name": "Live"}).get_json()["data"]["id"]
    return api


def create(client, content="Hello", **fields):
    response = client.post("/v1/posts", json={"channelId": client.channel, "content": content, **fields})
    assert response.status_code == 201, response.get_data(as_text=True)
    return response.get_json()["data"]["id"]


def run_worker(worker_id="worker-1", batch_size=3):
    """Publish everything due now, as one worker thread would; returns {post id: status}."""
    results = {}
    while batch := publishing.claim_batch(worker_id, LEASE_MS, batch_size):
        results.update(publishing.publish_batch(batch, SETTINGS, LEASE_MS))
    return results


def claim_one(worker_id="worker-1"):
    [post] = publishing.claim_batch(worker_id, LEASE_MS, 1)
    return post


def events_of(post_id, event_type=None):
    found = [json.loads(e.data) | {"type": e.type} for e in Event.select().order_by(Event.id)]
    return [e for e in found if e["post_id"] == post_id and (event_type is None or e["type"] == event_type)]


def test_test_mode_post_is_published_by_the_sandbox(tester, clock_at):
    post_id = create(tester)
    clock_at(T + 250)
    assert run_worker() == {post_id: "done"}
    post = tester.get(f"/v1/posts/{post_id}").get_json()["data"]
    assert post["status"] == "done" and post["attempts"] == 1
    assert post["deliveredAt"] == T + 250 and post["nextAttemptAt"] is None and post["lastError"] is None
    [target] = post["targets"]
    assert target["platform"] == "sandbox" and target["status"] == "published"
    assert target["platformPostId"].startswith("sbx_") and target["publishedAt"] == T + 250
    assert target["url"].endswith(target["platformPostId"])
    assert [p.content for p in SandboxPublication.select()] == ["Hello"]
    [delivered] = events_of(post_id, "post.delivered")
    assert delivered == {
        "type": "post.delivered",
        "post_id": post_id,
        "channel_id": tester.channel,
        "delivered_at": T + 250,
        "targets": [
            {
                "connection_id": None,
                "platform": "sandbox",
                "status": "published",
                "platform_post_id": target["platformPostId"],
                "url": target["url"],
                "published_at": T + 250,
                "parts": [
                    {
                        "index": 0,
                        "kind": "post",
                        "content": "Hello",
                        "status": "published",
                        "platform_post_id": target["platformPostId"],
                        "url": target["url"],
                        "error": None,
                    }
                ],
            }
        ],
    }
    assert run_worker() == {}


def test_a_post_waits_for_its_time_and_drafts_never_go(tester, clock_at):
    later = create(tester, scheduledFor=T + 60_000)
    create(tester, status="draft")
    assert run_worker() == {}
    clock_at(T + 59_999)
    assert run_worker() == {}
    clock_at(T + 60_000)
    assert run_worker() == {later: "done"}


def test_sandbox_fail_retries_on_the_schedule_then_fails_for_good(tester, clock_at):
    post_id = create(tester, content="Oops #sandbox:fail")
    now = T
    for attempt, delay in enumerate(SETTINGS["retry_delays"], start=1):
        assert run_worker() == {post_id: "failed"}
        post = tester.get(f"/v1/posts/{post_id}").get_json()["data"]
        assert post["attempts"] == attempt
        assert post["nextAttemptAt"] == now + delay * 1000
        assert post["lastError"]["code"] == "SANDBOX_FAILURE"
        clock_at(now + delay * 1000 - 1)
        assert run_worker() == {}, "retried early"
        now = clock_at(now + delay * 1000)
    assert run_worker() == {post_id: "failed"}
    post = tester.get(f"/v1/posts/{post_id}").get_json()["data"]
    assert post["attempts"] == 5 and post["nextAttemptAt"] is None
    assert Post.get_by_id(post_id).due_at is None
    failed = events_of(post_id, "post.failed")
    assert [e["will_retry"] for e in failed] == [True, True, True, True, False]
    assert failed[0] == {
        "type": "post.failed",
        "post_id": post_id,
        "channel_id": tester.channel,
        "error": {"code": "SANDBOX_FAILURE", "message": "The sandbox failed this post (#sandbox:fail)."},
        "attempt": 1,
        "will_retry": True,
        "next_attempt_at": T + 60_000,
    }
    clock_at(now + 10**9)
    assert run_worker() == {}


def test_sandbox_block_blocks_without_a_resume_time(tester):
    post_id = create(tester, content="Nope #sandbox:block")
    assert run_worker() == {post_id: "blocked"}
    post = tester.get(f"/v1/posts/{post_id}").get_json()["data"]
    assert post["nextAttemptAt"] is None and post["lastError"]["code"] == "SANDBOX_BLOCKED"
    assert events_of(post_id, "post.blocked") == [
        {
            "type": "post.blocked",
            "post_id": post_id,
            "channel_id": tester.channel,
            "reason": {
                "code": "SANDBOX_BLOCKED",
                "message": "The sandbox blocked this post (#sandbox:block).",
            },
            "next_attempt_at": None,
        }
    ]


def test_a_blocked_post_goes_again_after_a_patch(tester):
    post_id = create(tester, content="Nope #sandbox:block")
    run_worker()
    assert tester.patch(f"/v1/posts/{post_id}", json={"content": "Fixed"}).status_code == 200
    assert run_worker() == {post_id: "done"}
    assert tester.get(f"/v1/posts/{post_id}").get_json()["data"]["attempts"] == 1


def test_live_post_on_a_channel_without_connections_is_blocked(api, clock_at):
    clock_at(T)
    channel = api.post("/v1/channels", json={"name": "Live"}).get_json()["data"]["id"]
    post_id = api.post("/v1/posts", json={"channelId": channel, "content": "Hi"}).get_json()["data"]["id"]
    assert run_worker() == {post_id: "blocked"}
    post = api.get(f"/v1/posts/{post_id}").get_json()["data"]
    assert post["lastError"]["code"] == "NO_CONNECTIONS" and post["targets"] == []
    assert SandboxPublication.select().count() == 0


def test_an_edit_after_the_claim_wins_over_the_worker(tester, clock_at):
    post_id = create(tester)
    claimed = claim_one()
    assert tester.patch(f"/v1/posts/{post_id}", json={"scheduledFor": T + 3_600_000}).status_code == 200
    assert publishing.publish_batch([claimed], SETTINGS, LEASE_MS) == {post_id: None}
    assert Post.get_by_id(post_id).status == "queued"
    assert SandboxPublication.select().count() == 0


def test_a_delete_after_the_claim_wins_over_the_worker(tester):
    post_id = create(tester)
    claimed = claim_one()
    assert tester.delete(f"/v1/posts/{post_id}").status_code == 200
    assert publishing.publish_batch([claimed], SETTINGS, LEASE_MS) == {post_id: None}
    assert SandboxPublication.select().count() == 0


def test_publishing_posts_are_locked_against_edits(tester):
    post_id = create(tester)
    Post.update(status="publishing").where(Post.id == post_id).execute()
    assert tester.patch(f"/v1/posts/{post_id}", json={"content": "x"}).status_code == 409
    assert tester.delete(f"/v1/posts/{post_id}").status_code == 409


def test_concurrent_claimers_never_take_the_same_post(tester):
    ids = [
        p["id"]
        for p in tester.post(
            "/v1/posts/batch",
            json={"posts": [{"channelId": tester.channel, "content": f"n{i}"} for i in range(40)]},
        ).get_json()["data"]
    ]
    taken = {}
    errors = []

    def claimer(name):
        try:
            while batch := publishing.claim_batch(name, LEASE_MS, 3):
                for post in batch:
                    taken.setdefault(post.id, []).append(name)
                publishing.publish_batch(batch, SETTINGS, LEASE_MS)
        except Exception as error:  # noqa: BLE001 - surfaced by the assertion below
            errors.append(error)
        finally:
            db.close()

    threads = [threading.Thread(target=claimer, args=(f"w{i}",)) for i in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert not errors
    assert sorted(taken) == sorted(ids)
    assert all(len(names) == 1 for names in taken.values())
    assert SandboxPublication.select().count() == 40


# A platform whose calls leave the process ------------------------------------------


@pytest.fixture
def platform(monkeypatch):
    fake = FakePlatform()
    monkeypatch.setitem(platforms.PUBLISHERS, "fakeplatform", Publisher(fake))
    yield fake
    fakes.close(fake)


def with_targets(client, *platforms, content="Hello"):
    """A queued live post whose targets exist already (as connections will create them):
    test mode never calls a platform, so a platform's calls need a live post."""
    post_id = create(client, content=content)
    for platform in platforms:
        PostTarget.add(post_id, platform=platform, status="pending")
    return post_id


def test_a_confirmed_target_is_never_sent_again(live, platform, clock_at):
    post_id = with_targets(live, "sandbox", "fakeplatform")
    platform.replies = ["500"]
    assert run_worker() == {post_id: "failed"}
    assert SandboxPublication.select().count() == 1 and len(platform.received) == 1
    clock_at(T + 60_000)
    assert run_worker() == {post_id: "done"}
    assert SandboxPublication.select().count() == 1, "the sandbox target was sent twice"
    assert len(platform.received) == 2
    targets = live.get(f"/v1/posts/{post_id}").get_json()["data"]["targets"]
    assert sorted(t["status"] for t in targets) == ["published", "published"]


def test_a_time_out_after_sending_is_unconfirmed_and_never_resent(live, platform, clock_at):
    post_id = with_targets(live, "fakeplatform")
    platform.replies = ["hang"]
    assert run_worker() == {post_id: "blocked"}
    post = live.get(f"/v1/posts/{post_id}").get_json()["data"]
    assert post["lastError"]["code"] == "DELIVERY_UNCONFIRMED" and post["nextAttemptAt"] is None
    assert post["targets"][0]["status"] == "unconfirmed"
    clock_at(T + 10**8)
    assert run_worker() == {}
    assert len(platform.received) == 1
    # The client checked the platform and asks for a resend: a PATCH re-queues it.
    live.patch(f"/v1/posts/{post_id}", json={})
    assert run_worker() == {post_id: "done"}
    assert len(platform.received) == 2


def test_a_worker_that_died_mid_call_leaves_an_unconfirmed_target(live, platform, clock_at):
    post_id = with_targets(live, "fakeplatform")
    claimed = claim_one("dead-worker")
    # The dead worker got as far as marking the target sending, then vanished.
    Post.update(status="publishing").where(Post.id == post_id).execute()
    PostPart.update(status="sending").where(PostPart.post_id == post_id).execute()
    clock_at(T + LEASE_MS - 1)
    assert run_worker("survivor") == {}
    clock_at(T + LEASE_MS)
    assert run_worker("survivor") == {post_id: "blocked"}
    assert platform.received == []
    assert Post.get_by_id(post_id).last_error_code == "DELIVERY_UNCONFIRMED"
    assert leases.finish(claimed, due.never()) is False


def test_a_platform_rate_limit_blocks_until_its_reset(live, platform, clock_at):
    post_id = with_targets(live, "fakeplatform")
    platform.replies = ["429"]
    assert run_worker() == {post_id: "blocked"}
    post = live.get(f"/v1/posts/{post_id}").get_json()["data"]
    assert post["nextAttemptAt"] == 1_900_000_000_000
    assert events_of(post_id, "post.blocked")[0]["next_attempt_at"] == 1_900_000_000_000
    clock_at(1_900_000_000_000)
    assert run_worker() == {post_id: "done"}


def test_a_permanent_refusal_fails_without_retry(live, platform):
    post_id = with_targets(live, "fakeplatform")
    platform.replies = ["400"]
    assert run_worker() == {post_id: "failed"}
    post = live.get(f"/v1/posts/{post_id}").get_json()["data"]
    assert post["nextAttemptAt"] is None and post["lastError"]["code"] == "DUPLICATE"
    assert events_of(post_id, "post.failed")[0]["will_retry"] is False


def test_next_attempt_at_is_cleared_while_the_post_is_publishing(tester, clock_at):
    post_id = create(tester, content="Oops #sandbox:fail")
    run_worker()
    assert Post.get_by_id(post_id).next_attempt_at == T + 60_000
    clock_at(T + 60_000)
    [claimed] = publishing.claim_batch("worker-1", LEASE_MS, 1)
    with db.database.atomic():
        writes.start([claimed], LEASE_MS)
        row = Post.get_by_id(post_id)
        assert (row.status, row.next_attempt_at) == ("publishing", None)
        data = tester.get(f"/v1/posts/{post_id}").get_json()["data"]
        assert data["nextAttemptAt"] is None


def test_moving_a_post_to_another_channel_drops_its_unsent_targets(live, platform):
    post_id = with_targets(live, "sandbox", "fakeplatform")
    platform.replies = ["500"]
    assert run_worker() == {post_id: "failed"}
    other = live.post("/v1/channels", json={"name": "Other"}).get_json()["data"]["id"]
    targets = live.patch(f"/v1/posts/{post_id}", json={"channelId": other}).get_json()["data"]["targets"]
    assert [(t["platform"], t["status"]) for t in targets] == [("sandbox", "published")]


def test_a_policy_block_beside_a_rate_limit_does_not_resume_on_its_own(live, platform):
    post_id = with_targets(live, "fakeplatform", "fakeplatform")
    platform.replies = ["429", "403"]
    assert run_worker() == {post_id: "blocked"}
    post = live.get(f"/v1/posts/{post_id}").get_json()["data"]
    assert post["nextAttemptAt"] is None
    assert Post.get_by_id(post_id).due_at is None


def test_a_post_that_breaks_its_batch_fails_alone(tester, monkeypatch):
    ids = [create(tester, content=f"fine {n}") for n in range(3)]
    poison = create(tester, content="poison")
    real_publish_all = platforms.sandbox.ADAPTER.publish_all

    def publish_all(items):
        if any(post.content == "poison" for post, _, _ in items):
            raise RuntimeError("a bug in the publisher")
        return real_publish_all(items)

    monkeypatch.setattr(platforms.sandbox.ADAPTER, "publish_all", publish_all)
    outcomes = run_worker(batch_size=4)
    assert outcomes == {**{post_id: "done" for post_id in ids}, poison: "failed"}
    post = tester.get(f"/v1/posts/{poison}").get_json()["data"]
    assert post["lastError"]["code"] == "INTERNAL_ERROR" and post["attempts"] == 1
    assert post["nextAttemptAt"] == T + 60_000
    assert SandboxPublication.select().count() == 3


def test_each_outcome_is_one_log_line_with_the_post_target_and_error(tester, caplog):
    caplog.set_level(logging.INFO, "postline.posts.publishing")
    done, failing = create(tester), create(tester, content="Oops #sandbox:fail")
    run_worker()
    lines = {r.fields["post_id"]: r.fields for r in caplog.records if r.name == "postline.posts.publishing"}
    published = tester.get(f"/v1/posts/{done}").get_json()["data"]["targets"][0]
    assert lines[done] == {
        "post_id": done,
        "attempt": 1,
        "post_status": "done",
        "platform": "sandbox",
        "connection_id": None,
        "outcome": "published",
        "platform_post_id": published["platformPostId"],
        "url": published["url"],
    }
    failed = tester.get(f"/v1/posts/{failing}").get_json()["data"]
    assert lines[failing] == {
        "post_id": failing,
        "attempt": 1,
        "post_status": "failed",
        "platform": "sandbox",
        "connection_id": None,
        "outcome": "failed",
        "error_code": "SANDBOX_FAILURE",
        "error_message": failed["lastError"]["message"],
        "next_attempt_at": logs.instant(failed["nextAttemptAt"]),
    }
    assert failed["nextAttemptAt"] is not None
