"""The service itself, without an API key: where the docs are, and whether it is up."""

from flask import Response, current_app
from flask.views import MethodView

from postline import VERSION, db, metrics
from postline.jobs import heartbeat
from postline.web.api import Blueprint
from schemas import ServiceCheckSchema, ServiceSchema

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
            "503": {
                "description": "Down: see `checks`",
                "content": {"application/json": {"schema": ServiceCheckSchema}},
            }
        },
    )
    @blp.response(
        200, ServiceCheckSchema, example={"status": "ok", "checks": {"database": "ok", "worker": "ok"}}
    )
    def get(self):
        """Check the database and the worker, for load balancers and monitors

        No API key needed, and no rate limit; the answer holds no account data. 200 while
        the database answers and some worker's heartbeat is at most
        `[worker] heartbeat_timeout` seconds old, else 503.
        """
        timeout_s = current_app.config["POSTLINE"]["worker"]["heartbeat_timeout"]
        try:
            db.check_out()
            healthy, _ = heartbeat.worker_status(timeout_s, current_app.extensions["postline.last_seen"])
            checks = {"database": "ok", "worker": "ok" if healthy else "stale"}
        except db.UNAVAILABLE:
            db.discard()
            checks = {"database": "unreachable", "worker": "unknown"}
        up = checks == {"database": "ok", "worker": "ok"}
        return {"status": "ok" if up else "unavailable", "checks": checks}, 200 if up else 503
