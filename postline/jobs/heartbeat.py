"""The worker's heartbeat: each worker writes one every poll interval, and health
reports whether any worker is alive (README, API notes: Health)."""

import os
import secrets
import socket
from dataclasses import dataclass, field

from models import WorkerHeartbeat
from postline import clock


@dataclass(frozen=True)
class WorkerIdentity:
    hostname: str = field(default_factory=socket.gethostname)
    pid: int = field(default_factory=os.getpid)
    started_at: int = field(default_factory=clock.now_ms)
    token: str = field(default_factory=lambda: secrets.token_hex(4))

    @property
    def worker_id(self):
        return f"{self.hostname}:{self.pid}:{self.token}"


def write(identity):
    """Job: tell health this worker is alive."""
    WorkerHeartbeat.beat(
        identity.worker_id, identity.hostname, identity.pid, identity.started_at, clock.now_ms()
    )


def worker_status(heartbeat_timeout_s):
    """(healthy, {last_seen_at, lag_ms}): whether some worker beat within the timeout."""
    now = clock.now_ms()
    last_seen = WorkerHeartbeat.last_seen()
    lag = None if last_seen is None else max(0, now - last_seen)
    healthy = lag is not None and lag <= heartbeat_timeout_s * 1000
    return healthy, {"last_seen_at": last_seen, "lag_ms": lag}
