"""Bluesky's error answers as the post's status and `lastError.code` (docs/platforms/
bluesky.md, What can go wrong), through the worker's own functions and the fake
Bluesky; and test mode's simulated Bluesky connection, with Bluesky's ids, urls and
limits."""

import re

import pytest

from devtools.media import image, upload
from tests.connections.conftest import create_post, post_of, run_worker
from tests.connections.test_bluesky_sign_in import signed_in
from tests.support.client import assert_error

pytestmark = pytest.mark.storage

T = 1_800_000_000_000
TID = r"[234567abcdefghij][234567abcdefghijklmnopqrstuvwxyz]{12}"


def channel_with_bluesky(api):
    channel_id = api.post("/v1/channels", json={"name": "Launches"}).get_json()["data"]["id"]
    signed_in(api, channelId=channel_id)
    return channel_id


@pytest.mark.parametrize(
    "reply, status, code, retried",
    [
        ("502", "failed", "PLATFORM_ERROR", True),
        ("500", "failed", "PLATFORM_ERROR", True),
        ("takedown", "failed", "ACCOUNT_UNAVAILABLE", False),
        ("invalid", "failed", "PLATFORM_REFUSED", False),
    ],
)
def test_each_error_class_sets_the_posts_status(api, fake_bluesky, clock_at, reply, status, code, retried):
    clock_at(T)
    post_id = create_post(api, channel_with_bluesky(api), "Hello Bluesky")
    fake_bluesky.record_replies = [reply]
    assert run_worker() == {post_id: status}
    post = post_of(api, post_id)
    assert post["lastError"]["code"] == code and post["lastError"]["message"].startswith("bluesky: ")
    assert post["nextAttemptAt"] == (T + 60_000 if retried else None)
    assert fake_bluesky.posts == []
    if retried:
        clock_at(T + 60_000)
        assert run_worker() == {post_id: "done"} and len(fake_bluesky.posts) == 1


def test_an_expired_token_comes_as_a_400_and_is_refreshed_then_sent_once_more(api, fake_bluesky, clock_at):
    clock_at(T)
    post_id = create_post(api, channel_with_bluesky(api), "Hello Bluesky")
    fake_bluesky.expire_access_tokens()  # the stored expiry lies ahead; Bluesky says ExpiredToken
    assert run_worker() == {post_id: "done"}
    assert fake_bluesky.requests["POST /xrpc/com.atproto.repo.createRecord"] == 2
    assert fake_bluesky.requests["POST /xrpc/com.atproto.server.refreshSession"] == 1
    assert len(fake_bluesky.posts) == 1 and fake_bluesky.sessions_created[fake_bluesky.signed_in["did"]] == 1


def test_a_token_refused_again_after_a_refresh_is_retried_later(api, fake_bluesky, clock_at):
    clock_at(T)
    post_id = create_post(api, channel_with_bluesky(api), "Hello Bluesky")
    fake_bluesky.record_replies = ["expired", "expired"]
    assert run_worker() == {post_id: "failed"}
    error = post_of(api, post_id)["lastError"]
    assert error["code"] == "PLATFORM_UNAUTHORIZED" and "after a token refresh" in error["message"]


def test_a_rate_limit_blocks_the_post_until_its_reset(api, fake_bluesky, clock_at):
    clock_at(T)
    post_id = create_post(api, channel_with_bluesky(api), "Hello Bluesky")
    fake_bluesky.record_replies = ["429"]
    fake_bluesky.rate_limit_reset = T // 1000 + 900
    assert run_worker() == {post_id: "blocked"}
    post = post_of(api, post_id)
    assert post["lastError"]["code"] == "RATE_LIMITED" and post["nextAttemptAt"] == T + 900_000
    clock_at(T + 900_000)
    assert run_worker() == {post_id: "done"}


def test_an_upload_refused_as_too_large_fails_the_post(api, fake_bluesky, clock_at):
    clock_at(T)
    key = upload(api, image("PNG")).get_json()["data"]["key"]
    post_id = create_post(api, channel_with_bluesky(api), "A photo", media=[key])
    fake_bluesky.blob_replies = ["413"]
    assert run_worker() == {post_id: "failed"}
    assert post_of(api, post_id)["lastError"]["code"] == "MEDIA_REFUSED"


def test_a_connection_whose_app_password_was_revoked_blocks_its_posts(api, fake_bluesky, clock_at):
    clock_at(T)
    channel_id = channel_with_bluesky(api)
    post_id = create_post(api, channel_id, "Hello Bluesky")
    fake_bluesky.expire_access_tokens()
    fake_bluesky.refresh_replies = ["expired"]  # the refresh is refused: sign in again...
    fake_bluesky.account_states[fake_bluesky.signed_in["did"]] = "deactivated"  # ...refused too
    assert run_worker() == {post_id: "blocked"}
    assert post_of(api, post_id)["lastError"]["code"] == "CONNECTION_EXPIRED"
    [connection] = api.get("/v1/connections").get_json()["data"]
    assert connection["status"] == "expired"


# Test mode ---------------------------------------------------------------------------


def test_a_simulated_bluesky_connection_gets_bluesky_shaped_ids_and_limits(api, make_key):
    tester = api.as_key(make_key(mode="test"))
    channel_id = tester.post("/v1/channels", json={"name": "Sandbox"}).get_json()["data"]["id"]
    added = tester.post(
        "/v1/connections/sandbox",
        json={"platform": "bluesky", "channelId": channel_id, "username": "acme.test"},
    )
    assert added.status_code == 201 and added.get_json()["data"]["provider"] == "bluesky"
    refused = tester.post("/v1/posts", json={"channelId": channel_id, "content": "x" * 301})
    assert assert_error(refused, 400, "VALIDATION_ERROR")["details"][0]["message"] == (
        "bluesky: 301 of 300 graphemes"
    )
    post_id = create_post(tester, channel_id, "Hello sandbox", thread=[{"content": "2/"}])
    assert run_worker() == {post_id: "done"}
    [target] = post_of(tester, post_id)["targets"]
    for part in target["parts"]:
        matched = re.fullmatch(
            rf"at://did:plc:[a-z2-7]{{24}}/app\.bsky\.feed\.post/({TID})", part["platformPostId"]
        )
        assert matched, part
        assert part["url"] == f"https://bsky.app/profile/acme.test/post/{matched.group(1)}"
