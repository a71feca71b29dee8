"""Sending webhook deliveries (decisions.md section 10).

A delivery is claimed with a lease (postline/leases.py), attempted once, and its
outcome written in the UPDATE that ends the lease: succeeded, pending with the next
attempt scheduled, or failed after the last attempt. Each attempt resolves the URL
again and connects only to the address it checked (postline/ssrf.py), signs the
body afresh, follows no redirect, and gives up after `[webhooks] timeout` seconds.

In the worker, a `pool` runs attempts on a bounded pool of threads and takes
at most `per_webhook_concurrency` of them for one webhook, so a slow or dead
receiver holds up only its own deliveries.
"""

import contextlib
import functools
import http.client
import json
import logging
import socket
import ssl
import threading
import time
from dataclasses import dataclass

from models import FAILED, PENDING, SUCCEEDED, WebhookDelivery
from postline import VERSION, clock, leases, signatures, ssrf, usage, webhooks
from postline.work_pool import WorkPool

log = logging.getLogger(__name__)

RESPONSE_BODY_LIMIT = 1024
# A lease outlives the longest attempt by this much: only a worker that died, not a
# slow one, loses its deliveries to another worker. The margin also covers resolving
# the receiver's name, which happens before the attempt's own deadline starts.
LEASE_MARGIN_MS = 60_000
USER_AGENT = f"Postline-Webhooks/{VERSION}"


@dataclass(frozen=True)
class Outcome:
    """What one attempt came to; `error` is None exactly when it succeeded."""

    duration_ms: int
    status: int = None
    body: str = None
    error: str = None


def lease_ms(settings):
    return int(settings["timeout"] * 1000) + LEASE_MARGIN_MS


def claim_next(worker_id, settings):
    """Lease the earliest due delivery whose webhook has a free slot; None if there is none."""
    now = clock.now_ms()
    busy = WebhookDelivery.busy_webhooks(now, settings["per_webhook_concurrency"])
    claimed = leases.claim(
        WebhookDelivery,
        worker_id,
        now,
        lease_ms(settings),
        limit=1,
        where=WebhookDelivery.webhook.not_in(busy),
    )
    return claimed[0] if claimed else None


def deliver_due(settings, worker_id):
    """Attempt every due delivery, one after another in this thread; returns how many."""
    attempted = 0
    while (delivery := claim_next(worker_id, settings)) is not None:
        attempt(delivery, settings)
        attempted += 1
    return attempted


def attempt(delivery, settings):
    """Make one attempt at a claimed delivery and record its outcome."""
    loaded = WebhookDelivery.for_sending(delivery.id)
    if loaded is None:
        return  # its webhook or event was deleted meanwhile, and the delivery with it
    webhook, event = loaded.webhook, loaded.event
    if not webhook.active and delivery.trigger == "event":
        _finish(delivery, status=FAILED, error="not sent: the webhook is inactive")
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
    if outcome.error is None:
        status, next_attempt_at = SUCCEEDED, None
    elif number >= len(retry_delays):
        status, next_attempt_at = FAILED, None
        log.warning("delivery %s failed after %d attempts: %s", delivery.id, number, outcome.error)
    else:
        status, next_attempt_at = PENDING, finished + int(retry_delays[number] * 1000)
        log.info("delivery %s, attempt %d: %s; retrying", delivery.id, number, outcome.error)
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
        delivered_at=finished if status == SUCCEEDED else None,
    )


