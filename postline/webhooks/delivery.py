"""Sending webhook deliveries (docs/webhooks.md: Deliveries).

Deliveries are claimed with a lease (postline/webhooks/claims.py), a batch of one
webhook's due deliveries at a time, earliest first, and sent one after another
over one kept-alive connection (postline/net/client.py's Session): the URL is
resolved and its address checked again for every attempt, and only a request whose
URL pins the same address goes over the open connection. Each attempt is bounded by
`[webhooks] timeout` seconds in all, follows no redirect and is signed afresh.
Outcomes are written together, in one statement that also ends the leases, at the
end of the batch and at least every FLUSH_SECONDS: succeeded, pending with the next
attempt scheduled, or failed after the last attempt.

A worker sends to at most `per_webhook_concurrency` batches of one webhook at once
(a batch is split across those slots when few are due), on a bounded pool of threads,
so a slow or dead receiver holds up only its own deliveries. An attempt that gets no
answer at all (a timeout, a refused connection) gives the rest of its batch back,
due at once, so they are not stuck behind it.
"""

import dataclasses
import functools
import logging
import time
from dataclasses import dataclass

import orjson

from models import Webhook, WebhookDelivery
from postline import VERSION, clock, logs, metrics
from postline.db import due, leases
from postline.jobs.pool import WorkPool
from postline.limits import usage
from postline.net import client, ssrf
from postline.statuses import DeliveryStatus, DeliveryTrigger
from postline.webhooks import claims, signatures, subscriptions
from postline.webhooks.claims import claim_next

log = logging.getLogger(__name__)

RESPONSE_BODY_LIMIT = 1024
GONE = 410  # a receiver's way to say: no more deliveries, ever
USER_AGENT = f"Postline-Webhooks/{VERSION}"
FLUSH_SECONDS = 0.5
# The ids an event's data may hold that its deliveries' log lines carry.
SUBJECTS = ("post_id", "connection_id")


@dataclass(frozen=True)
class Outcome:
    """What one attempt came to; `error` is None exactly when it succeeded."""

    duration_ms: int
    status: int = None
    body: str = None
    error: str = None


def deliver_due(settings, worker_id, lease_ms):
    """Attempt every due delivery, batch after batch in this thread; returns how many."""
    attempted = 0
    while claimed := claim_next(worker_id, settings, lease_ms):
        attempted += deliver(claimed, settings)
    return attempted


def deliver(claimed, settings, stopping=None):
    """Make one attempt at each delivery of a claimed batch (one webhook's) and record
    the outcomes; returns how many were attempted. Once `stopping` is set, those not
    yet started are given back."""
    batch = _Batch(claimed, settings)
    try:
        for delivery in claimed:
            if stopping is not None and stopping.is_set():
                batch.give_back(delivery)
                continue
            if not batch.attempt(delivery):
                batch.give_back(delivery)
    finally:
        batch.close()
    return batch.attempted


