"""A channel's posting schedule (docs/scheduling.md, Queues): its weekly slots, one a
line (`tue 09:00`), in a zone; how many posts a slot takes; paused or not; the next
free slots; and placing the queued posts anew."""

import datetime
import zoneinfo

from flask import g, redirect, request, url_for
from marshmallow import ValidationError

from models import Channel
from postline.errors import DomainError, NotFound
from postline.schedules import queue
from routes.console.base import blp, form_errors, not_found_is_404, page, principal
from schemas import ScheduleInputSchema

SCHEDULE = ScheduleInputSchema()
PREVIEWED = 5


def slot_lines(text):
    """The slots of the form's box, one `day HH:MM` a line, as the API takes them; a line
    of another shape is kept whole, so the API's message names it."""
    slots = []
    for line in text.splitlines():
        words = line.lower().split()
        if words:
            day, time = (words + [""])[:2] if len(words) <= 2 else (line.strip(), "")
            slots.append({"day": day, "time": time})
    return slots


def _schedule_page(channel, status=200, form=None, errors=None):
    try:
        schedule = queue.get(principal(), channel.id)
    except NotFound:
        schedule = None
    if form is None:
        lines = "\n".join(f"{slot['day']} {slot['time']}" for slot in schedule.slot_list) if schedule else ""
        form = {
            "timezone": schedule.timezone if schedule else g.user.time_zone,
            "slots": lines,
            "maxPerSlot": schedule.max_per_slot if schedule else 1,
            "paused": schedule.paused if schedule else False,
        }
    upcoming = queue.preview(principal(), channel.id, PREVIEWED)["slots"] if schedule else []
    zone = zoneinfo.ZoneInfo(g.user.time_zone)
    return page(
        "schedule.html",
        status,
        title=f"Schedule of {channel.name}",
        channel=channel,
        schedule=schedule,
        form=form,
        errors=errors or {},
        upcoming=[
            (datetime.datetime.fromtimestamp(slot["scheduled_for"] / 1000, zone), slot["taken"])
            for slot in upcoming
        ],
    )


@blp.get("/channels/<channel_id>/schedule")
@not_found_is_404
def channel_schedule(channel_id):
    """Show a channel's posting schedule and its next free slots."""
    return _schedule_page(Channel.get_visible(principal(), channel_id))


@blp.post("/channels/<channel_id>/schedule")
@not_found_is_404
def save_channel_schedule(channel_id):
    """Set a channel's posting schedule."""
    channel = Channel.get_visible(principal(), channel_id)
    form = {
        "timezone": request.form.get("timezone", "").strip(),
        "slots": request.form.get("slots", ""),
        "maxPerSlot": request.form.get("maxPerSlot", "1").strip(),
        "paused": bool(request.form.get("paused")),
    }
    body = {**form, "slots": slot_lines(form["slots"]), "maxPerSlot": _whole(form["maxPerSlot"])}
    try:
        queue.put(principal(), channel.id, SCHEDULE.load(body))
    except (DomainError, ValidationError) as error:
        return _schedule_page(channel, 400, form, form_errors(error))
    return redirect(url_for("console.channel_schedule", channel_id=channel.id))


def _whole(text):
    return int(text) if text.isdigit() else text


@blp.post("/channels/<channel_id>/schedule/reflow")
@not_found_is_404
def reflow_channel_schedule(channel_id):
    """Place the channel's queued posts anew in its slots."""
    queue.reflow(principal(), channel_id)
    return redirect(url_for("console.channel_schedule", channel_id=channel_id))
