"""Series: the occurrences of a recurring post (docs/scheduling.md, Recurring posts).
A series starts with a post that carries `recurrence` (POST /v1/posts)."""

from flask import current_app, g
from flask.views import MethodView

from postline.repeats import series
from postline.web.api import Blueprint, requires
from postline.web.envelopes import DeletedSchema, deleted, envelope, single
from postline.web.idempotency import idempotent
from postline.web.openapi import answers
from routes import scheduling_examples as examples
from routes.examples import data
from schemas import SeriesSchema, SeriesSkipSchema, SeriesUpdateSchema

blp = Blueprint("series", __name__, url_prefix="/v1/series", description="Recurring posts.")


def _settings():
    return current_app.config["POSTLINE"]["posts"]


@blp.route("/<series_id>")
class SeriesById(MethodView):
    @blp.doc(operationId="getSeries")
    @requires("posts:read")
    @blp.response(200, envelope(SeriesSchema), example=data(examples.SERIES))
    def get(self, series_id):
        """Retrieve a series and its coming occurrences

        Up to 100 coming occurrences; `postId` is null until the worker makes the
        occurrence's post (the next one is always made).
        """
        return single(series.get(g.api_key, series_id))

    @blp.doc(operationId="updateSeries", **answers(409))
    @requires("posts:write")
    @blp.arguments(SeriesUpdateSchema, example=examples.SERIES_UPDATE)
    @blp.response(200, envelope(SeriesSchema), example=data(examples.SERIES))
    def patch(self, fields, series_id):
        """Change the coming occurrences

        Their text, media, thread, first comment and versions, or their rule and zone.
        An occurrence whose own post was PATCHed is detached and keeps its changes.
        """
        return single(series.update(g.api_key, series_id, fields, _settings()))

    @blp.doc(operationId="deleteSeries")
    @requires("posts:write")
    @blp.response(200, envelope(DeletedSchema), example={"data": {"id": examples.SERIES_ID, "deleted": True}})
    def delete(self, series_id):
        """Stop a series

        No more occurrences are made; those made and not yet published are deleted,
        published ones keep their `seriesId`.
        """
        series.stop(g.api_key, series_id)
        return deleted(series_id)


@blp.route("/<series_id>/skip")
class SeriesSkip(MethodView):
    @blp.doc(operationId="skipSeriesOccurrence", **answers(409))
    @requires("posts:write")
    @idempotent(envelope(SeriesSchema), data(examples.SERIES))
    @blp.arguments(SeriesSkipSchema, example=examples.SERIES_SKIP)
    @blp.response(200, envelope(SeriesSchema), example=data(examples.SERIES))
    def post(self, fields, series_id):
        """Skip one coming occurrence

        `scheduledFor` names it as the series lists it; its post, if made, is deleted.
        """
        return single(series.skip(g.api_key, series_id, fields["scheduled_for"], _settings()))