class _Batch:
    """One webhook's claimed deliveries on their way: the webhook, its signing secrets
    and the connection are looked up once; outcomes are written together."""

    def __init__(self, claimed, settings):
        self.settings = settings
        self.events, self.webhook = claims.for_sending(claimed)
        self.session = client.Session(
            client.Policy(settings["allow_http"], settings["allow_private_targets"]), settings["timeout"]
        )
        self.attempted = 0
        self.unanswered = False  # an attempt got no answer: the rest go back
        self._secrets = None
        self._finished = []
        self._counted = 0
        self._flushed_at = time.monotonic()

    def attempt(self, delivery):
        """Attempt one delivery; False if it was not attempted and should go back."""
        event = self.events.get(delivery.id)
        if self.webhook is None or event is None:
            return True  # its webhook or event was deleted meanwhile, and the delivery with it
        if self.unanswered:
            return False
        if not self.webhook.active and delivery.trigger == DeliveryTrigger.EVENT:
            self._finish(delivery, due.never(), _unsent(delivery, "not sent: the webhook is inactive"))
            return True
        started = clock.now_ms()
        number = delivery.attempts + 1
        try:
            body, headers = _request(event, number, self.secrets(started), started)
            outcome = send(self.session, self.webhook.url, body, headers, self.settings)
        except Exception:
            # A delivery that cannot even be built (a secret that no longer decrypts, say)
            # is a failed attempt like any other, not a thread lost and a row retried forever.
            log.exception("delivery %s: attempt %d could not be made", delivery.id, number)
            outcome = Outcome(duration_ms=0, error="internal error: the request could not be made")
        self.attempted += 1
        self.unanswered = outcome.status is None and outcome.error is not None
        self._record(delivery, event, number, started, outcome)
        return True

    def _record(self, delivery, event, number, started, outcome):
        """The attempt's outcome: the delivery's new state, its log line and metrics."""
        finished = clock.now_ms()
        retry_delays = self.settings["retry_delays"]
        disabled = _keep_track_of_health(self.webhook, outcome, started, self.settings)
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
            f"delivery {delivery.id} of {event.type} to {self.webhook.id}, attempt {number}: {said}",
            logging.WARNING if status == DeliveryStatus.FAILED else logging.INFO,
            delivery_id=delivery.id,
            webhook_id=self.webhook.id,
            event=event.type,
            event_id=event.id,
            **subject(event),
            attempt=number,
            status=status,
            response_status=outcome.status,
            duration_ms=outcome.duration_ms,
            error=outcome.error,
            **({"next_attempt_at": logs.instant(next_attempt_at)} if next_attempt_at else {}),
        )
        columns = {
            "status": status,
            "attempts": number,
            "next_attempt_at": next_attempt_at,
            "last_attempt_at": started,
            "response_status": outcome.status,
            "response_body": outcome.body,
            "error": outcome.error,
            "duration_ms": outcome.duration_ms,
            "delivered_at": finished if status == DeliveryStatus.SUCCEEDED else None,
            "updated_at": finished,
        }
        self._finish(delivery, due.retry_at(next_attempt_at), columns)

    def secrets(self, now_ms):
        if self._secrets is None:
            self._secrets = subscriptions.signing_secrets(self.webhook, now_ms)
        return self._secrets

    def give_back(self, delivery):
        """Not attempted: due again at once, as it was."""
        now = clock.now_ms()
        self._finish(delivery, due.at_once(now), {"updated_at": now}, given_back=True)

    def _finish(self, delivery, next_due, fields, given_back=False):
        self._finished.append((delivery, next_due, fields, given_back))
        if time.monotonic() - self._flushed_at >= FLUSH_SECONDS:
            self.flush()

    def flush(self):
        """Write the outcomes so far and end their leases (outcomes and give-backs
        write different columns: one statement each)."""
        self._flushed_at = time.monotonic()
        finished, self._finished = self._finished, []
        for given_back in (False, True):
            group = [
                (row, next_due, fields) for row, next_due, fields, back in finished if back is given_back
            ]
            written = leases.finish_all(WebhookDelivery, group)
            if written < len(group):
                log.warning(
                    "%d deliveries: lease lost to another worker; outcome not recorded", len(group) - written
                )
        if self.webhook is not None and self.attempted > self._counted:
            usage.count(
                self.webhook.account_id, self.webhook.mode, webhook_deliveries=self.attempted - self._counted
            )
            self._counted = self.attempted

    def close(self):
        self.session.close()
        self.flush()


def _unsent(delivery, error):
    """The columns of a delivery failed without an attempt (the same columns as an attempt's)."""
    return {
        "status": DeliveryStatus.FAILED,
        "attempts": delivery.attempts,
        "next_attempt_at": None,
        "last_attempt_at": delivery.last_attempt_at,
        "response_status": delivery.response_status,
        "response_body": delivery.response_body,
        "error": error,
        "duration_ms": delivery.duration_ms,
        "delivered_at": None,
        "updated_at": clock.now_ms(),
    }


def _keep_track_of_health(webhook, outcome, started, settings):
    """Note since when the webhook's deliveries have all failed; disable it when its
    receiver answers 410 Gone or it has failed for `[webhooks] disable_after_days`.
    Returns why it was disabled, or None."""
    if outcome.error is None:
        if webhook.failing_since is not None:
            Webhook.update(failing_since=None).where(Webhook.id == webhook.id).execute()
            webhook.failing_since = None
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
            webhook.failing_since = started
        return None
    subscriptions.disable(webhook, reason, failing_since)
    webhook.active = False
    logs.event(log, f"webhook {webhook.id} disabled: {reason}", logging.WARNING, webhook_id=webhook.id)
    return reason


def _request(event, number, secrets, now_ms):
    """The body and headers of one attempt, signed afresh."""
    body = payload(event)
    timestamp = now_ms // 1000
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


def subject(event):
    """The ids of what the event is about (`post_id`, `connection_id`), read from its
    data: a delivery's log line carries them, so that grepping a post's id finds the
    deliveries of its events."""
    data = orjson.loads(event.data)
    return {name: data[name] for name in SUBJECTS if name in data}


def payload(event):
    """The request body: `{id, event, data, timestamp}`, compact, with the event's data
    as stored (compact JSON text, postline/webhooks/events.py), not decoded and encoded
    again for each delivery."""
    body = {
        "id": event.id,
        "event": event.type,
        "data": orjson.Fragment(event.data),
        "timestamp": event.created_at,
    }
    return orjson.dumps(body)


def send(session, url, body, headers, settings):
    """POST `body` to `url` once, on `session` (a client.Session), and say how it went."""
    started = time.monotonic()
    try:
        answer = session.request("POST", url, body, headers, max_bytes=RESPONSE_BODY_LIMIT)
    except client.Refused as refusal:
        needed = ssrf.switches_needed(url, refusal.allowed_by, settings["allow_private_targets"])
        why = ssrf.explain(refusal.message, needed, "webhooks", subscriptions.SETTINGS)
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
        WebhookDelivery,
        claim_next=lambda: claim_next(worker_id, settings, keeper.lease_ms),
        handle=lambda claimed, stopping: deliver(claimed, settings, stopping),
        keeper=keeper,
    )
