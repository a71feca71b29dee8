"""The worker's heartbeat: each worker writes one every poll interval, and health
reports whether any worker is alive (docs/api-notes.md: Health)."""

import logging
import os
import secrets
import socket
import time
from dataclasses import dataclass, field

from models import WorkerHeartbeat
from postline import clock, db

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


def write(identity):
    """Tell health this worker is alive."""
    WorkerHeartbeat.beat(
        identity.worker_id, identity.hostname, identity.pid, identity.started_at, clock.now_ms()
    )


class Heartbeat:
    """Job: write the heartbeat; after `give_up_after` seconds without reaching the
    database, call `give_up()`: a worker that cannot work should exit, so that its
    supervisor restarts it, rather than live on uselessly."""

    def __init__(self, identity, give_up_after, give_up):
        self.identity = identity
        self.give_up_after = give_up_after
        self.give_up = give_up
        self.last_written = time.monotonic()

    def __call__(self):
        try:
            db.check_out()
            write(self.identity)
            self.last_written = time.monotonic()
        except db.UNAVAILABLE as error:
            db.discard()
            silent = time.monotonic() - self.last_written
            if silent > self.give_up_after:
                log.error(
                    "database unreachable for %.0f s ([worker] give_up_after = %s): exiting",
                    silent,
                    self.give_up_after,
                )
                self.give_up()
            else:
                log.warning("database unreachable for %.0f s (%s); retrying", silent, str(error).strip())


class LastSeen:
    """The newest heartbeat, read from the database at most once per `fresh_ms`: health
    checks come often, and a second-old answer is as good (heartbeats are a second apart)."""

    def __init__(self, fresh_ms=1000):
        self.fresh_ms = fresh_ms
        self._read = None  # (when, value)

    def get(self, now_ms):
        read = self._read
        if read is None or not 0 <= now_ms - read[0] < self.fresh_ms:
            read = self._read = (now_ms, WorkerHeartbeat.last_seen())
        return read[1]


def worker_status(heartbeat_timeout_s, last_seen=None):
    """(healthy, {last_seen_at, lag_ms}): whether some worker beat within the timeout.
    `last_seen` (a LastSeen) answers from memory while fresh."""
    now = clock.now_ms()
    last_seen = WorkerHeartbeat.last_seen() if last_seen is None else last_seen.get(now)
    lag = None if last_seen is None else max(0, now - last_seen)
    healthy = lag is not None and lag <= heartbeat_timeout_s * 1000
    return healthy, {"last_seen_at": last_seen, "lag_ms": lag}
