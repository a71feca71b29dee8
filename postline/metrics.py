"""Prometheus metrics (docs/operations.md), off unless `[server] metrics = true`.

Every process of one machine (gunicorn's workers and the Postline worker) writes its
counts into files under `<[server] data_dir>/metrics`, prometheus_client's
multiprocess mode, and `GET /metrics` on any app process adds them up. Figures that
live in the database (posts due now, the worker heartbeat's age) are read at scrape
time, so they are right across machines too.

While metrics are off, the functions here do nothing and prometheus_client is never
imported.
"""

import os
from pathlib import Path

from models import Post, WorkerHeartbeat
from postline import clock

DIRECTORY_ENV = "PROMETHEUS_MULTIPROC_DIR"
LATENCY_BUCKETS = (0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30)
LATENESS_BUCKETS = (0.1, 0.25, 0.5, 1, 2, 5, 10, 30, 60, 300, 900, 3600)

_metrics = {}


def configure(settings):
    """Turn metrics on in this process if configured; call before any metric is counted."""
    if not settings["server"]["metrics"] or _metrics:
        return
    directory = Path(settings["server"]["data_dir"]) / "metrics"
    directory.mkdir(mode=0o700, parents=True, exist_ok=True)
    # Read by prometheus_client when it is first imported: from here on, never earlier.
    os.environ.setdefault(DIRECTORY_ENV, str(directory))
    from prometheus_client import Counter, Histogram

    _metrics.update(
        requests=Counter("postline_http_requests", "HTTP requests answered", ["method", "route", "status"]),
        latency=Histogram(
            "postline_http_request_duration_seconds",
            "Time to answer an HTTP request",
            ["method", "route"],
            buckets=LATENCY_BUCKETS,
        ),
        targets=Counter(
            "postline_post_targets", "Publishing outcomes of post targets", ["platform", "outcome"]
        ),
        lateness=Histogram(
            "postline_publish_lateness_seconds",
            "Time from a post's scheduledFor to its publication, on its first attempt",
            buckets=LATENESS_BUCKETS,
        ),
        deliveries=Counter(
            "postline_webhook_delivery_attempts", "Webhook delivery attempts by outcome", ["outcome"]
        ),
    )


def enabled():
    return bool(_metrics)


def request_answered(method, route, status, seconds):
    if _metrics:
        _metrics["requests"].labels(method, route, str(status)).inc()
        _metrics["latency"].labels(method, route).observe(seconds)


def target_ended(platform, outcome):
    if _metrics:
        _metrics["targets"].labels(platform or "none", outcome).inc()


def published_late(seconds):
    if _metrics:
        _metrics["lateness"].observe(max(0.0, seconds))


def delivery_attempted(outcome):
    if _metrics:
        _metrics["deliveries"].labels(outcome).inc()


def process_exited(pid):
    """Let a dead process's live gauges go (gunicorn calls this for its workers)."""
    if _metrics:
        from prometheus_client import multiprocess

        multiprocess.mark_process_dead(pid)


def exposition():
    """(body, content type) of the metrics of every process, plus the database's figures."""
    from prometheus_client import CONTENT_TYPE_LATEST, CollectorRegistry, generate_latest, multiprocess
    from prometheus_client.core import GaugeMetricFamily

    class DatabaseFigures:
        def collect(self):
            now = clock.now_ms()
            due = Post.select().where((Post.due_at <= now) & Post.lease_owner.is_null()).count()
            yield GaugeMetricFamily(
                "postline_due_posts", "Posts due now and not yet claimed by a worker", due
            )
            last_seen = WorkerHeartbeat.last_seen()
            age = GaugeMetricFamily(
                "postline_worker_heartbeat_age_seconds", "Seconds since the last heartbeat of any worker"
            )
            if last_seen is not None:
                age.add_metric([], max(0, now - last_seen) / 1000)
            yield age

    registry = CollectorRegistry()
    multiprocess.MultiProcessCollector(registry)
    registry.register(DatabaseFigures())
    return generate_latest(registry), CONTENT_TYPE_LATEST
