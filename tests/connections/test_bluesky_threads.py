"""A thread and a first comment published to the fake Bluesky by the worker's own
functions: each part once, in order, each a reply naming the thread's first post as
its root and the part before as its parent; and each part's record key, the same at
every attempt, so that a part whose outcome was unknown is found, not sent again
(docs/platforms/bluesky.md, Threads and first comments; Sending twice is not possible)."""

import pytest

from devtools.fakes.bluesky import ACCOUNT
from tests.connections.conftest import create_post, post_of, run_worker
from tests.connections.test_bluesky_sign_in import signed_in

pytestmark = pytest.mark.storage

T = 1_800_000_000_000
THREAD = {
    "thread": [{"content": "2/ The API."}, {"content": "3/ The console."}],
    "firstComment": {"content": "Docs: https://example.com/docs"},
}


def channel_with_bluesky(api):
    channel_id = api.post("/v1/channels", json={"name": "Launches"}).get_json()["data"]["id"]
    signed_in(api, channelId=channel_id)
    return channel_id


def ref(record):
    return {"uri": record["id"], "cid": record["cid"]}


def test_a_thread_of_3_arrives_in_order_each_part_replying_to_the_one_before(api, fake_bluesky, clock_at):
    clock_at(T)
    post_id = create_post(api, channel_with_bluesky(api), "1/ We launch today.", **THREAD)
    assert run_worker() == {post_id: "done"}
    first, second, third, comment = fake_bluesky.posts
    assert [record["text"] for record in fake_bluesky.posts] == [
        "1/ We launch today.",
        "2/ The API.",
        "3/ The console.",
        "Docs: https://example.com/docs",
    ]
    assert "reply" not in first
    assert second["reply"] == {"root": ref(first), "parent": ref(first)}
    assert third["reply"] == {"root": ref(first), "parent": ref(second)}
    assert comment["reply"] == {"root": ref(first), "parent": ref(first)}  # the comment answers the post
    [target] = post_of(api, post_id)["targets"]
    assert [part["platformPostId"] for part in target["parts"]] == [
        record["id"] for record in fake_bluesky.posts
    ]
    # Record keys are TIDs in the thread's order, as Bluesky sorts a repository.
    keys = [record["rkey"] for record in fake_bluesky.posts]
    assert keys == sorted(keys) and len(set(keys)) == 4


def test_a_thread_that_breaks_in_the_middle_goes_on_from_where_it_broke(api, fake_bluesky, clock_at):
    clock_at(T)
    post_id = create_post(api, channel_with_bluesky(api), "1/ We launch today.", **THREAD)
    fake_bluesky.record_replies = [None, "503"]  # the first part goes out, the second meets a 503
    assert run_worker() == {post_id: "failed"}
    [target] = post_of(api, post_id)["targets"]
    assert [part["status"] for part in target["parts"]] == ["published", "failed", "pending", "pending"]
    clock_at(T + 60_000)
    assert run_worker() == {post_id: "done"}
    first, second, third, comment = fake_bluesky.posts
    assert second["reply"] == {"root": ref(first), "parent": ref(first)}
    assert third["reply"] == {"root": ref(first), "parent": ref(second)}
    assert fake_bluesky.received["1/ We launch today."] == 1, "the first part was sent twice"


def test_a_part_made_though_its_answer_was_lost_is_found_at_the_retry(api, fake_bluesky, clock_at):
    clock_at(T)
    post_id = create_post(api, channel_with_bluesky(api), "Hello Bluesky")
    fake_bluesky.record_replies = ["lost"]  # made, but answered 502
    assert run_worker() == {post_id: "failed"}
    [made] = fake_bluesky.posts
    clock_at(T + 60_000)
    assert run_worker() == {post_id: "done"}
    assert fake_bluesky.received["Hello Bluesky"] == 1 and fake_bluesky.posts == [made]
    assert fake_bluesky.requests["GET /xrpc/com.atproto.repo.getRecord"] == 1
    [target] = post_of(api, post_id)["targets"]
    assert target["platformPostId"] == made["id"]


def test_an_unknown_outcome_is_never_resent_and_a_patch_finds_the_post(api, fake_bluesky, clock_at):
    clock_at(T)
    post_id = create_post(api, channel_with_bluesky(api), "Hello Bluesky")
    fake_bluesky.record_replies = ["hang"]  # made, answered after [publishing] timeout
    assert run_worker() == {post_id: "blocked"}
    post = post_of(api, post_id)
    assert post["lastError"]["code"] == "DELIVERY_UNCONFIRMED"
    assert post["targets"][0]["status"] == "unconfirmed"
    clock_at(T + 3_600_000)
    assert run_worker() == {}  # never sent again on its own
    # The client checked nothing and asks to send it again: Postline looks before it sends.
    assert api.patch(f"/v1/posts/{post_id}", json={"content": "Hello Bluesky"}).status_code == 200
    assert run_worker() == {post_id: "done"}
    [made] = fake_bluesky.posts
    assert fake_bluesky.received["Hello Bluesky"] == 1
    assert post_of(api, post_id)["targets"][0]["platformPostId"] == made["id"]


def test_a_first_comment_is_the_accounts_reply_to_the_post(api, fake_bluesky, clock_at):
    clock_at(T)
    post_id = create_post(api, channel_with_bluesky(api), "Out now.", firstComment={"content": "More soon."})
    assert run_worker() == {post_id: "done"}
    post, comment = fake_bluesky.posts
    assert comment["text"] == "More soon." and comment["did"] == ACCOUNT["did"]
    assert comment["reply"] == {"root": ref(post), "parent": ref(post)}
    [target] = post_of(api, post_id)["targets"]
    assert target["parts"][1]["url"] == f"https://bsky.app/profile/{ACCOUNT['handle']}/post/{comment['rkey']}"


def test_a_reply_to_a_post_deleted_meanwhile_fails(api, fake_bluesky, clock_at):
    clock_at(T)
    post_id = create_post(api, channel_with_bluesky(api), "1/ We launch today.", **THREAD)
    fake_bluesky.record_replies = [None, "503"]
    assert run_worker() == {post_id: "failed"}
    fake_bluesky.records.clear()  # the first post deleted in the app
    clock_at(T + 60_000)
    assert run_worker() == {post_id: "failed"}
    [target] = post_of(api, post_id)["targets"]
    assert target["parts"][1]["error"]["code"] == "PARENT_MISSING"
