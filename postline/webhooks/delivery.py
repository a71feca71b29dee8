"""Sending webhook deliveries (README, Webhooks and API notes: Deliveries).

A delivery is claimed with a lease (postline/db/leases.py), attempted once, and its
outcome written in the UPDATE that ends the lease: succeeded, pending with the next
attempt scheduled, or failed after the last attempt. Each attempt goes through the
outbound client (postline/net/client.py): the URL resolved again and only the
checked address connected to, no redirect followed, `[webhooks] timeout` seconds
in all. The body is signed afresh for each attempt.

In the worker, a `pool` runs attempts on a bounded pool of threads and takes
at most `per_webhook_concurrency` of them for one webhook, so a slow or dead
receiver holds up only its own deliveries.
"""

import dataclasses
import functools
import json
import logging
import time
from dataclasses import dataclass

from models import Webhook, WebhookDelivery
from postline import VERSION, clock, logs, metrics
from postline.db import leases
from postline.jobs.pool import WorkPool
from postline.limits import usage
from postline.net import client, ssrf
from postline.statuses import DeliveryStatus, DeliveryTrigger
from postline.webhooks import signatures, subscriptions

log = logging.getLogger(__name__)

RESPONSE_BODY_LIMIT = 1024
GONE = 410  # a receiver's way to say: no more deliveries, ever
USER_AGENT = f"Postline-Webhooks/{VERSION}"


@dataclass(frozen=True)
class Outcome:
    """What one attempt came to; `error` is None exactly when it succeeded."""

    duration_ms: int
    status: int = None
    body: str = None
    error: str = None


def claim_next(worker_id, settings, lease_ms):
    """Lease the earliest due delivery whose webhook has a free slot: [it], or []."""
    now = clock.now_ms()
    busy = WebhookDelivery.busy_webhooks(now, settings["per_webhook_concurrency"])
    return leases.claim(
        WebhookDelivery, worker_id, now, lease_ms, limit=1, where=WebhookDelivery.webhook.not_in(busy)
    )


def deliver_due(settings, worker_id, lease_ms):
    """Attempt every due delivery, one after another in this thread; returns how many."""
    attempted = 0
    while claimed := claim_next(worker_id, settings, lease_ms):
        attempt(claimed[0], settings)
        attempted += 1
    return attempted


def attempt(delivery, settings):
    """Make one attempt at a claimed delivery and record its outcome."""
    loaded = WebhookDelivery.for_sending(delivery.id)
    if loaded is None:
        return  # its webhook or event was deleted meanwhile, and the delivery with it
    webhook, event = loaded.webhook, loaded.event
    if not webhook.active and delivery.trigger == DeliveryTrigger.EVENT:
        _finish(delivery, status=DeliveryStatus.FAILED, error="not sent: the webhook is inactive")
        return
    started = clock.now_ms()
    number = delivery.attempts + 1
    try:
        outcome = send(webhook.url, *_request(webhook, event, number, started), settings)
    except Exception:
        # A delivery that cannot even be built (a secret that no longer decrypts, say)
        # is a failed attempt like any other, not a thread lost and a row retried forever.
        log.exception("delivery %s: attempt %d could not be made", delivery.id, number)
        outcome = Outcome(duration_ms=0, error="internal error: the request could not be made")
    usage.count(webhook.account_id, webhook.mode, webhook_deliveries=1)
    finished = clock.now_ms()
    retry_delays = settings["retry_delays"]
    disabled = _keep_track_of_health(webhook, outcome, started, settings)
    if disabled:
        outcome = dataclasses.replace(
            outcome, error=f"{outcome.error}; the webhook is now disabled: {disabled}"
        )
    if outcome.error is None:
        status, next_attempt_at = DeliveryStatus.SUCCEEDED, None
    elif number >= len(retry_delays) or disabled:
        status, next_attempt_at = DeliveryStatus.FAILED, None
    else:
        status, next_attempt_at = DeliveryStatus.PENDING, finished + int(retry_delays[number] * 1000)
    said = "delivered" if outcome.error is None else "retrying" if next_attempt_at else "failed for good"
    metrics.delivery_attempted(said.replace(" for good", ""))
    logs.event(
        log,
        f"delivery {delivery.id} of {event.type} to {webhook.id}, attempt {number}: {said}",
        logging.WARNING if status == DeliveryStatus.FAILED else logging.INFO,
        delivery_id=delivery.id,
        webhook_id=webhook.id,
        event=event.type,
        event_id=event.id,
        attempt=number,
        status=status,
        response_status=outcome.status,
        duration_ms=outcome.duration_ms,
        error=outcome.error,
    )
    _finish(
        delivery,
        status=status,
        attempts=number,
        next_attempt_at=next_attempt_at,
        last_attempt_at=started,
        response_status=outcome.status,
        response_body=outcome.body,
        error=outcome.error,
        duration_ms=outcome.duration_ms,
        delivered_at=finished if status == DeliveryStatus.SUCCEEDED else None,
    )


