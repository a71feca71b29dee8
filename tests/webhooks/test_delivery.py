"""Sending webhook deliveries (docs/api.md, Webhooks): fan-out in the event's
transaction, the signed request, retries on the backoff schedule, failures of every
kind, SSRF at send time, isolation of slow receivers, and the worker process.
"""

import base64
import json
import logging
import signal
import socket
import ssl
import threading
import time

import pytest
from peewee import OperationalError
from standardwebhooks.webhooks import Webhook as StandardWebhook
from standardwebhooks.webhooks import WebhookVerificationError

from models import Event, Webhook, WebhookDelivery
from postline import logs
from postline.db import database, leases
from postline.jobs import maintenance
from postline.keyring import keyring
from postline.net import client
from postline.webhooks import delivery as webhook_delivery
from postline.webhooks import events, subscriptions
from postline.webhooks.signatures import SignatureError, verify_signature
from tests.support.client import allow_local_webhooks
from tests.support.receivers import Reply, self_signed_certificate

# Delivery claims, retries, tallies and purges: each backend's locking and SQL.
pytestmark = pytest.mark.storage

NOW = 1_800_000_000_000
DELAYS = [0, 1, 2, 4, 8, 16, 32]
WORKER = "test-worker"
LEASE_MS = 60_000


@pytest.fixture
def settings(settings):
    return allow_local_webhooks(settings)


@pytest.fixture
def keeper():
    """A lease keeper, stopped after the test: its thread would otherwise wake every
    third of a lease for the rest of the session, and outlive the test's database."""
    keeper = leases.Keeper(LEASE_MS)
    yield keeper
    keeper.stop()


def create(api, url, events=("post.delivered",), **body):
    response = api.post("/v1/webhooks", json={"url": url, "events": list(events), **body})
    assert response.status_code == 201, response.get_data(as_text=True)
    return response.get_json()["data"]


def record(account_id, event_type="post.delivered", data=None, mode="live"):
    data = data or {"post_id": "post_1", "channel_id": "ch_1", "delivered_at": NOW, "targets": []}
    with database.atomic():
        return Event.get_by_id(events.record(account_id, mode, event_type, data))


def delivery_of(event):
    return WebhookDelivery.get(WebhookDelivery.event == event.id)


def deliver(hook_settings):
    """Run the delivery job once, in this thread, at the (pinned) clock's time."""
    return webhook_delivery.deliver_due(hook_settings, WORKER, LEASE_MS)


# Fan-out ------------------------------------------------------------------------


def test_an_event_fans_out_to_each_subscribed_active_webhook_of_its_account_and_mode(api, make_key):
    url = "https://hooks.example.com/"
    subscribed = create(api, url, events=["post.delivered", "post.failed"])
    also = create(api, url, events=["post.delivered"])
    create(api, url, events=["post.failed"])
    inactive = create(api, url, events=["post.delivered"])
    api.patch(f"/v1/webhooks/{inactive['id']}", json={"active": False})
    create(api.as_key(make_key(mode="test")), url)
    create(api.as_key(make_key(account="globex")), url)

    event = record(subscribed["userId"])
    deliveries = WebhookDelivery.select().where(WebhookDelivery.event == event.id)
    assert sorted(d.webhook_id for d in deliveries) == sorted([subscribed["id"], also["id"]])
    assert {(d.status, d.trigger, d.event_type, d.attempts) for d in deliveries} == {
        ("pending", "event", "post.delivered", 0)
    }
    test_event = record(subscribed["userId"], mode="test")
    assert WebhookDelivery.select().where(WebhookDelivery.event == test_event.id).count() == 1


def test_fan_out_happens_in_the_events_transaction(api):
    webhook = create(api, "https://hooks.example.com/")
    with pytest.raises(RuntimeError), database.atomic():
        events.record(webhook["userId"], "live", "post.delivered", {"post_id": "post_1"})
        raise RuntimeError("the change that caused the event fails")
    assert Event.select().count() == 0
    assert WebhookDelivery.select().count() == 0


def test_unknown_event_type_is_refused(api):
    webhook = create(api, "https://h.example.com/")
    with pytest.raises(ValueError, match="unknown event type"):
        events.record(webhook["userId"], "live", "post.published", {})
    assert Event.select().count() == 0


# The request ------------------------------------------------------------------


