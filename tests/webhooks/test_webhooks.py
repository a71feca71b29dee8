"""The webhooks API (docs/api.md, Webhooks): CRUD, the secret shown once, rotation,
tenancy, the delivery history, and the test and retry endpoints.
"""

import json
import re

import pytest

from models import Account, Event, Webhook, WebhookDelivery, WebhookDeliveryTally
from postline import tallies
from postline.db import database
from postline.webhooks import delivery as webhook_delivery
from postline.webhooks import events
from postline.webhooks.signatures import verify_signature
from tests.support.client import allow_local_webhooks
from tests.support.receivers import Reply

URL = "https://hooks.example.com/postline"
SECRET = re.compile(r"whsec_[A-Za-z0-9+/]{43}=")


@pytest.fixture
def settings(settings):
    return allow_local_webhooks(settings)


def create(api, **body):
    response = api.post("/v1/webhooks", json={"url": URL, "events": ["post.delivered"], **body})
    assert response.status_code == 201, response.get_data(as_text=True)
    return response.get_json()["data"]


def public(webhook):
    """The webhook as GET shows it: without the secret."""
    return {name: value for name, value in webhook.items() if name != "secret"}


@pytest.mark.storage
def test_create_read_update_delete(api, clock_at):
    now = clock_at(1_800_000_000_000)
    webhook = create(api, events=["post.failed", "post.created", "post.failed"], description="CRM sync")
    account_id = Account.get(Account.name == "acme").id
    assert re.fullmatch(r"wh_[0-9a-z]{30}", webhook["id"])
    assert SECRET.fullmatch(webhook["secret"])
    assert webhook == {
        "id": webhook["id"],
        "userId": account_id,
        "url": URL,
        "events": ["post.created", "post.failed"],
        "active": True,
        "description": "CRM sync",
        "disabledReason": None,
        "createdAt": now,
        "updatedAt": now,
        "secret": webhook["secret"],
    }
    assert api.get(f"/v1/webhooks/{webhook['id']}").get_json() == {"data": public(webhook)}

    clock_at(now + 5)
    changes = {
        "url": "https://other.example.com/in",
        "events": ["webhook.test"],
        "active": False,
        "description": None,
    }
    response = api.patch(f"/v1/webhooks/{webhook['id']}", json=changes)
    assert response.status_code == 200
    assert response.get_json()["data"] == {**public(webhook), **changes, "updatedAt": now + 5}
    assert api.get(f"/v1/webhooks/{webhook['id']}").get_json()["data"] == response.get_json()["data"]

    response = api.delete(f"/v1/webhooks/{webhook['id']}")
    assert response.status_code == 200
    assert response.get_json() == {"data": {"id": webhook["id"], "deleted": True}}
    assert api.get(f"/v1/webhooks/{webhook['id']}").status_code == 404
    assert api.delete(f"/v1/webhooks/{webhook['id']}").status_code == 404


def test_description_is_optional_and_null(api):
    assert create(api)["description"] is None


@pytest.mark.storage
def test_secret_is_shown_once_and_stored_encrypted(api):
    webhook = create(api)
    secret = webhook["secret"]
    assert "secret" not in api.get(f"/v1/webhooks/{webhook['id']}").get_json()["data"]
    assert all("secret" not in w for w in api.get("/v1/webhooks").get_json()["data"])
    assert "secret" not in api.patch(f"/v1/webhooks/{webhook['id']}", json={}).get_json()["data"]
    stored = Webhook.get_by_id(webhook["id"])
    assert secret not in stored.secret and secret[6:] not in stored.secret
    assert create(api)["secret"] != secret


@pytest.mark.storage
def test_rotation_returns_a_new_secret_once(api, clock_at):
    now = clock_at(1_800_000_000_000)
    webhook = create(api)
    response = api.patch(f"/v1/webhooks/{webhook['id']}", json={"rotateSecret": True})
    assert response.status_code == 200
    rotated = response.get_json()["data"]
    assert SECRET.fullmatch(rotated["secret"]) and rotated["secret"] != webhook["secret"]
    assert "secret" not in api.get(f"/v1/webhooks/{webhook['id']}").get_json()["data"]
    stored = Webhook.get_by_id(webhook["id"])
    assert stored.previous_secret_expires_at == now + 86_400_000
    unrotated = api.patch(f"/v1/webhooks/{webhook['id']}", json={"rotateSecret": False}).get_json()["data"]
    assert "secret" not in unrotated


