"""The worker's housekeeping jobs: its heartbeat and the purge of expired rows."""

import logging
import os
import secrets
import socket
from dataclasses import dataclass, field

from models import Event, PostTally, RateLimitCounter, WebhookDelivery, WorkerHeartbeat
from postline import clock, idempotency, usage

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class WorkerIdentity:
    hostname: str = field(default_factory=socket.gethostname)
    pid: int = field(default_factory=os.getpid)
    started_at: int = field(default_factory=clock.now_ms)
    token: str = field(default_factory=lambda: secrets.token_hex(4))

    @property
    def worker_id(self):
        return f"{self.hostname}:{self.pid}:{self.token}"


def write_heartbeat(identity):
    """Tell GET /v1/health this worker is alive."""
    WorkerHeartbeat.beat(
        identity.worker_id, identity.hostname, identity.pid, identity.started_at, clock.now_ms()
    )


def purge_expired_rows(settings):
    """Delete rows past their retention: idempotency keys after 24 hours, heartbeats of
    workers gone for a day, finished webhook deliveries and the events behind them after
    `[webhooks] delivery_retention_days`, rate-limit counters whose windows have all
    emptied, usage older than 400 days."""
    now = clock.now_ms()
    retention_cutoff = now - settings["webhooks"]["delivery_retention_days"] * clock.DAY_MS
    for what, removed in (
        ("expired idempotency keys", idempotency.purge_expired(now)),
        ("stale worker heartbeats", WorkerHeartbeat.purge_older_than(now - clock.DAY_MS)),
        ("webhook deliveries", WebhookDelivery.purge_finished_before(retention_cutoff)),
        ("events", Event.purge_before(retention_cutoff)),
        ("emptied rate-limit counters", RateLimitCounter.purge_expired(now)),
        ("usage rows past retention", usage.purge_expired(now)),
    ):
        if removed:
            log.info("purged %d %s", removed, what)


def fold_post_tallies():
    """Keep listing totals cheap: fold the tally deltas the post triggers appended."""
    PostTally.fold()
