"""Health: confirms the key, the database and the worker."""

from flask import current_app, g
from flask.views import MethodView

from postline import health
from postline.api import Blueprint, requires, single
from schemas import HealthSchema, envelope

blp = Blueprint("health", __name__, url_prefix="/v1/health", description="Service health.")


@blp.route("")
class Health(MethodView):
    @requires()
    @blp.response(200, envelope(HealthSchema))
    def get(self):
        """Check the key, the database and the worker

        Any valid key may call it. `status` is `degraded` (still 200) when no worker
        has written a heartbeat within `[worker] heartbeat_timeout` seconds.
        """
        timeout_s = current_app.config["POSTLINE"]["worker"]["heartbeat_timeout"]
        return single(health.report(g.api_key, timeout_s))
