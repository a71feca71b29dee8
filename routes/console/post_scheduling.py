"""The post form's queue and recurrence (docs/scheduling.md): the "Add to queue" button,
which gives a new post its channel's next free slot, and the repeat presets (daily,
weekly, monthly) with a custom RRULE; what the form shows of them and what it sends
as the API's `queue`, `recurrence` and `timezone`. A new post only: a queue slot and a
series are given when a post is made."""

# The presets people pick from; the post's time says the day and the time of day.
PRESETS = {"daily": "FREQ=DAILY", "weekly": "FREQ=WEEKLY", "monthly": "FREQ=MONTHLY"}
CUSTOM = "custom"


def submitted(form):
    """What the form sent of these fields, to show it again."""
    return {
        "queue": bool(form.get("queue")),
        "repeat": form.get("repeat", ""),
        "recurrence": form.get("recurrence", "").strip(),
    }


def api_fields(values, post, zone):
    """The API's fields for `values` (`submitted`): nothing for an existing post."""
    if post is not None:
        return {}
    if values["queue"]:
        return {"queue": True, "scheduledFor": ""}  # the queue picks the time
    rule = values["recurrence"] if values["repeat"] == CUSTOM else PRESETS.get(values["repeat"])
    return {"recurrence": rule, "timezone": zone} if rule else {}