def _keep_track_of_health(webhook, outcome, started, settings):
    """Note since when the webhook's deliveries have all failed; disable it when its
    receiver answers 410 Gone or it has failed for `[webhooks] disable_after_days`.
    Returns why it was disabled, or None."""
    if outcome.error is None:
        if webhook.failing_since is not None:
            Webhook.update(failing_since=None).where(Webhook.id == webhook.id).execute()
        return None
    failing_since = webhook.failing_since or started
    reason = None
    if outcome.status == GONE:
        reason = "the receiver answered 410 Gone"
    elif started - failing_since >= settings["disable_after_days"] * clock.DAY_MS:
        reason = f"every delivery failed for {settings['disable_after_days']} days"
    if reason is None:
        if webhook.failing_since is None:
            Webhook.update(failing_since=started).where(Webhook.id == webhook.id).execute()
        return None
    subscriptions.disable(webhook, reason, failing_since)
    logs.event(log, f"webhook {webhook.id} disabled: {reason}", logging.WARNING, webhook_id=webhook.id)
    return reason


def _request(webhook, event, number, now_ms):
    """The body and headers of one attempt, signed afresh."""
    body = payload(event)
    secrets, timestamp = subscriptions.signing_secrets(webhook, now_ms), now_ms // 1000
    headers = {
        "Content-Type": "application/json",
        "User-Agent": USER_AGENT,
        "Service-Signature": signatures.signature_header(body, secrets, timestamp),
        "Service-Event-Type": event.type,
        "Service-Event-Id": event.id,
        "Service-Delivery-Attempt": str(number),
        **signatures.standard_webhooks_headers(event.id, body, secrets, timestamp),
    }
    return body, headers


def payload(event):
    """The request body: `{id, event, data, timestamp}` with the event's stored data."""
    body = {
        "id": event.id,
        "event": event.type,
        "data": json.loads(event.data),
        "timestamp": event.created_at,
    }
    return json.dumps(body, separators=(",", ":")).encode()


def _finish(delivery, status, next_attempt_at=None, **fields):
    """Write the delivery's new state and end its lease, unless another worker holds it now."""
    written = leases.finish(
        delivery,
        due_at=next_attempt_at,
        status=status,
        next_attempt_at=next_attempt_at,
        updated_at=clock.now_ms(),
        **fields,
    )
    if not written:
        log.warning("delivery %s: lease lost to another worker; outcome not recorded", delivery.id)


def send(url, body, headers, settings):
    """POST `body` to `url` once and say how it went."""
    policy = client.Policy(settings["allow_http"], settings["allow_private_targets"])
    started = time.monotonic()
    try:
        answer = client.request(
            "POST", url, policy, settings["timeout"], body, headers, max_bytes=RESPONSE_BODY_LIMIT
        )
    except client.Refused as refusal:
        why = ssrf.explain(refusal.message, refusal.allowed_by, "webhooks", subscriptions.SETTINGS)
        return Outcome(_elapsed_ms(started), error=f"refused: the URL {why}")
    except client.RequestFailed as failure:
        return Outcome(_elapsed_ms(started), error=failure.message)
    status, text = answer.status, answer.text()
    outcome = functools.partial(Outcome, _elapsed_ms(started), status, text)
    if 200 <= status < 300:
        return outcome()
    if 300 <= status < 400:
        return outcome(error=f"HTTP {status}: redirects are not followed")
    return outcome(error=f"HTTP {status}: not a 2xx answer")


def _elapsed_ms(started):
    return int((time.monotonic() - started) * 1000)


def pool(settings, worker_id, keeper):
    """The worker's delivery engine: a bounded pool of threads sending due deliveries;
    `keeper` (postline/db/leases.py) renews their leases meanwhile."""
    return WorkPool(
        "webhook",
        settings["concurrency"],
        claim_next=lambda: claim_next(worker_id, settings, keeper.lease_ms),
        handle=lambda claimed: attempt(claimed[0], settings),
        keeper=keeper,
    )
