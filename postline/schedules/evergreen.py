"""Evergreen settings as a post stores them (docs/scheduling.md, Evergreen posts): once
published, an evergreen post is queued again after `minIntervalDays`, as a new post
(`evergreenOf` its original), up to `maxRepeats` times and not after `until`, each
repeat taking the next of the `rotation` of per-platform versions. The worker makes the
repeats (postline/repeats/evergreen.py)."""

import json

# Where a post's evergreen run stands.
WAITING = "waiting"  # it is repeated once published
REPEATED = "repeated"  # its repeat is queued: the run goes on there
ENDED = "ended"  # no more repeats (`endedReason` says why)


def stored(settings, repeat=0, ended_reason=None):
    """The post's `evergreen` column (JSON) for `settings`, as the API schema loads them:
    the settings, which repeat the post is, and why its run ended."""
    value = {
        "min_interval_days": settings["min_interval_days"],
        "max_repeats": settings.get("max_repeats"),
        "until": settings.get("until"),
        "rotation": settings.get("rotation") or [],
        "repeat": repeat,
        "ended_reason": ended_reason,
    }
    return json.dumps(value, separators=(",", ":"), sort_keys=True)


def settings_of(column):
    """The settings a post's `evergreen` column holds, as the API schema loads them."""
    value = json.loads(column)
    return {name: value[name] for name in ("min_interval_days", "max_repeats", "until", "rotation")}


def repeat_of(column):
    return json.loads(column)["repeat"]


def columns(item):
    """The evergreen columns of a new post from its validated fields."""
    settings = item.get("evergreen")
    repeat = item.get("evergreen_repeat")
    return {
        "evergreen": stored(settings, repeat or 0) if settings else None,
        "evergreen_state": WAITING if settings else None,
        "evergreen_of": item.get("evergreen_of"),
        "evergreen_repeat": repeat,
    }


def ended(post, code, message):
    """End the post's run: its columns, with the reason."""
    reason = {"code": code, "message": message}
    settings = settings_of(post.evergreen)
    return {"evergreen": stored(settings, repeat_of(post.evergreen), reason), "evergreen_state": ENDED}