def _request(webhook, event, number, now_ms):
    """The body and headers of one attempt, signed afresh."""
    body = payload(event)
    headers = {
        "Content-Type": "application/json",
        "User-Agent": USER_AGENT,
        "Service-Signature": signatures.signature_header(
            body, webhooks.signing_secrets(webhook, now_ms), now_ms // 1000
        ),
        "Service-Event-Type": event.type,
        "Service-Event-Id": event.id,
        "Service-Delivery-Attempt": str(number),
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
    started = time.monotonic()
    timeout = settings["timeout"]

    def outcome(**fields):
        return Outcome(int((time.monotonic() - started) * 1000), **fields)

    try:
        target = ssrf.pin(url, settings["allow_http"], settings["allow_private_targets"])
    except ssrf.RefusedURL as refusal:
        return outcome(error=f"refused: the URL {refusal}")
    connection = _connection(target, timeout)
    deadline = _Deadline(connection, timeout)
    try:
        connection.request("POST", target.path, body, headers)
        response = connection.getresponse()
        # A socket shut at the deadline reads as the end of the headers, not as an error.
        answered_in_time = not deadline.expired
        status = response.status
        text = response.read(RESPONSE_BODY_LIMIT).decode(errors="replace")
    except (OSError, http.client.HTTPException) as error:
        return outcome(error=f"no answer within {timeout} s" if deadline.expired else _describe(error))
    finally:
        deadline.cancel()
        connection.close()
    if not answered_in_time:
        return outcome(error=f"no answer within {timeout} s")
    if 200 <= status < 300:
        return outcome(status=status, body=text)
    if 300 <= status < 400:
        return outcome(status=status, body=text, error=f"HTTP {status}: redirects are not followed")
    return outcome(status=status, body=text, error=f"HTTP {status}: not a 2xx answer")


def _describe(error):
    if isinstance(error, TimeoutError):
        return "timed out"
    if isinstance(error, ssl.SSLCertVerificationError):
        return f"TLS certificate rejected: {error.verify_message}"
    if isinstance(error, ConnectionRefusedError):
        return "connection refused"
    if isinstance(error, http.client.HTTPException):
        return f"invalid HTTP answer: {type(error).__name__}"
    return f"connection failed: {error}"


@functools.cache
def tls_context():
    """Certificates are checked against the system's CAs and the URL's hostname."""
    return ssl.create_default_context()


def _connection(target, timeout):
    if target.scheme == "https":
        return _PinnedHTTPSConnection(target, timeout, tls_context())
    return _PinnedHTTPConnection(target, timeout)


class _PinnedHTTPConnection(http.client.HTTPConnection):
    """Connects to the address ssrf.pin checked; the Host header names the URL's host."""

    def __init__(self, target, timeout):
        super().__init__(target.hostname, target.port, timeout=timeout)
        self.address = target.address

    def connect(self):
        self.sock = socket.create_connection((self.address, self.port), self.timeout)


class _PinnedHTTPSConnection(http.client.HTTPSConnection):
    """As above over TLS: SNI and the certificate check use the URL's hostname."""

    def __init__(self, target, timeout, context):
        super().__init__(target.hostname, target.port, timeout=timeout, context=context)
        self.address = target.address

    def connect(self):
        sock = socket.create_connection((self.address, self.port), self.timeout)
        try:
            self.sock = self._context.wrap_socket(sock, server_hostname=self.host)
        except BaseException:
            sock.close()
            raise


class _Deadline:
    """Ends an attempt after `seconds` in all, however slowly the receiver trickles bytes.

    The socket timeout bounds each read; this bounds their sum, by shutting the
    socket from a timer thread, which wakes a blocked read with an error.
    """

    def __init__(self, connection, seconds):
        self.expired = False
        self._connection = connection
        self._timer = threading.Timer(seconds, self._expire)
        self._timer.daemon = True
        self._timer.start()

    def _expire(self):
        self.expired = True
        sock = self._connection.sock
        if sock is not None:
            with contextlib.suppress(OSError):
                # The plain socket's shutdown, also for a TLS socket: it only wakes the reader.
                socket.socket.shutdown(sock, socket.SHUT_RDWR)

    def cancel(self):
        self._timer.cancel()


def pool(settings, worker_id):
    """The worker's delivery engine: a bounded pool of threads sending due deliveries."""
    return WorkPool(
        "webhook",
        settings["concurrency"],
        claim_next=lambda: claim_next(worker_id, settings),
        handle=lambda delivery: attempt(delivery, settings),
    )
