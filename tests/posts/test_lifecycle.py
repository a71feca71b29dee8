"""The whole test-mode lifecycle through real processes: a post is created over the API,
a real worker publishes it through the sandbox, and a real receiver gets every event
with the data docs/api.md describes, signed with the webhook's secret."""

import json

import pytest

from postline.webhooks.signatures import verify_signature
from tests.support.client import allow_local_webhooks

# Posts through a worker process to webhooks: claims and deliveries on each backend.
pytestmark = pytest.mark.storage

LOCAL_WEBHOOKS = {"POSTLINE_WEBHOOKS_ALLOW_HTTP": "true", "POSTLINE_WEBHOOKS_ALLOW_PRIVATE_TARGETS": "true"}
EVENTS = ["post.created", "post.delivered", "post.failed", "post.blocked"]


@pytest.fixture
def settings(settings):
    return allow_local_webhooks(settings)


def test_test_mode_lifecycle_emits_every_post_event(api, make_key, receiver, worker_process):
    tester = api.as_key(make_key(mode="test"))
    hook = receiver()
    webhook = tester.post("/v1/webhooks", json={"url": hook.url(), "events": EVENTS}).get_json()["data"]
    channel = tester.post("/v1/channels", json={"name": "Sandbox"}).get_json()["data"]["id"]
    posts = {
        name: tester.post("/v1/posts", json={"channelId": channel, "content": content}).get_json()["data"][
            "id"
        ]
        for name, content in (("ok", "Hello"), ("fail", "Oops #sandbox:fail"), ("block", "No #sandbox:block"))
    }
    worker = worker_process(POSTLINE_WORKER_POLL_INTERVAL="0.1", **LOCAL_WEBHOOKS)
    received = hook.wait_for(6, timeout=60)
    assert worker.stop() == 0, worker.output()

    bodies = []
    for request in received:
        header = request.headers["Service-Signature"]
        assert verify_signature(request.body, header, webhook["secret"])
        body = json.loads(request.body)
        assert request.headers["Service-Event-Type"] == body["event"]
        assert request.headers["Service-Event-Id"] == body["id"]
        bodies.append(body)
    by_kind = {(b["event"], b["data"]["post_id"]): b for b in bodies}
    assert set(by_kind) == {
        ("post.created", posts["ok"]),
        ("post.created", posts["fail"]),
        ("post.created", posts["block"]),
        ("post.delivered", posts["ok"]),
        ("post.failed", posts["fail"]),
        ("post.blocked", posts["block"]),
    }

    created = by_kind[("post.created", posts["ok"])]["data"]
    assert set(created) == {"post_id", "channel_id", "scheduled_for", "status"}
    assert created["channel_id"] == channel and created["status"] == "queued"

    post = tester.get(f"/v1/posts/{posts['ok']}").get_json()["data"]
    delivered = by_kind[("post.delivered", posts["ok"])]["data"]
    assert delivered == {
        "post_id": posts["ok"],
        "channel_id": channel,
        "delivered_at": post["deliveredAt"],
        "targets": [
            {
                "connection_id": None,
                "platform": "sandbox",
                "status": "published",
                "platform_post_id": post["targets"][0]["platformPostId"],
                "url": post["targets"][0]["url"],
                "published_at": post["targets"][0]["publishedAt"],
                "parts": [
                    {
                        "index": 0,
                        "kind": "post",
                        "content": post["content"],
                        "status": "published",
                        "platform_post_id": post["targets"][0]["platformPostId"],
                        "url": post["targets"][0]["url"],
                        "error": None,
                    }
                ],
            }
        ],
    }

    failing = tester.get(f"/v1/posts/{posts['fail']}").get_json()["data"]
    assert by_kind[("post.failed", posts["fail"])]["data"] == {
        "post_id": posts["fail"],
        "channel_id": channel,
        "error": {"code": "SANDBOX_FAILURE", "message": "The sandbox failed this post (#sandbox:fail)."},
        "attempt": 1,
        "will_retry": True,
        "next_attempt_at": failing["nextAttemptAt"],
    }
    assert by_kind[("post.blocked", posts["block"])]["data"] == {
        "post_id": posts["block"],
        "channel_id": channel,
        "reason": {"code": "SANDBOX_BLOCKED", "message": "The sandbox blocked this post (#sandbox:block)."},
        "next_attempt_at": None,
    }
    history = tester.get(f"/v1/webhooks/{webhook['id']}/deliveries").get_json()
    assert history["meta"]["pagination"]["total"] == 6
    assert {d["status"] for d in history["data"]} == {"succeeded"}

    # The worker wrote its usage counts when it stopped; the API process counted creations.
    today = tester.get("/v1/usage").get_json()["data"]["today"]
    assert {k: today[k] for k in ("postsCreated", "postsDelivered", "postsFailed", "webhookDeliveries")} == {
        "postsCreated": 3,
        "postsDelivered": 1,
        "postsFailed": 1,
        "webhookDeliveries": 6,
    }


def test_live_posts_and_other_accounts_do_not_reach_a_test_webhook(api, make_key, receiver, worker_process):
    tester = api.as_key(make_key(mode="test"))
    hook = receiver()
    tester.post("/v1/webhooks", json={"url": hook.url(), "events": EVENTS})
    live_channel = api.post("/v1/channels", json={"name": "Live"}).get_json()["data"]["id"]
    api.post("/v1/posts", json={"channelId": live_channel, "content": "live"})
    other = api.as_key(make_key(account="globex", mode="test"))
    other_channel = other.post("/v1/channels", json={"name": "G"}).get_json()["data"]["id"]
    other.post("/v1/posts", json={"channelId": other_channel, "content": "theirs"})
    own_channel = tester.post("/v1/channels", json={"name": "Mine"}).get_json()["data"]["id"]
    own = tester.post("/v1/posts", json={"channelId": own_channel, "content": "mine"}).get_json()["data"][
        "id"
    ]
    worker = worker_process(POSTLINE_WORKER_POLL_INTERVAL="0.1", **LOCAL_WEBHOOKS)
    received = hook.wait_for(2, timeout=60)
    assert worker.stop() == 0
    assert {json.loads(r.body)["data"]["post_id"] for r in hook.requests} == {own}
    assert len(received) == 2 and len(hook.requests) == 2
