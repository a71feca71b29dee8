"""Idempotency-Key on every POST the contract names (docs/api.md, Idempotency)."""

import hashlib
import json
import threading

import pytest
import requests

from models import ApiKey, Event, IdempotencyKey
from postline.jobs import maintenance
from postline.web import idempotency

# Stored responses and concurrent identical requests: each backend's locking.
pytestmark = pytest.mark.storage

T = 1_800_000_000_000


@pytest.fixture
def channel(api, clock_at):
    clock_at(T)
    return api.post("/v1/channels", json={"name": "Launch"}).get_json()["data"]["id"]


def post_with_key(api, path, body, key):
    return api.post(path, json=body, headers={"Idempotency-Key": key})


def total(api, path):
    """How many the API lists at `path` (its pagination's total)."""
    return api.get(path).get_json()["meta"]["pagination"]["total"]


def assert_replay_of(replay, first):
    """`replay` is the stored answer to `first`: 200, marked, the same body."""
    assert replay.status_code == 200, replay.get_data(as_text=True)
    assert replay.headers["Idempotent-Replayed"] == "true"
    assert replay.get_json() == first.get_json()


def assert_fresh(response, status=201):
    """`response` ran the request afresh: no replay mark."""
    assert response.status_code == status, response.get_data(as_text=True)
    assert "Idempotent-Replayed" not in response.headers
    return response.get_json()


def test_first_request_creates_and_a_repeat_replays(api, channel):
    body = {"channelId": channel, "content": "Once"}
    first = post_with_key(api, "/v1/posts", body, "order-1")
    assert first.status_code == 201
    assert "Idempotent-Replayed" not in first.headers
    again = post_with_key(api, "/v1/posts", body, "order-1")
    assert again.status_code == 200
    assert again.headers["Idempotent-Replayed"] == "true"
    assert again.get_json() == first.get_json()
    assert total(api, "/v1/posts") == 1
    assert Event.select().where(Event.type == "post.created").count() == 1


def test_key_order_of_the_json_body_does_not_matter(api, channel):
    first = post_with_key(api, "/v1/posts", {"channelId": channel, "content": "A"}, "k")
    again = api.post(
        "/v1/posts",
        data=f'{{ "content": "A",   "channelId": "{channel}" }}',
        content_type="application/json",
        headers={"Idempotency-Key": "k"},
    )
    assert_replay_of(again, first)
    assert total(api, "/v1/posts") == 1


def test_same_key_with_a_different_body_is_422(api, channel):
    post_with_key(api, "/v1/posts", {"channelId": channel, "content": "A"}, "k")
    response = post_with_key(api, "/v1/posts", {"channelId": channel, "content": "B"}, "k")
    assert response.status_code == 422
    assert "Idempotent-Replayed" not in response.headers
    error = response.get_json()["error"]
    assert error["code"] == "IDEMPOTENCY_KEY_REUSED" and error["type"] == "idempotency_error"
    assert [p["content"] for p in api.get("/v1/posts").get_json()["data"]] == ["A"]


def test_keys_are_scoped_per_endpoint_and_per_api_key(api, channel, make_key):
    single = post_with_key(api, "/v1/posts", {"channelId": channel, "content": "A"}, "shared")
    batch = post_with_key(
        api, "/v1/posts/batch", {"posts": [{"channelId": channel, "content": "A"}]}, "shared"
    )
    [batched] = assert_fresh(batch)["data"]
    other = api.as_key(make_key(name="second key"))
    theirs = assert_fresh(post_with_key(other, "/v1/posts", {"channelId": channel, "content": "A"}, "shared"))
    ids = {assert_fresh(single)["data"]["id"], batched["id"], theirs["data"]["id"]}
    assert len(ids) == 3
    assert {p["id"] for p in api.get("/v1/posts").get_json()["data"]} == ids


def test_failed_requests_store_nothing_so_the_key_can_be_retried(api, channel):
    bad = post_with_key(api, "/v1/posts", {"channelId": channel, "content": ""}, "retry-me")
    assert bad.status_code == 400
    assert IdempotencyKey.select().count() == 0
    missing = post_with_key(api, "/v1/posts", {"channelId": "ch_nope", "content": "x"}, "retry-me")
    assert missing.status_code == 400
    assert total(api, "/v1/posts") == 0
    good = post_with_key(api, "/v1/posts", {"channelId": channel, "content": "fixed"}, "retry-me")
    assert assert_fresh(good)["data"]["content"] == "fixed"
    # The key now belongs to the request that succeeded.
    assert_replay_of(
        post_with_key(api, "/v1/posts", {"channelId": channel, "content": "fixed"}, "retry-me"), good
    )
    assert total(api, "/v1/posts") == 1


