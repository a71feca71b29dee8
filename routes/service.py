"""The service itself, without an API key: where the docs are, whether it is up, its
metrics and its icon."""

from flask import Response, current_app
from flask.views import MethodView

from postline import VERSION, db, metrics
from postline.jobs import heartbeat
from postline.web.api import Blueprint
from schemas import ServiceCheckQuerySchema, ServiceCheckSchema, ServiceSchema

UP = {"status": "ok", "checks": {"database": "ok", "worker": "ok"}}
DOWN = {"status": "unavailable", "checks": {"database": "unreachable", "worker": "unknown"}}

blp = Blueprint("service", __name__, description="The service: its documents and its liveness.")


@blp.route("/")
class Service(MethodView):
    @blp.doc(operationId="getService")
    @blp.doc(security=[])
    @blp.response(
        200,
        ServiceSchema,
        example={"name": "Postline", "version": "0.1.0", "docs": "/docs", "openapi": "/openapi.json"},
    )
    def get(self):
        """Point to the documentation

        No API key needed. The interactive reference is at `/docs`, the OpenAPI document at
        `/openapi.json`.
        """
        return {"name": "Postline", "version": VERSION, "docs": "/docs", "openapi": "/openapi.json"}


metrics_blp = Blueprint("metrics", __name__, description="Prometheus metrics, when they are on.")


@metrics_blp.route("/metrics")
class Metrics(MethodView):
    @metrics_blp.doc(operationId="getMetrics")
    @metrics_blp.doc(security=[])
    @metrics_blp.response(200, content_type="text/plain", description="Prometheus text format")
    def get(self):
        """Metrics for Prometheus (only with `[server] metrics = true`)

        No API key needed: expose it only where your Prometheus can reach it. Counts from
        every process on this machine, and the database's figures (posts due now, the
        worker heartbeat's age).
        """
        body, content_type = metrics.exposition()
        return Response(body, content_type=content_type)


@blp.route("/healthz")
class Liveness(MethodView):
    @blp.doc(operationId="getLiveness")
    @blp.doc(
        security=[],
        responses={
            "400": "BAD_REQUEST",
            "503": {
                "description": "Down: see `checks`",
                "content": {"application/json": {"schema": ServiceCheckSchema, "example": DOWN}},
            },
        },
    )
    @blp.arguments(ServiceCheckQuerySchema, location="query")
    @blp.response(200, ServiceCheckSchema, example=UP)
    def get(self, args):
        """Check this server, for load balancers; with `?worker=required`, the worker too, for alerts

        No API key needed, and no rate limit; the answer holds no account data. 200 while
        this server's database answers, else 503: a server that can take requests stays
        in the load balancer whether or not a worker is running. `checks.worker` says
        whether some worker wrote a heartbeat in the last `[worker] heartbeat_timeout`
        seconds; when none did, `status` is `degraded` (still 200: posts are taken and
        wait). `?worker=required` makes a stale worker a 503 as well: point alerts, not
        load balancers, at it.
        """
        timeout_s = current_app.config["POSTLINE"]["worker"]["heartbeat_timeout"]
        try:
            db.check_out()
            alive, _ = heartbeat.worker_status(timeout_s, current_app.extensions["postline.last_seen"])
            checks = {"database": "ok", "worker": "ok" if alive else "stale"}
        except db.UNAVAILABLE:
            db.discard()
            checks = {"database": "unreachable", "worker": "unknown"}
        if checks["database"] != "ok" or (checks["worker"] != "ok" and args.get("worker") == "required"):
            return {"status": "unavailable", "checks": checks}, 503
        return {"status": "ok" if checks["worker"] == "ok" else "degraded", "checks": checks}, 200
