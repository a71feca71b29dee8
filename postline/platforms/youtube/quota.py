"""YouTube's daily quota, counted in Postline's database (PlatformQuota) per project (the
app's client_id) and quota day, which runs from midnight to midnight Pacific time
(docs/platforms/youtube.md, Quota). An upload that would go over is held before a byte
of it is sent: BLOCKED until the day ends.

YouTube has published two models, and `[youtube] quota_model` says which the project
is under:
- "uploads" (the current one): videos.insert has an allowance of its own,
  `daily_uploads` calls a day; every other call shares `daily_units` units;
- "units" (the older one, still what many projects were granted): videos.insert costs
  `upload_units` (1,600) of the `daily_units` every call shares.
Every call Postline makes is counted, refused ones too (YouTube charges for them):
one unit for a list, 50 for a thumbnail or a comment.
"""

import datetime
from zoneinfo import ZoneInfo

from models import PlatformQuota
from postline import clock
from postline.platforms.base import BLOCKED, PublishError

PROVIDER = "youtube"
PACIFIC = ZoneInfo("America/Los_Angeles")
UNITS = "units"
# What each call costs of the shared units.
COSTS = {"channels.list": 1, "videos.list": 1, "thumbnails.set": 50, "commentThreads.insert": 50}


def day_of(now_ms):
    """(the quota day at `now_ms`, as YYYY-MM-DD, and when it ends, Unix ms)."""
    local = datetime.datetime.fromtimestamp(now_ms / 1000, PACIFIC)
    midnight = datetime.datetime.combine(local.date() + datetime.timedelta(days=1), datetime.time(), PACIFIC)
    return local.date().isoformat(), int(midnight.timestamp() * 1000)


def next_reset_ms(now_ms=None):
    """When the quota day that holds `now_ms` (now by default) ends."""
    return day_of(clock.now_ms() if now_ms is None else now_ms)[1]


def spend(settings, call_name):
    """Count a call of `call_name` (COSTS) against the project's shared units."""
    now = clock.now_ms()
    day, _ = day_of(now)
    PlatformQuota.spend(PROVIDER, settings["client_id"], day, now, units=COSTS[call_name])


def hold_upload(settings):
    """Count the upload about to start; PublishError BLOCKED QUOTA_EXHAUSTED, resuming
    when the quota day ends, when the project's allowance for today has no room for it."""
    now = clock.now_ms()
    day, resets_at = day_of(now)
    if settings["quota_model"] == UNITS:
        cost, most = {"units": settings["upload_units"]}, {"most_units": settings["daily_units"]}
        allowance = f"{settings['upload_units']} of its {settings['daily_units']} units a day"
    else:
        cost, most = {"uploads": 1}, {"most_uploads": settings["daily_uploads"]}
        allowance = f"its {settings['daily_uploads']} uploads a day"
    if PlatformQuota.spend(PROVIDER, settings["client_id"], day, now, **cost, **most):
        return
    raise PublishError(
        BLOCKED,
        "QUOTA_EXHAUSTED",
        f"youtube: the project's quota for {day} (Pacific time) has no room for another upload "
        f"(an upload takes {allowance}); it resumes when the quota day ends",
        resets_at,
    )
