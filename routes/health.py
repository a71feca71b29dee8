"""Health: confirms the key, the database and the worker."""

from flask import current_app, g
from flask.views import MethodView

from postline import VERSION, clock
from postline.jobs import heartbeat
from postline.web.api import Blueprint, any_key
from postline.web.envelopes import envelope, single
from routes import examples
from schemas import HealthSchema

blp = Blueprint("health", __name__, url_prefix="/v1/health", description="Service health.")


@blp.route("")
class Health(MethodView):
    @blp.doc(operationId="getHealth")
    @any_key()
    @blp.response(200, envelope(HealthSchema), example=examples.data(examples.HEALTH))
    def get(self):
        """Check the key, the database and the worker

        Any valid key may call it. `status` is `degraded` (still 200) when no worker
        has written a heartbeat within `[worker] heartbeat_timeout` seconds.
        """
        timeout_s = current_app.config["POSTLINE"]["worker"]["heartbeat_timeout"]
        healthy, worker = heartbeat.worker_status(timeout_s, current_app.extensions["postline.last_seen"])
        return single(
            {
                "status": "ok" if healthy else "degraded",
                "version": VERSION,
                "time": clock.now_ms(),
                "key": g.api_key,
                "database": "ok",
                "worker": worker,
            }
        )
