"""The worker's housekeeping: folding tallies and purging expired rows."""

import logging

from models import (
    ConsoleSession,
    Event,
    IdempotencyKey,
    OAuthState,
    RateLimitCounter,
    UsageDay,
    UsageEndpointDay,
    WebhookDelivery,
    WorkerHeartbeat,
)
from postline import clock, tallies
from postline.limits import usage

log = logging.getLogger(__name__)


def purge_expired_rows(settings):
    """Job: delete rows past their retention: idempotency keys after 24 hours, heartbeats
    of workers gone for a day, finished webhook deliveries and the events behind them
    after `[webhooks] delivery_retention_days`, rate-limit counters whose windows have
    all emptied, usage older than 400 days, console sessions past their lifetime."""
    now = clock.now_ms()
    retention_cutoff = now - settings["webhooks"]["delivery_retention_days"] * clock.DAY_MS
    usage_cutoff = usage.retention_cutoff(now)
    for what, removed in (
        ("expired idempotency keys", IdempotencyKey.purge_expired(now)),
        ("unfinished authorizations", OAuthState.purge_expired(now - clock.DAY_MS)),
        ("stale worker heartbeats", WorkerHeartbeat.purge_before(now - clock.DAY_MS)),
        ("webhook deliveries", WebhookDelivery.purge_before(retention_cutoff)),
        ("events", Event.purge_before(retention_cutoff)),
        ("emptied rate-limit counters", RateLimitCounter.purge_expired(now)),
        ("usage rows past retention", UsageEndpointDay.purge_before(usage_cutoff)),
        ("usage days past retention", UsageDay.purge_before(usage_cutoff)),
        ("expired console sessions", ConsoleSession.purge_expired(now)),
    ):
        if removed:
            log.info("purged %d %s", removed, what)


def fold_tallies():
    """Job: keep listing totals cheap: fold the deltas the tally triggers appended."""
    tallies.fold()