def test_key_expires_after_24_hours(api, channel, clock_at):
    body = {"channelId": channel, "content": "daily"}
    first = post_with_key(api, "/v1/posts", body, "day")
    assert_fresh(first)
    clock_at(T + idempotency.TTL_MS - 1)
    assert_replay_of(post_with_key(api, "/v1/posts", body, "day"), first)
    clock_at(T + idempotency.TTL_MS)
    second = assert_fresh(post_with_key(api, "/v1/posts", body, "day"))
    assert second["data"]["id"] != first.get_json()["data"]["id"]
    assert total(api, "/v1/posts") == 2


def test_worker_purges_expired_keys(app, api, channel, clock_at):
    post_with_key(api, "/v1/posts", {"channelId": channel, "content": "x"}, "old")
    clock_at(T + 1000)
    post_with_key(api, "/v1/posts", {"channelId": channel, "content": "y"}, "new")
    clock_at(T + idempotency.TTL_MS + 1)
    maintenance.purge_expired_rows(app.config["POSTLINE"])
    assert [row.key for row in IdempotencyKey.select()] == ["new"]


def test_a_request_still_in_flight_answers_409(api, channel, clock_at):
    key_id = ApiKey.select().first().id
    IdempotencyKey.create(
        api_key=key_id,
        endpoint="POST /v1/posts",
        key="busy",
        fingerprint=_fingerprint(channel),
        locked_until=T + idempotency.IN_FLIGHT_MS,
        expires_at=T + idempotency.TTL_MS,
    )
    response = post_with_key(api, "/v1/posts", {"channelId": channel, "content": "x"}, "busy")
    assert response.status_code == 409
    assert response.get_json()["error"]["code"] == "IDEMPOTENCY_KEY_IN_USE"
    assert response.headers["Retry-After"] == "1"
    assert "Idempotent-Replayed" not in response.headers
    assert total(api, "/v1/posts") == 0
    # A reservation whose request died is taken over once its lock has lapsed.
    clock_at(T + idempotency.IN_FLIGHT_MS)
    taken_over = post_with_key(api, "/v1/posts", {"channelId": channel, "content": "x"}, "busy")
    assert assert_fresh(taken_over)["data"]["content"] == "x"
    assert total(api, "/v1/posts") == 1


