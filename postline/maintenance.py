"""The worker's housekeeping jobs: its heartbeat and the purge of expired rows."""

import logging
import os
import secrets
import socket
from dataclasses import dataclass, field

from models import RateLimitCounter, WorkerHeartbeat
from postline import clock, usage

log = logging.getLogger(__name__)

DAY_MS = 86_400_000


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


def purge_expired_rows():
    """Delete rows past their retention: heartbeats of workers gone for a day, rate-limit
    counters whose windows have all emptied, usage older than 400 days."""
    now = clock.now_ms()
    for what, removed in (
        ("stale worker heartbeats", WorkerHeartbeat.purge_older_than(now - DAY_MS)),
        ("emptied rate-limit counters", RateLimitCounter.purge_expired(now)),
        ("usage rows past retention", usage.purge_expired(now)),
    ):
        if removed:
            log.info("purged %d %s", removed, what)
