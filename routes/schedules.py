"""A channel's queue: its posting schedule, its free slots, and placing its queued
posts anew (docs/scheduling.md, Queues)."""

from flask import g
from flask.views import MethodView

from postline.schedules import queue
from postline.web.api import Blueprint, requires
from postline.web.envelopes import envelope, single
from postline.web.idempotency import idempotent
from routes import scheduling_examples as examples
from routes.examples import data
from schemas import NextSlotsQuerySchema, NextSlotsSchema, ReflowSchema, ScheduleInputSchema, ScheduleSchema

blp = Blueprint(
    "schedules",
    __name__,
    url_prefix="/v1/channels",
    description="Posting schedules: a channel's weekly slots, which queue posts take.",
)


@blp.route("/<channel_id>/schedule")
class Schedule(MethodView):
    @blp.doc(operationId="getChannelSchedule")
    @requires("channels:read")
    @blp.response(200, envelope(ScheduleSchema), example=data(examples.SCHEDULE))
    def get(self, channel_id):
        """Retrieve a channel's posting schedule

        A 404 when the channel has none yet.
        """
        return single(queue.get(g.api_key, channel_id))

    @blp.doc(operationId="updateChannelSchedule")
    @requires("channels:write")
    @blp.arguments(ScheduleInputSchema, example=examples.SCHEDULE_PUT)
    @blp.response(200, envelope(ScheduleSchema), example=data(examples.SCHEDULE))
    def put(self, fields, channel_id):
        """Set a channel's posting schedule

        Weekly slots as wall-clock times in `timezone`: 09:00 stays 09:00 across daylight
        saving. Posts already queued keep their times; `POST .../schedule/reflow` places
        them anew.
        """
        return single(queue.put(g.api_key, channel_id, fields))


@blp.route("/<channel_id>/schedule/reflow")
class Reflow(MethodView):
    @blp.doc(operationId="reflowChannelSchedule")
    @requires("channels:write")
    @idempotent(envelope(ReflowSchema), data(examples.REFLOW))
    @blp.response(200, envelope(ReflowSchema), example=data(examples.REFLOW))
    def post(self, channel_id):
        """Place the queued posts anew in the schedule's slots

        The channel's queue posts still to come (queued or draft) take the schedule's
        free slots from now on, in the order they had.
        """
        return single({"channel_id": channel_id, "moved": queue.reflow(g.api_key, channel_id)})


@blp.route("/<channel_id>/next-slots")
class NextSlots(MethodView):
    @blp.doc(operationId="getChannelNextSlots")
    @requires("channels:read")
    @blp.arguments(NextSlotsQuerySchema, location="query")
    @blp.response(200, envelope(NextSlotsSchema), example=data(examples.NEXT_SLOTS))
    def get(self, args, channel_id):
        """Preview the next free slots

        The next `count` slots with room, at or after `after` (default now): where the
        next queue posts will go.
        """
        return single(queue.preview(g.api_key, channel_id, args["count"], args.get("after")))