def test_delivery_request_is_signed_json_with_the_contract_headers(api, receiver, hook_settings, clock_at):
    clock_at(NOW)
    inbox = receiver()
    webhook = create(api, inbox.url("/in?source=postline"))
    data = {"post_id": "post_1", "channel_id": "ch_1", "delivered_at": NOW - 5, "targets": [{"x": 1.5}]}
    event = record(webhook["userId"], data=data)
    assert deliver(hook_settings) == 1

    (request,) = inbox.wait_for(1)
    assert request.path == "/in?source=postline"
    assert json.loads(request.body) == {
        "id": event.id,
        "event": "post.delivered",
        "data": data,
        "timestamp": NOW,
    }
    headers = request.headers
    assert headers["Content-Type"] == "application/json"
    assert headers["Service-Event-Type"] == "post.delivered"
    assert headers["Service-Event-Id"] == event.id
    assert headers["Service-Delivery-Attempt"] == "1"
    assert headers["Host"] == f"127.0.0.1:{inbox.port}"
    assert headers["Service-Signature"].startswith(f"t={NOW // 1000},v1=")
    assert verify_signature(request.body, headers["Service-Signature"], webhook["secret"], now=NOW // 1000)
    with pytest.raises(SignatureError):
        verify_signature(request.body, headers["Service-Signature"], "whsec_wrong", now=NOW // 1000)

    delivery = delivery_of(event)
    assert (delivery.status, delivery.attempts, delivery.response_status) == ("succeeded", 1, 200)
    assert (delivery.delivered_at, delivery.last_attempt_at, delivery.next_attempt_at) == (NOW, NOW, None)
    assert delivery.duration_ms >= 0 and delivery.error is None
    assert (delivery.due_at, delivery.lease_owner) == (None, None)


def test_each_attempt_is_signed_afresh_with_the_same_event_id(api, receiver, hook_settings, clock_at):
    clock_at(NOW)
    inbox = receiver()
    inbox.script(Reply(status=503))
    webhook = create(api, inbox.url())
    event = record(webhook["userId"])
    deliver(hook_settings)
    clock_at(NOW + 1_500)
    deliver(hook_settings)
    first, second = inbox.wait_for(2)
    assert first.body == second.body
    assert [r.headers["Service-Event-Id"] for r in (first, second)] == [event.id, event.id]
    assert [r.headers["Service-Delivery-Attempt"] for r in (first, second)] == ["1", "2"]
    assert first.headers["Service-Signature"] != second.headers["Service-Signature"]
    verify_signature(second.body, second.headers["Service-Signature"], webhook["secret"], now=NOW // 1000 + 1)
    assert delivery_of(event).status == "succeeded"


def test_response_body_is_kept_to_its_first_kilobyte(api, receiver, hook_settings):
    inbox = receiver(default=Reply(status=500, body="é".encode() * 3000))
    webhook = create(api, inbox.url())
    event = record(webhook["userId"])
    deliver(hook_settings)
    delivery = delivery_of(event)
    assert delivery.response_body == "é" * 512
    assert delivery.error == "HTTP 500: not a 2xx answer"


# Retries ------------------------------------------------------------------------


def test_retries_follow_the_backoff_schedule_then_fail(api, receiver, hook_settings, clock_at):
    assert hook_settings["retry_delays"] == DELAYS
    now = clock_at(NOW)
    inbox = receiver(default=Reply(status=500))
    webhook = create(api, inbox.url())
    event = record(webhook["userId"])
    attempt_times = []
    for attempt, delay in enumerate(DELAYS[1:] + [None], start=1):
        assert deliver(hook_settings) == 1
        attempt_times.append(now)
        delivery = delivery_of(event)
        assert delivery.attempts == attempt and delivery.last_attempt_at == now
        if delay is None:
            break
        assert (delivery.status, delivery.next_attempt_at) == ("pending", now + delay * 1000)
        clock_at(now + delay * 1000 - 1)
        assert deliver(hook_settings) == 0, f"attempt {attempt + 1} came early"
        now = clock_at(now + delay * 1000)
    assert [t - NOW for t in attempt_times] == [0, 1_000, 3_000, 7_000, 15_000, 31_000, 63_000]
    delivery = delivery_of(event)
    assert (delivery.status, delivery.attempts, delivery.next_attempt_at) == ("failed", 7, None)
    assert delivery.due_at is None and delivery.delivered_at is None
    clock_at(now + 3_600_000)
    assert deliver(hook_settings) == 0
    assert len(inbox.requests) == 7
    assert [r.headers["Service-Delivery-Attempt"] for r in inbox.requests] == [str(n) for n in range(1, 8)]


def test_a_success_after_failures_stops_the_retries(api, receiver, hook_settings, clock_at):
    clock_at(NOW)
    inbox = receiver()
    inbox.script(Reply(status=500), Reply(status=429))
    webhook = create(api, inbox.url())
    event = record(webhook["userId"])
    deliver(hook_settings)
    clock_at(NOW + 1_000)
    deliver(hook_settings)
    clock_at(NOW + 3_000)
    deliver(hook_settings)
    delivery = delivery_of(event)
    assert (delivery.status, delivery.attempts, delivery.delivered_at) == ("succeeded", 3, NOW + 3_000)
    assert (delivery.response_status, delivery.error, delivery.next_attempt_at) == (200, None, None)
    clock_at(NOW + 100_000)
    assert deliver(hook_settings) == 0
    assert len(inbox.requests) == 3


@pytest.mark.parametrize("status", [301, 302, 303, 307, 308])
def test_redirects_are_failed_attempts_and_not_followed(api, receiver, hook_settings, status):
    target = receiver()
    inbox = receiver(default=Reply(status=status, headers={"Location": target.url()}))
    webhook = create(api, inbox.url())
    event = record(webhook["userId"])
    deliver(hook_settings)
    delivery = delivery_of(event)
    assert (delivery.status, delivery.attempts, delivery.response_status) == ("pending", 1, status)
    assert delivery.error == f"HTTP {status}: redirects are not followed"
    assert target.requests == []


def test_a_receiver_slower_than_the_timeout_is_a_failed_attempt(api, receiver, hook_settings):
    hook_settings["timeout"] = 0.5
    inbox = receiver(default=Reply(delay=3))
    webhook = create(api, inbox.url())
    event = record(webhook["userId"])
    started = time.monotonic()
    deliver(hook_settings)
    assert time.monotonic() - started < 2
    delivery = delivery_of(event)
    assert (delivery.status, delivery.attempts, delivery.response_status) == ("pending", 1, None)
    assert delivery.error in ("timed out", "no answer within 0.5 s")
    assert 400 <= delivery.duration_ms < 2000


def test_a_receiver_trickling_its_answer_is_cut_off_at_the_timeout(api, hook_settings):
    """Each byte comes within the socket timeout; the whole answer does not."""
    hook_settings["timeout"] = 1
    listener = socket.create_server(("127.0.0.1", 0))
    stop = threading.Event()

    def trickle():
        connection, _ = listener.accept()
        with connection:
            connection.recv(65536)
            connection.sendall(b"HTTP/1.1 200 OK\r\n")
            while not stop.wait(0.2):
                try:
                    connection.sendall(b"X-Slow: 1\r\n")
                except OSError:
                    return

    thread = threading.Thread(target=trickle)
    thread.start()
    try:
        webhook = create(api, f"http://127.0.0.1:{listener.getsockname()[1]}/hook")
        event = record(webhook["userId"])
        started = time.monotonic()
        deliver(hook_settings)
        elapsed = time.monotonic() - started
    finally:
        stop.set()
        thread.join()
        listener.close()
    delivery = delivery_of(event)
    assert delivery.error == "no answer within 1 s"
    assert delivery.status == "pending" and elapsed < 1.8


def test_connection_errors_are_failed_attempts(api, hook_settings):
    with socket.create_server(("127.0.0.1", 0)) as closed:
        port = closed.getsockname()[1]
    webhook = create(api, f"http://127.0.0.1:{port}/hook")
    event = record(webhook["userId"])
    deliver(hook_settings)
    delivery = delivery_of(event)
    assert (delivery.status, delivery.attempts, delivery.error) == ("pending", 1, "connection refused")


def test_an_inactive_webhooks_pending_deliveries_are_not_sent(api, receiver, hook_settings):
    inbox = receiver()
    webhook = create(api, inbox.url())
    event = record(webhook["userId"])
    api.patch(f"/v1/webhooks/{webhook['id']}", json={"active": False})
    deliver(hook_settings)
    delivery = delivery_of(event)
    assert (delivery.status, delivery.attempts) == ("failed", 0)
    assert delivery.error == "not sent: the webhook is inactive"
    assert inbox.requests == []


def test_a_webhook_deleted_while_its_delivery_is_claimed_is_skipped(api, receiver, hook_settings):
    inbox = receiver()
    webhook = create(api, inbox.url())
    record(webhook["userId"])
    claimed = webhook_delivery.claim_next(WORKER, hook_settings, LEASE_MS)
    api.delete(f"/v1/webhooks/{webhook['id']}")
    assert webhook_delivery.deliver(claimed, hook_settings) == 0
    assert inbox.requests == [] and WebhookDelivery.select().count() == 0


# Secret rotation ------------------------------------------------------------------


def test_rotation_signs_with_both_secrets_for_24_hours(api, receiver, hook_settings, clock_at):
    clock_at(NOW)
    inbox = receiver()
    webhook = create(api, inbox.url())
    old = webhook["secret"]
    new = api.patch(f"/v1/webhooks/{webhook['id']}", json={"rotateSecret": True}).get_json()["data"]["secret"]

    def delivered_at(at):
        clock_at(at)
        record(webhook["userId"])
        deliver(hook_settings)
        request = inbox.requests[-1]
        return request.body, request.headers["Service-Signature"], at // 1000

    body, header, t = delivered_at(NOW + 86_400_000 - 1)
    assert header.count("v1=") == 2
    assert verify_signature(body, header, new, now=t) == t
    assert verify_signature(body, header, old, now=t) == t

    body, header, t = delivered_at(NOW + 86_400_000)
    assert header.count("v1=") == 1
    assert verify_signature(body, header, new, now=t) == t
    with pytest.raises(SignatureError):
        verify_signature(body, header, old, now=t)


def test_rotating_twice_drops_the_oldest_secret(api, receiver, hook_settings, clock_at):
    clock_at(NOW)
    inbox = receiver()
    webhook = create(api, inbox.url())
    second = api.patch(f"/v1/webhooks/{webhook['id']}", json={"rotateSecret": True}).get_json()["data"]
    third = api.patch(f"/v1/webhooks/{webhook['id']}", json={"rotateSecret": True}).get_json()["data"]
    record(webhook["userId"])
    deliver(hook_settings)
    (request,) = inbox.wait_for(1)
    header = request.headers["Service-Signature"]
    assert header.count("v1=") == 2
    for secret in (third["secret"], second["secret"]):
        verify_signature(request.body, header, secret, now=NOW // 1000)
    with pytest.raises(SignatureError):
        verify_signature(request.body, header, webhook["secret"], now=NOW // 1000)


# SSRF at send time ----------------------------------------------------------------


def test_with_the_development_switches_off_a_local_url_is_refused_at_create_and_at_send(
    api, app, receiver, hook_settings
):
    inbox = receiver()
    webhook = create(api, inbox.url())
    event = record(webhook["userId"])

    strict = {**hook_settings, "allow_http": False, "allow_private_targets": False}
    app.config["POSTLINE"]["webhooks"] = strict
    response = api.post("/v1/webhooks", json={"url": inbox.url(), "events": ["post.delivered"]})
    assert response.status_code == 400
    assert response.get_json()["error"]["details"][0] == {
        "field": "url",
        "message": "must be an https:// URL ([webhooks] allow_http = true and allow_private_targets = true "
        "allow it, for local development only: POSTLINE_WEBHOOKS_ALLOW_HTTP=true "
        "POSTLINE_WEBHOOKS_ALLOW_PRIVATE_TARGETS=true, or `python3 tasks.py serve --dev`)",
    }
    https = inbox.url(scheme="https")
    response = api.post("/v1/webhooks", json={"url": https, "events": ["post.delivered"]})
    message = response.get_json()["error"]["message"]
    assert response.status_code == 400 and "127.0.0.1" in message
    assert "[webhooks] allow_private_targets = true allows it" in message

    webhook_delivery.deliver_due(strict, WORKER, LEASE_MS)
    delivery = delivery_of(event)
    assert delivery.status == "pending" and delivery.attempts == 1
    assert delivery.error == (
        "refused: the URL must be an https:// URL ([webhooks] allow_http = true and allow_private_targets "
        "= true allow it, for local development only: POSTLINE_WEBHOOKS_ALLOW_HTTP=true "
        "POSTLINE_WEBHOOKS_ALLOW_PRIVATE_TARGETS=true, or `python3 tasks.py serve --dev`)"
    )
    only_private = {**strict, "allow_http": True}
    WebhookDelivery.update(due_at=0).execute()
    webhook_delivery.deliver_due(only_private, WORKER, LEASE_MS)
    assert "private, loopback or reserved address (127.0.0.1)" in delivery_of(event).error
    assert "[webhooks] allow_private_targets = true allows it" in delivery_of(event).error
    assert "POSTLINE_WEBHOOKS_ALLOW_PRIVATE_TARGETS=true, or `python3 tasks.py serve --dev`" in (
        delivery_of(event).error
    )
    assert inbox.requests == []


def test_dns_rebinding_after_create_is_refused_at_send(api, app, receiver, hook_settings, dns):
    inbox = receiver()
    answers = iter([["93.184.216.34"], ["127.0.0.1"]])
    dns["rebind.example.test"] = lambda: next(answers)
    strict = {**hook_settings, "allow_private_targets": False}
    app.config["POSTLINE"]["webhooks"] = strict
    webhook = create(api, f"http://rebind.example.test:{inbox.port}/hook")
    event = record(webhook["userId"])
    webhook_delivery.deliver_due(strict, WORKER, LEASE_MS)
    delivery = delivery_of(event)
    assert "rebind.example.test resolves to one" in delivery.error
    assert inbox.requests == []


def test_send_connects_to_the_address_it_checked_and_keeps_the_hostname(api, receiver, hook_settings, dns):
    """Resolved once per attempt: the connection never asks the resolver again."""
    inbox = receiver()
    lookups = []
    dns["hooks.example.test"] = lambda: lookups.append(1) or ["127.0.0.1"]
    webhook = create(api, f"http://hooks.example.test:{inbox.port}/hook")
    lookups.clear()
    event = record(webhook["userId"])
    deliver(hook_settings)
    assert delivery_of(event).status == "succeeded"
    assert len(lookups) == 1
    assert inbox.requests[0].headers["Host"] == f"hooks.example.test:{inbox.port}"


@pytest.fixture
def tls_receiver(receiver, tmp_path, monkeypatch):
    """An https receiver on 127.0.0.1 whose certificate names hooks.example.test."""
    cert, key = self_signed_certificate("hooks.example.test", tmp_path)
    server_context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    server_context.load_cert_chain(cert, key)
    client_context = ssl.create_default_context(cafile=cert)
    monkeypatch.setattr(client, "tls_context", lambda: client_context)
    return receiver(tls_context=server_context)


def test_https_delivery_checks_the_certificate_against_the_hostname(api, tls_receiver, hook_settings, dns):
    dns["hooks.example.test"] = ["127.0.0.1"]
    dns["impostor.example.test"] = ["127.0.0.1"]
    webhook = create(api, f"https://hooks.example.test:{tls_receiver.port}/hook")
    event = record(webhook["userId"])
    deliver(hook_settings)
    assert delivery_of(event).status == "succeeded"
    assert tls_receiver.server_names == ["hooks.example.test"]
    assert tls_receiver.requests[0].headers["Host"] == f"hooks.example.test:{tls_receiver.port}"

    for url in (
        f"https://impostor.example.test:{tls_receiver.port}/",
        f"https://127.0.0.1:{tls_receiver.port}/",
    ):
        impostor = create(api, url)
        api.post(f"/v1/webhooks/{impostor['id']}/test")
        deliver(hook_settings)
        failed = WebhookDelivery.get(WebhookDelivery.webhook == impostor["id"])
        assert failed.status == "pending", failed.error
        assert failed.error.startswith("TLS certificate rejected"), failed.error
    assert len(tls_receiver.requests) == 1


# A slow receiver does not hold up the others --------------------------------------


def test_a_slow_receiver_does_not_delay_a_healthy_one(api, receiver, hook_settings, keeper):
    settings = {**hook_settings, "concurrency": 4, "per_webhook_concurrency": 2, "timeout": 5}
    slow = receiver(default=Reply(delay=1.5))
    healthy = receiver()
    slow_webhook = create(api, slow.url(), events=["post.failed"])
    create(api, healthy.url(), events=["post.delivered"])
    for _ in range(6):
        record(slow_webhook["userId"], event_type="post.failed")
    record(slow_webhook["userId"])

    dispatcher = webhook_delivery.pool(settings, WORKER, keeper)
    started = time.monotonic()
    dispatcher.dispatch_due()
    try:
        healthy.wait_for(1, timeout=1)
        assert time.monotonic() - started < 1
        time.sleep(0.2)
        assert len(slow.requests) == 2, "one webhook took more than its share of the threads"
    finally:
        dispatcher.shutdown()
    # Shutting down finished the two in flight and left the rest for later.
    statuses = [d.status for d in WebhookDelivery.select()]
    assert statuses.count("succeeded") == 3 and statuses.count("pending") == 4
    assert WebhookDelivery.select().where(WebhookDelivery.lease_owner.is_null(False)).count() == 0


def test_the_dispatcher_keeps_every_thread_busy_until_nothing_is_due(api, receiver, hook_settings, keeper):
    settings = {**hook_settings, "concurrency": 3, "per_webhook_concurrency": 3}
    inbox = receiver(default=Reply(delay=0.05))
    webhook = create(api, inbox.url())
    for _ in range(30):
        record(webhook["userId"])
    dispatcher = webhook_delivery.pool(settings, WORKER, keeper)
    dispatcher.dispatch_due()
    inbox.wait_for(30, timeout=10)
    dispatcher.shutdown()
    assert WebhookDelivery.select().where(WebhookDelivery.status == "succeeded").count() == 30
    assert len({r.headers["Service-Event-Id"] for r in inbox.requests}) == 30


def test_a_failed_claim_does_not_cost_the_dispatcher_a_thread(
    api, receiver, hook_settings, monkeypatch, keeper
):
    settings = {**hook_settings, "concurrency": 1}
    dispatcher = webhook_delivery.pool(settings, WORKER, keeper)
    claim_next = webhook_delivery.claim_next

    def database_down(*args):
        raise OperationalError("could not connect to server")

    inbox = receiver()
    webhook = create(api, inbox.url())
    record(webhook["userId"])
    monkeypatch.setattr(webhook_delivery, "claim_next", database_down)
    with pytest.raises(OperationalError):
        dispatcher.dispatch_due()
    monkeypatch.setattr(webhook_delivery, "claim_next", claim_next)
    try:
        dispatcher.dispatch_due()
        inbox.wait_for(1, timeout=5)
    finally:
        dispatcher.shutdown()


# Purge ------------------------------------------------------------------------


def test_purge_removes_finished_deliveries_past_retention(api, app, receiver, hook_settings, clock_at):
    clock_at(NOW)
    inbox = receiver()
    webhook = create(api, inbox.url())
    done = record(webhook["userId"])
    deliver(hook_settings)
    stuck = record(webhook["userId"])
    WebhookDelivery.update(due_at=NOW + 10**12).where(WebhookDelivery.event == stuck.id).execute()
    clock_at(NOW + 1)
    recent = record(webhook["userId"])
    deliver(hook_settings)
    clock_at(NOW + 30 * 86_400_000 + 1)
    maintenance.purge_expired_rows(app.config["POSTLINE"])
    remaining = {d.event_id for d in WebhookDelivery.select()}
    assert remaining == {stuck.id, recent.id}
    assert done.id not in remaining


def test_purge_keeps_old_events_a_recent_delivery_still_shows(api, app, receiver, hook_settings, clock_at):
    clock_at(NOW)
    inbox = receiver()
    webhook = create(api, inbox.url())
    old = record(webhook["userId"])
    forgotten = record(webhook["userId"])
    deliver(hook_settings)
    clock_at(NOW + 29 * 86_400_000)
    retried = api.post(f"/v1/webhooks/{webhook['id']}/deliveries/{delivery_of(old).id}/retry")
    assert retried.status_code == 201
    deliver(hook_settings)
    clock_at(NOW + 30 * 86_400_000 + 1)
    maintenance.purge_expired_rows(app.config["POSTLINE"])
    assert {e.id for e in Event.select()} == {old.id}
    assert [d.trigger for d in WebhookDelivery.select()] == ["manual"]
    assert forgotten.id not in {d.event_id for d in WebhookDelivery.select()}


def test_a_delivery_that_cannot_be_built_is_a_failed_attempt(api, receiver, hook_settings, monkeypatch):
    inbox = receiver()
    webhook = create(api, inbox.url())
    event = record(webhook["userId"])

    def broken(webhook, now_ms):
        raise ValueError("the secret no longer decrypts")

    monkeypatch.setattr(subscriptions, "signing_secrets", broken)
    assert deliver(hook_settings) == 1
    delivery = delivery_of(event)
    assert (delivery.status, delivery.attempts) == ("pending", 1)
    assert delivery.error.startswith("internal error")
    assert delivery.next_attempt_at is not None and inbox.requests == []


# The worker process -----------------------------------------------------------


WORKER_ENV = {
    "POSTLINE_WEBHOOKS_ALLOW_HTTP": "true",
    "POSTLINE_WEBHOOKS_ALLOW_PRIVATE_TARGETS": "true",
    "POSTLINE_WORKER_POLL_INTERVAL": "0.2",
}


def wait_for_status(api, webhook_id, delivery_id, status, timeout=20):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        delivery = api.get(f"/v1/webhooks/{webhook_id}/deliveries/{delivery_id}").get_json()["data"]
        if delivery["status"] == status:
            return delivery
        time.sleep(0.1)
    raise AssertionError(f"delivery still {delivery['status']}")


def test_a_worker_process_delivers_a_test_event(api, receiver, worker_process):
    inbox = receiver()
    webhook = create(api, inbox.url())
    worker = worker_process(**WORKER_ENV)
    delivery = api.post(f"/v1/webhooks/{webhook['id']}/test").get_json()["data"]
    (request,) = inbox.wait_for(1, timeout=20)
    verify_signature(request.body, request.headers["Service-Signature"], webhook["secret"])
    assert json.loads(request.body)["event"] == "webhook.test"
    done = wait_for_status(api, webhook["id"], delivery["id"], "succeeded")
    assert done["attempts"] == 1 and done["responseStatus"] == 200
    assert worker.stop() == 0, worker.output()


def test_sigterm_lets_the_delivery_in_flight_finish(api, receiver, worker_process):
    inbox = receiver(default=Reply(delay=1.5))
    webhook = create(api, inbox.url())
    worker = worker_process(**WORKER_ENV)
    delivery = api.post(f"/v1/webhooks/{webhook['id']}/test").get_json()["data"]
    inbox.wait_for(1, timeout=20)
    worker.process.terminate()
    assert worker.process.wait(timeout=20) == 0, worker.output()
    done = api.get(f"/v1/webhooks/{webhook['id']}/deliveries/{delivery['id']}").get_json()["data"]
    assert done["status"] == "succeeded", worker.output()
    assert "Traceback" not in worker.output()


def test_with_a_receiver_hanging_the_first_sigint_waits_the_grace_and_a_second_leaves_at_once(
    api, receiver, worker_process
):
    inbox = receiver(default=Reply(delay=60))
    webhook = create(api, inbox.url())
    env = {**WORKER_ENV, "POSTLINE_WEBHOOKS_TIMEOUT": "60", "POSTLINE_SERVER_LOG_LEVEL": "INFO"}
    for second_signal in (True, False):
        worker = worker_process(**env, POSTLINE_WORKER_SHUTDOWN_GRACE="4")
        api.post(f"/v1/webhooks/{webhook['id']}/test")
        inbox.wait_for(1 if second_signal else 2, timeout=20)
        worker.process.send_signal(signal.SIGINT)
        time.sleep(0.5)
        stopped = time.monotonic()
        if second_signal:
            worker.process.send_signal(signal.SIGINT)
        code = worker.process.wait(timeout=20)
        waited = time.monotonic() - stopped
        assert "waiting up to" in worker.output() and "1 webhook" in worker.output()
        if second_signal:
            assert waited < 2, worker.output()
        else:
            assert 3 <= waited < 6, worker.output()
        assert code != 0 and "Traceback" not in worker.output()


def test_each_attempt_is_one_log_line_naming_the_webhook_event_and_outcome(
    api, receiver, hook_settings, caplog
):
    caplog.set_level(logging.INFO, "postline.webhooks.delivery")
    inbox = receiver()
    inbox.script(Reply(status=500))
    webhook = create(api, inbox.url())
    event = record(webhook["userId"])
    deliver(hook_settings)
    (line,) = [r for r in caplog.records if r.name == "postline.webhooks.delivery"]
    assert line.fields == {
        "delivery_id": delivery_of(event).id,
        "webhook_id": webhook["id"],
        "event": "post.delivered",
        "event_id": event.id,
        "post_id": "post_1",  # from the event's data: a post's id finds its deliveries
        "attempt": 1,
        "status": "pending",
        "response_status": 500,
        "duration_ms": line.fields["duration_ms"],
        "error": "HTTP 500: not a 2xx answer",
        "next_attempt_at": logs.instant(delivery_of(event).next_attempt_at),
    }
    assert line.fields["next_attempt_at"].endswith("Z")
    assert "retrying" in line.getMessage() and webhook["secret"] not in caplog.text


def test_a_secret_issued_in_the_old_base64url_form_still_signs(api, receiver, hook_settings):
    old_secret = "whsec_" + "Ab-_" * 10 + "Xy9"  # base64url, unpadded: what was issued before
    inbox = receiver()
    webhook = create(api, inbox.url())
    Webhook.update(secret=keyring.encrypt(old_secret)).where(Webhook.id == webhook["id"]).execute()
    record(webhook["userId"])
    deliver(hook_settings)
    (request,) = inbox.wait_for(1)
    verify_signature(request.body, request.headers["Service-Signature"], old_secret)
    StandardWebhook(old_secret).verify(request.body, request.headers)  # delivered on the real clock


def test_receivers_verify_with_the_standard_webhooks_library(api, receiver, hook_settings, clock_at):
    """Besides Service-Signature, each delivery carries the Standard Webhooks headers,
    which its library verifies; during a rotation either secret does."""
    inbox = receiver()
    webhook = create(api, inbox.url())
    clock_at(int(time.time() * 1000))
    record(webhook["userId"])
    deliver(hook_settings)
    (request,) = inbox.wait_for(1)
    verified = StandardWebhook(webhook["secret"]).verify(request.body, request.headers)
    assert verified["id"] == request.headers["webhook-id"] == request.headers["Service-Event-Id"]

    rotated = api.patch(f"/v1/webhooks/{webhook['id']}", json={"rotateSecret": True}).get_json()["data"]
    record(webhook["userId"])
    deliver(hook_settings)
    second = inbox.wait_for(2)[1]
    assert len(second.headers["webhook-signature"].split(" ")) == 2
    for secret in (webhook["secret"], rotated["secret"]):
        StandardWebhook(secret).verify(second.body, second.headers)
    with pytest.raises(WebhookVerificationError):
        StandardWebhook("whsec_" + base64.b64encode(b"another secret of 32 bytes......").decode()).verify(
            second.body, second.headers
        )


def test_a_receiver_answering_410_gone_disables_its_webhook_until_enabled_again(api, receiver, hook_settings):
    inbox = receiver()
    inbox.script(Reply(status=410))
    webhook = create(api, inbox.url())
    event = record(webhook["userId"])
    deliver(hook_settings)
    delivery = delivery_of(event)
    assert (delivery.status, delivery.next_attempt_at) == ("failed", None)
    assert delivery.error == (
        "HTTP 410: not a 2xx answer; the webhook is now disabled: the receiver answered 410 Gone"
    )
    shown = api.get(f"/v1/webhooks/{webhook['id']}").get_json()["data"]
    assert (shown["active"], shown["disabledReason"]) == (False, "the receiver answered 410 Gone")
    record(webhook["userId"])
    assert deliver(hook_settings) == 0  # a disabled webhook gets no new deliveries

    enabled = api.patch(f"/v1/webhooks/{webhook['id']}", json={"active": True}).get_json()["data"]
    assert (enabled["active"], enabled["disabledReason"]) == (True, None)
    record(webhook["userId"])
    deliver(hook_settings)
    assert len(inbox.requests) == 2


def test_a_webhook_failing_every_delivery_for_days_is_disabled(api, receiver, hook_settings, clock_at):
    hook_settings["disable_after_days"] = 5
    inbox = receiver(default=Reply(status=500))
    webhook = create(api, inbox.url())
    clock_at(NOW)
    record(webhook["userId"])
    deliver(hook_settings)
    clock_at(NOW + 5 * 86_400_000 - 1)
    record(webhook["userId"])
    WebhookDelivery.update(due_at=0).execute()
    deliver(hook_settings)
    assert api.get(f"/v1/webhooks/{webhook['id']}").get_json()["data"]["active"] is True
    clock_at(NOW + 5 * 86_400_000)
    WebhookDelivery.update(due_at=0).where(WebhookDelivery.status == "pending").execute()
    deliver(hook_settings)
    shown = api.get(f"/v1/webhooks/{webhook['id']}").get_json()["data"]
    assert (shown["active"], shown["disabledReason"]) == (False, "every delivery failed for 5 days")


def test_a_success_resets_the_failing_clock(api, receiver, hook_settings, clock_at):
    inbox = receiver()
    inbox.script(Reply(status=500))
    webhook = create(api, inbox.url())
    clock_at(NOW)
    record(webhook["userId"])
    deliver(hook_settings)
    assert Webhook.get_by_id(webhook["id"]).failing_since == NOW
    clock_at(NOW + 2_000)
    deliver(hook_settings)
    assert Webhook.get_by_id(webhook["id"]).failing_since is None


# Batches ----------------------------------------------------------------------------


def test_a_webhooks_due_deliveries_go_out_in_order_over_one_connection(api, receiver, hook_settings):
    inbox = receiver(keep_alive=True)
    webhook = create(api, inbox.url())
    sent = [record(webhook["userId"]).id for _ in range(5)]
    assert deliver({**hook_settings, "per_webhook_concurrency": 1}) == 5
    requests = inbox.wait_for(5)
    assert [request.headers["Service-Event-Id"] for request in requests] == sent
    assert len({request.peer for request in requests}) == 1
    assert {(d.status, d.attempts, d.lease_owner) for d in WebhookDelivery.select()} == {
        ("succeeded", 1, None)
    }


def test_few_due_deliveries_are_split_across_the_webhooks_slots(api, receiver, hook_settings):
    webhook = create(api, receiver().url())
    for _ in range(5):
        record(webhook["userId"])
    settings = {**hook_settings, "per_webhook_concurrency": 2}
    first = webhook_delivery.claim_next(WORKER, settings, LEASE_MS)
    second = webhook_delivery.claim_next(WORKER, settings, LEASE_MS)
    assert (len(first), len(second)) == (3, 2)
    # Both slots of the webhook are taken: nothing more is claimed for it.
    record(webhook["userId"])
    assert webhook_delivery.claim_next(WORKER, settings, LEASE_MS) == []


def test_an_attempt_without_an_answer_hands_the_rest_of_its_batch_back(api, receiver, hook_settings):
    inbox = receiver()
    inbox.script(Reply(delay=2))
    webhook = create(api, inbox.url())
    first, *rest = [record(webhook["userId"]) for _ in range(3)]
    settings = {**hook_settings, "per_webhook_concurrency": 1, "timeout": 0.5}
    claimed = webhook_delivery.claim_next(WORKER, settings, LEASE_MS)
    assert len(claimed) == 3
    assert webhook_delivery.deliver(claimed, settings) == 1
    timed_out = delivery_of(first)
    assert (timed_out.status, timed_out.attempts, timed_out.response_status) == ("pending", 1, None)
    for event in rest:
        given_back = delivery_of(event)
        assert (given_back.status, given_back.attempts, given_back.lease_owner) == ("pending", 0, None)
        assert given_back.due_at <= time.time() * 1000 + 1
    assert len(inbox.requests) == 1
