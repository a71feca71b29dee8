"""The health report (decisions.md section 13)."""

from models import WorkerHeartbeat
from postline import VERSION, clock


def report(key, heartbeat_timeout_s):
    now = clock.now_ms()
    last_seen = WorkerHeartbeat.last_seen()
    lag = None if last_seen is None else max(0, now - last_seen)
    healthy = lag is not None and lag <= heartbeat_timeout_s * 1000
    return {
        "status": "ok" if healthy else "degraded",
        "version": VERSION,
        "time": now,
        "key": key,
        "database": "ok",
        "worker": {"last_seen_at": last_seen, "lag_ms": lag},
    }