def _fingerprint(channel):
    body = json.dumps({"channelId": channel, "content": "x"}, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(body.encode()).hexdigest()


@pytest.mark.parametrize("key", ["", "x" * 256])
def test_invalid_key_is_400(api, channel, key):
    response = post_with_key(api, "/v1/posts", {"channelId": channel, "content": "x"}, key)
    assert response.status_code == 400
    assert response.get_json()["error"]["code"] == "INVALID_IDEMPOTENCY_KEY"
    assert response.get_json()["error"]["details"][0]["field"] == "Idempotency-Key"
    assert total(api, "/v1/posts") == 0


def test_key_of_255_characters_is_accepted(api, channel):
    first = post_with_key(api, "/v1/posts", {"channelId": channel, "content": "x"}, "k" * 255)
    assert assert_fresh(first)["data"]["content"] == "x"
    assert_replay_of(
        post_with_key(api, "/v1/posts", {"channelId": channel, "content": "x"}, "k" * 255), first
    )
    assert total(api, "/v1/posts") == 1


def test_channels_and_api_keys_are_idempotent_and_a_replay_shows_the_key_again(api):
    first = post_with_key(api, "/v1/channels", {"name": "Once"}, "c1")
    assert_fresh(first)
    assert_replay_of(post_with_key(api, "/v1/channels", {"name": "Once"}, "c1"), first)
    assert [c["name"] for c in api.get("/v1/channels").get_json()["data"]] == ["Once"]

    created = post_with_key(api, "/v1/api-keys", {"name": "deploy"}, "k1")
    assert assert_fresh(created)["data"]["key"].startswith("service_sk_live_")
    replay = post_with_key(api, "/v1/api-keys", {"name": "deploy"}, "k1")
    assert_replay_of(replay, created)
    assert replay.get_json()["data"]["key"] == created.get_json()["data"]["key"]
    assert sorted(k["name"] for k in api.get("/v1/api-keys").get_json()["data"]) == ["deploy", "test key"]
    stored = IdempotencyKey.get(IdempotencyKey.key == "k1").response_body
    assert created.get_json()["data"]["key"] not in stored


def test_replay_is_for_the_same_api_key_only_even_within_an_account(api, make_key):
    first = assert_fresh(post_with_key(api, "/v1/api-keys", {"name": "deploy"}, "same"))
    other = api.as_key(make_key(name="other"))
    second = assert_fresh(post_with_key(other, "/v1/api-keys", {"name": "deploy"}, "same"))
    assert second["data"]["id"] != first["data"]["id"] and second["data"]["key"] != first["data"]["key"]
    names = sorted(k["name"] for k in api.get("/v1/api-keys").get_json()["data"])
    assert names == ["deploy", "deploy", "other", "test key"]


@pytest.mark.parametrize("path, size", [("/v1/posts", 1), ("/v1/posts/batch", 100)])
def test_concurrent_identical_requests_create_exactly_once(api, channel, gunicorn, make_key, path, size):
    """Twelve clients race the same keyed request at a 4-worker gunicorn: one creates,
    the rest replay (200) or find it in flight (409). A batch of 100 keeps the first
    request running long enough for the others to arrive while it is in flight."""
    base = gunicorn(workers=4, POSTLINE_LIMITS_ENABLED="false")  # 13 batches would pass the 10/min limit
    key = make_key(name="concurrent")
    item = {"channelId": channel, "content": "exactly once"}
    body = item if size == 1 else {"posts": [item] * size}
    headers = {"Authorization": f"Bearer {key}", "Idempotency-Key": "race"}
    barrier = threading.Barrier(12)
    answers = []

    def send():
        session = requests.Session()
        barrier.wait()
        answers.append(session.post(f"{base}{path}", json=body, timeout=30, headers=headers))

    threads = [threading.Thread(target=send) for _ in range(12)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    statuses = sorted(answer.status_code for answer in answers)
    print("statuses:", statuses)
    assert len(answers) == 12 and statuses.count(201) == 1, statuses
    assert set(statuses) <= {201, 200, 409}, statuses
    [created] = [answer for answer in answers if answer.status_code == 201]
    assert "Idempotent-Replayed" not in created.headers
    for answer in answers:
        if answer.status_code == 200:
            assert answer.headers["Idempotent-Replayed"] == "true" and answer.json() == created.json()
        elif answer.status_code == 409:
            assert answer.json()["error"]["code"] == "IDEMPOTENCY_KEY_IN_USE"
    listed = requests.get(
        f"{base}/v1/posts", params={"per_page": 100}, headers={"Authorization": f"Bearer {key}"}, timeout=30
    ).json()
    made = created.json()["data"] if size > 1 else [created.json()["data"]]
    assert listed["meta"]["pagination"]["total"] == size
    assert {p["id"] for p in listed["data"]} == {p["id"] for p in made}
    # Once the first has finished, every repeat is a replay.
    replay = requests.post(f"{base}{path}", json=body, timeout=30, headers=headers)
    assert replay.status_code == 200 and replay.headers["Idempotent-Replayed"] == "true"
    assert replay.json() == created.json()


def test_webhook_creation_is_idempotent_and_a_replay_shows_the_secret_again(api, dns):
    dns["hooks.example.com"] = ["93.184.216.34"]
    body = {"url": "https://hooks.example.com/in", "events": ["post.delivered"]}
    first = post_with_key(api, "/v1/webhooks", body, "wh-1")
    assert assert_fresh(first)["data"]["secret"].startswith("whsec_")
    again = post_with_key(api, "/v1/webhooks", body, "wh-1")
    assert_replay_of(again, first)
    assert again.get_json()["data"]["secret"] == first.get_json()["data"]["secret"]
    assert len(api.get("/v1/webhooks").get_json()["data"]) == 1


def test_a_simulated_connection_is_created_once_per_key(api, make_key):
    tester = api.as_key(make_key(mode="test"))
    channel = tester.post("/v1/channels", json={"name": "Sandbox"}).get_json()["data"]["id"]
    body = {"platform": "x", "channelId": channel, "username": "acme"}
    first = post_with_key(tester, "/v1/connections/sandbox", body, "sim-1")
    assert assert_fresh(first)["data"]["simulated"] is True
    assert_replay_of(post_with_key(tester, "/v1/connections/sandbox", body, "sim-1"), first)
    reused = post_with_key(tester, "/v1/connections/sandbox", {**body, "platform": "linkedin"}, "sim-1")
    assert reused.status_code == 422 and "Idempotent-Replayed" not in reused.headers
    assert reused.get_json()["error"]["code"] == "IDEMPOTENCY_KEY_REUSED"
    assert [c["id"] for c in tester.get("/v1/connections").get_json()["data"]] == [
        first.get_json()["data"]["id"]
    ]