@pytest.mark.parametrize(
    "body, field",
    [
        ({"events": ["post.created"]}, "url"),
        ({"url": URL}, "events"),
        ({"url": URL, "events": []}, "events"),
        ({"url": URL, "events": ["post.published"]}, "events[0]"),
        ({"url": URL, "events": ["post.created", "*"]}, "events[1]"),
        ({"url": URL, "events": "post.created"}, "events"),
        ({"url": 5, "events": ["post.created"]}, "url"),
        ({"url": "", "events": ["post.created"]}, "url"),
        ({"url": URL, "events": ["post.created"], "description": "x" * 501}, "description"),
        ({"url": URL, "events": ["post.created"], "description": "nul\x00"}, "description"),
        ({"url": URL, "events": ["post.created"], "active": False}, "active"),
        ({"url": URL, "events": ["post.created"], "secret": "whsec_mine"}, "secret"),
    ],
)
def test_create_validation(api, body, field):
    response = api.post("/v1/webhooks", json=body)
    assert response.status_code == 400, response.get_data(as_text=True)
    error = response.get_json()["error"]
    assert error["code"] == "VALIDATION_ERROR"
    assert field in [d["field"] for d in error["details"]]
    assert api.get("/v1/webhooks").get_json()["meta"]["pagination"]["total"] == 0


@pytest.mark.parametrize(
    "body, field",
    [
        ({"events": []}, "events"),
        ({"events": ["nope"]}, "events[0]"),
        ({"active": "yes"}, "active"),
        ({"active": 1}, "active"),
        ({"rotateSecret": "true"}, "rotateSecret"),
        ({"url": "https://2130706433/"}, "url"),
        ({"userId": "acct_other"}, "userId"),
    ],
)
def test_patch_validation_leaves_the_webhook_untouched(api, body, field):
    webhook = create(api)
    response = api.patch(f"/v1/webhooks/{webhook['id']}", json=body)
    assert response.status_code == 400
    assert field in [d["field"] for d in response.get_json()["error"]["details"]]
    assert api.get(f"/v1/webhooks/{webhook['id']}").get_json()["data"] == public(webhook)


@pytest.mark.storage
def test_list_is_paginated_in_the_list_envelope(api, clock_at):
    start = clock_at(1_800_000_000_000)
    made = []
    for offset in range(3):
        clock_at(start + offset)
        made.append(create(api)["id"])
    body = api.get("/v1/webhooks?per_page=2").get_json()
    assert [w["id"] for w in body["data"]] == made[:2]
    pagination = body["meta"]["pagination"]
    assert pagination.pop("next_cursor")  # a second page follows
    assert pagination == {"page": 1, "per_page": 2, "total": 3, "total_pages": 2}
    assert [w["id"] for w in api.get("/v1/webhooks?sort=-createdAt").get_json()["data"]] == made[::-1]


@pytest.mark.storage
def test_other_accounts_and_modes_see_404(api, make_key):
    webhook = create(api)
    delivery = api.post(f"/v1/webhooks/{webhook['id']}/test").get_json()["data"]
    paths = [
        ("GET", f"/v1/webhooks/{webhook['id']}"),
        ("PATCH", f"/v1/webhooks/{webhook['id']}"),
        ("DELETE", f"/v1/webhooks/{webhook['id']}"),
        ("GET", f"/v1/webhooks/{webhook['id']}/deliveries"),
        ("GET", f"/v1/webhooks/{webhook['id']}/deliveries/{delivery['id']}"),
        ("POST", f"/v1/webhooks/{webhook['id']}/test"),
        ("POST", f"/v1/webhooks/{webhook['id']}/deliveries/{delivery['id']}/retry"),
    ]
    for stranger in (make_key(account="globex"), make_key(mode="test")):
        other = api.as_key(stranger)
        for method, path in paths:
            body = {"active": False} if method == "PATCH" else None
            response = other.request(method, path, json=body)
            assert response.status_code == 404, (method, path)
            assert response.get_json()["error"]["code"] == "NOT_FOUND"
        assert other.get("/v1/webhooks").get_json()["data"] == []
        # Their own webhook cannot reach this one's deliveries either.
        theirs = create(other)
        path = f"/v1/webhooks/{theirs['id']}/deliveries/{delivery['id']}"
        assert other.get(path).status_code == 404
        assert other.post(f"{path}/retry").status_code == 404
    assert api.get(f"/v1/webhooks/{webhook['id']}").get_json()["data"] == public(webhook)
    assert WebhookDelivery.select().count() == 1


