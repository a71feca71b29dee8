"""A thread and a first comment published to the fake X by the worker's own functions:
each part once, in order, each reply to the part before it (docs/api.md, Versions,
threads and first comments)."""

import pytest

from tests.connections.conftest import connect, create_post, post_of, run_worker

pytestmark = pytest.mark.storage

T = 1_800_000_000_000
THREAD = {
    "thread": [{"content": "2/ The API."}, {"content": "3/ The console."}],
    "firstComment": {"content": "Docs: https://example.com/docs"},
}


def channel_with_x(api):
    channel_id = api.post("/v1/channels", json={"name": "Launches"}).get_json()["data"]["id"]
    connect(api, channelId=channel_id)
    return channel_id


def test_a_thread_goes_out_in_order_each_part_replying_to_the_one_before(api, fake_x, clock_at):
    clock_at(T)
    post_id = create_post(api, channel_with_x(api), "1/ We launch today.", **THREAD)
    assert run_worker() == {post_id: "done"}
    first, second, third, comment = fake_x.tweets
    assert [tweet["text"] for tweet in fake_x.tweets] == [
        "1/ We launch today.",
        "2/ The API.",
        "3/ The console.",
        "Docs: https://example.com/docs",
    ]
    assert first["in_reply_to"] is None
    assert second["in_reply_to"] == first["id"] and third["in_reply_to"] == second["id"]
    assert comment["in_reply_to"] == first["id"]  # the comment answers the post itself
    [target] = post_of(api, post_id)["targets"]
    assert [part["platformPostId"] for part in target["parts"]] == [t["id"] for t in fake_x.tweets]


def test_a_thread_that_breaks_in_the_middle_goes_on_from_where_it_broke(api, fake_x, clock_at):
    clock_at(T)
    post_id = create_post(api, channel_with_x(api), "1/ We launch today.", **THREAD)
    fake_x.tweet_replies = [None, "503"]  # the first part goes out, the second meets a 503
    assert run_worker() == {post_id: "failed"}
    [target] = post_of(api, post_id)["targets"]
    assert [part["status"] for part in target["parts"]] == ["published", "failed", "pending", "pending"]
    clock_at(T + 60_000)
    assert run_worker() == {post_id: "done"}
    first, second, third, comment = fake_x.tweets
    assert first["text"] == "1/ We launch today." and second["in_reply_to"] == first["id"]
    assert third["in_reply_to"] == second["id"] and comment["in_reply_to"] == first["id"]
    assert fake_x.received["1/ We launch today."] == 1, "the first part was sent twice"


def test_a_first_comment_that_x_refuses_leaves_its_post_done(api, fake_x, clock_at):
    clock_at(T)
    post_id = create_post(api, channel_with_x(api), "Out now.", firstComment={"content": "More soon."})
    fake_x.tweet_replies = [None, "forbidden"]
    assert run_worker() == {post_id: "done"}
    [target] = post_of(api, post_id)["targets"]
    assert target["status"] == "published"
    comment = target["parts"][1]
    assert comment["status"] == "failed" and comment["nextAttemptAt"] is None
    assert comment["error"]["code"]


def test_a_thread_is_refused_at_publish_by_a_platform_the_channel_gained_later(
    api, fake_x, fake_linkedin, clock_at
):
    clock_at(T)
    channel_id = channel_with_x(api)
    post_id = create_post(api, channel_id, "1/ We launch today.", thread=THREAD["thread"])
    connect(api, "linkedin", channelId=channel_id)  # LinkedIn has no threads
    assert run_worker() == {post_id: "failed"}
    assert [tweet["text"] for tweet in fake_x.tweets] == [
        "1/ We launch today.",
        "2/ The API.",
        "3/ The console.",
    ]
    assert fake_linkedin.posts == [], "LinkedIn got the thread's parts as posts of their own"
    post = post_of(api, post_id)
    [linkedin] = [target for target in post["targets"] if target["platform"] == "linkedin"]
    assert linkedin["status"] == "failed" and linkedin["error"]["code"] == "CONTENT_REFUSED"
    assert linkedin["error"]["message"].startswith("linkedin: has no threads")
    assert {part["status"] for part in linkedin["parts"]} <= {"failed", "pending"}
    assert post["nextAttemptAt"] is None  # permanent: never retried on its own