@pytest.mark.storage
def test_deleting_a_webhook_deletes_its_deliveries(api):
    webhook = create(api)
    api.post(f"/v1/webhooks/{webhook['id']}/test")
    assert WebhookDelivery.select().count() == 1
    api.delete(f"/v1/webhooks/{webhook['id']}")
    assert WebhookDelivery.select().count() == 0


# The test and retry endpoints ------------------------------------------------


@pytest.mark.storage
def test_test_endpoint_queues_a_webhook_test_delivery_that_the_worker_sends(
    api, receiver, hook_settings, clock_at
):
    now = clock_at(1_800_000_000_000)
    inbox = receiver()
    webhook = create(api, url=inbox.url(), events=["post.created"])
    response = api.post(f"/v1/webhooks/{webhook['id']}/test")
    assert response.status_code == 201
    delivery = response.get_json()["data"]
    assert re.fullmatch(r"whd_[0-9a-z]{30}", delivery["id"])
    assert re.fullmatch(r"evt_[0-9a-z]{30}", delivery["eventId"])
    assert delivery == {
        "id": delivery["id"],
        "webhookId": webhook["id"],
        "eventId": delivery["eventId"],
        "event": "webhook.test",
        "status": "pending",
        "attempts": 0,
        "nextAttemptAt": now,
        "lastAttemptAt": None,
        "responseStatus": None,
        "responseBody": None,
        "error": None,
        "durationMs": None,
        "trigger": "test",
        "createdAt": now,
        "deliveredAt": None,
    }

    assert webhook_delivery.deliver_due(hook_settings, "test-worker", 60_000) == 1
    (request,) = inbox.wait_for(1)
    verify_signature(request.body, request.headers["Service-Signature"], webhook["secret"], now=now // 1000)
    assert request.headers["Service-Event-Type"] == "webhook.test"
    assert request.headers["Service-Event-Id"] == delivery["eventId"]
    assert json.loads(request.body)["data"] == {"webhook_id": webhook["id"], "message": events.TEST_MESSAGE}
    sent = api.get(f"/v1/webhooks/{webhook['id']}/deliveries/{delivery['id']}").get_json()["data"]
    assert sent["status"] == "succeeded" and sent["attempts"] == 1 and sent["deliveredAt"] == now
    assert sent["responseStatus"] == 200 and sent["responseBody"] == "ok" and sent["nextAttemptAt"] is None


@pytest.mark.storage
def test_test_event_goes_to_that_webhook_alone_even_when_inactive(api, receiver, hook_settings):
    inbox, bystander = receiver(), receiver()
    webhook = create(api, url=inbox.url(), events=["post.created"])
    create(api, url=bystander.url(), events=["webhook.test"])
    api.patch(f"/v1/webhooks/{webhook['id']}", json={"active": False})
    delivery = api.post(f"/v1/webhooks/{webhook['id']}/test").get_json()["data"]
    webhook_delivery.deliver_due(hook_settings, "test-worker", 60_000)
    (request,) = inbox.wait_for(1)
    event = Event.get_by_id(delivery["eventId"])
    assert (event.type, event.mode, event.account_id) == ("webhook.test", "live", webhook["userId"])
    data = f'{{"webhook_id":"{webhook["id"]}","message":"{events.TEST_MESSAGE}"}}'
    expected = f'{{"id":"{event.id}","event":"webhook.test","data":{data},"timestamp":{event.created_at}}}'
    assert request.body == expected.encode()
    assert bystander.requests == []


@pytest.mark.storage
def test_retry_sends_the_same_event_again_as_a_new_manual_delivery(api, receiver, hook_settings, clock_at):
    now = clock_at(1_800_000_000_000)
    inbox = receiver(default=Reply(status=500))
    webhook = create(api, url=inbox.url())
    first = api.post(f"/v1/webhooks/{webhook['id']}/test").get_json()["data"]
    webhook_delivery.deliver_due(hook_settings, "test-worker", 60_000)
    failed = api.get(f"/v1/webhooks/{webhook['id']}/deliveries/{first['id']}").get_json()["data"]
    assert failed["status"] == "pending" and failed["responseStatus"] == 500
    assert failed["nextAttemptAt"] == now + 1000

    inbox.default = Reply(status=204, body=b"")
    clock_at(now + 10)
    response = api.post(f"/v1/webhooks/{webhook['id']}/deliveries/{first['id']}/retry")
    assert response.status_code == 201
    retry = response.get_json()["data"]
    assert retry["id"] != first["id"]
    assert (retry["eventId"], retry["trigger"], retry["status"]) == (first["eventId"], "manual", "pending")
    assert retry["nextAttemptAt"] == now + 10

    assert webhook_delivery.deliver_due(hook_settings, "test-worker", 60_000) == 1
    requests = inbox.wait_for(2)
    assert {r.headers["Service-Event-Id"] for r in requests} == {first["eventId"]}
    assert requests[0].body == requests[1].body
    done = api.get(f"/v1/webhooks/{webhook['id']}/deliveries/{retry['id']}").get_json()["data"]
    assert (done["status"], done["responseStatus"], done["responseBody"]) == ("succeeded", 204, "")
    original = api.get(f"/v1/webhooks/{webhook['id']}/deliveries/{first['id']}").get_json()["data"]
    assert original == failed


def test_unknown_delivery_is_404(api):
    webhook = create(api)
    assert api.get(f"/v1/webhooks/{webhook['id']}/deliveries/whd_nope").status_code == 404
    assert api.post(f"/v1/webhooks/{webhook['id']}/deliveries/whd_nope/retry").status_code == 404
    assert api.post("/v1/webhooks/wh_nope/test").status_code == 404


# Delivery history ----------------------------------------------------------------


@pytest.fixture
def history(api, clock_at, make_key):
    """A webhook with five deliveries at t..t+4000: test, then post.* events."""
    t = clock_at(1_800_000_000_000)
    webhook = create(api, events=["post.created", "post.failed", "webhook.test"])
    account_id = webhook["userId"]
    made = [api.post(f"/v1/webhooks/{webhook['id']}/test").get_json()["data"]["id"]]
    for offset, event_type in ((1000, "post.created"), (2000, "post.failed"), (3000, "post.created")):
        clock_at(t + offset)
        with database.atomic():
            events.record(account_id, "live", event_type, {"post_id": f"post_{offset}"})
        made.append(WebhookDelivery.select().order_by(WebhookDelivery.id.desc()).get().id)
    clock_at(t + 4000)
    retried = api.post(f"/v1/webhooks/{webhook['id']}/deliveries/{made[1]}/retry").get_json()["data"]
    made.append(retried["id"])
    WebhookDelivery.update(status="succeeded").where(WebhookDelivery.id.in_([made[0], made[2]])).execute()
    WebhookDelivery.update(status="failed").where(WebhookDelivery.id == made[3]).execute()
    return t, webhook, made


def delivery_ids(response):
    assert response.status_code == 200, response.get_data(as_text=True)
    return [d["id"] for d in response.get_json()["data"]]


@pytest.mark.storage
def test_deliveries_are_listed_newest_first(api, history):
    _, webhook, made = history
    body = api.get(f"/v1/webhooks/{webhook['id']}/deliveries").get_json()
    assert [d["id"] for d in body["data"]] == made[::-1]
    assert body["meta"]["pagination"] == {
        "page": 1,
        "per_page": 20,
        "total": 5,
        "total_pages": 1,
        "next_cursor": None,
    }
    assert delivery_ids(api.get(f"/v1/webhooks/{webhook['id']}/deliveries?sort=createdAt")) == made
    page = api.get(f"/v1/webhooks/{webhook['id']}/deliveries?per_page=2&page=2")
    assert delivery_ids(page) == made[::-1][2:4]


@pytest.mark.storage
@pytest.mark.parametrize(
    "query, expected",
    [
        ("filter[status]=pending", [4, 1]),
        ("filter[status][eq]=succeeded", [2, 0]),
        ("filter[status][ne]=pending", [3, 2, 0]),
        ("filter[status][in]=failed,succeeded", [3, 2, 0]),
        ("filter[event]=post.created", [4, 3, 1]),
        ("filter[event][in]=webhook.test,post.failed", [2, 0]),
        ("filter[trigger]=manual", [4]),
        ("filter[trigger][ne]=event", [4, 0]),
        ("filter[createdAt][gte]={t2}", [4, 3, 2]),
        ("filter[createdAt][lt]={t2}&filter[status]=pending", [1]),
    ],
)
def test_delivery_filters(api, history, query, expected):
    t, webhook, made = history
    query = query.format(t2=t + 2000)
    response = api.get(f"/v1/webhooks/{webhook['id']}/deliveries?{query}")
    assert delivery_ids(response) == [made[i] for i in expected]
    assert response.get_json()["meta"]["pagination"]["total"] == len(expected)


@pytest.mark.storage
def test_delivery_totals_stay_exact_through_every_change(api, history):
    """The tallies behind a delivery history's `total` agree with a real count after new
    deliveries, folds, the purge, and deleting a webhook (its deliveries go by cascade)."""
    t, webhook, made = history
    other = create(api, events=["post.created"])
    queries = ["", "filter[event]=post.created", "filter[trigger]=manual", "filter[event][ne]=post.created"]

    def check(hooks=(webhook, other)):
        for hook in hooks:
            real = WebhookDelivery.select().where(WebhookDelivery.webhook == hook["id"])
            expected = [
                real.count(),
                real.where(WebhookDelivery.event_type == "post.created").count(),
                real.where(WebhookDelivery.trigger == "manual").count(),
                real.where(WebhookDelivery.event_type != "post.created").count(),
            ]
            totals = [
                api.get(f"/v1/webhooks/{hook['id']}/deliveries?{query}").get_json()["meta"]["pagination"][
                    "total"
                ]
                for query in queries
            ]
            assert totals == expected, hook["id"]

    check()
    tallies.fold()
    check()
    with database.atomic():
        events.record(webhook["userId"], "live", "post.created", {"post_id": "post_later"})
    api.post(f"/v1/webhooks/{other['id']}/test")
    check()
    tallies.fold()
    check()
    # The purge deletes finished deliveries past retention: the three the fixture ended.
    WebhookDelivery.update(due_at=None).where(WebhookDelivery.status != "pending").execute()
    assert WebhookDelivery.purge_before(t + 10_000) == 3
    check()
    tallies.fold()
    check()
    api.delete(f"/v1/webhooks/{other['id']}")
    tallies.fold()
    check([webhook])
    assert not WebhookDeliveryTally.select().where(WebhookDeliveryTally.webhook_id == other["id"]).exists()


@pytest.mark.parametrize(
    "query, field",
    [
        ("filter[status]=lost", "filter[status]"),
        ("filter[status][gt]=pending", "filter[status][gt]"),
        ("filter[url]=x", "filter[url]"),
        ("sort=status", "sort"),
        ("per_page=101", "per_page"),
    ],
)
def test_delivery_listing_refuses_unknown_filters(api, query, field):
    webhook = create(api)
    response = api.get(f"/v1/webhooks/{webhook['id']}/deliveries?{query}")
    assert response.status_code == 400
    assert response.get_json()["error"]["details"][0]["field"] == field
