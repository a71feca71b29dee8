"""A recurring post's series (docs/scheduling.md, Recurring posts): started by the post
that carries `recurrence` (its first occurrence), and the coming occurrences it lists.
The worker makes each next occurrence (postline/repeats/series.py)."""

import datetime
import itertools
from zoneinfo import ZoneInfo

from models import Post, Series
from postline import db
from postline.db import due
from postline.schedules import recurrence, wallclock
from postline.statuses import PostStatus

MAX_LISTED = 100


def start_local_of(scheduled_for, zone_name):
    """The series' start: the wall-clock minute of `scheduled_for` in its zone."""
    return wallclock.local_of(scheduled_for, ZoneInfo(zone_name)).replace(second=0, microsecond=0)


def start(recurring, now):
    """Start a series for each new post of `recurring` [(item, post)], validated: the
    post becomes its first occurrence."""
    rows = []
    for item, post in recurring:
        rule = recurrence.parse(item["recurrence"])
        start_local = start_local_of(post.scheduled_for, item["timezone"])
        first = recurrence.checked(rule, start_local, ZoneInfo(item["timezone"]))
        post.series_id = Series.new_id(now)
        post.scheduled_for = post.occurrence_at = first
        due.assign(post, due.scheduled(first if post.status == PostStatus.QUEUED else None))
        rows.append(
            {
                "id": post.series_id,
                "account": post.account_id,
                "mode": post.mode,
                "channel": post.channel_id,
                "recurrence": rule.text,
                "timezone": item["timezone"],
                "start_local": start_local.isoformat(timespec="minutes"),
                "content": post.content,
                "media": post.media,
                "thread": post.thread,
                "first_comment": post.first_comment,
                "platforms": post.platforms,
                "skipped": [],
                "last_occurrence_at": first,
                "due_at": first,  # when it is due, the worker makes the next
                "created_at": now,
                "updated_at": now,
            }
        )
    db.insert_rows(Series, rows)


def coming(series, now, after=None):
    """Occurrence times from `after` (default now) on, not skipped, up to MAX_LISTED."""
    rule = recurrence.parse(series.recurrence)
    start_local = datetime.datetime.fromisoformat(series.start_local)
    skipped = series.skipped_times
    times = recurrence.occurrences(rule, start_local, ZoneInfo(series.timezone), (after or now) - 1)
    return list(itertools.islice((moment for moment in times if moment not in skipped), MAX_LISTED))


def occurrences(series, now):
    """The coming occurrences as answers list them: [{scheduled_for, post_id}], `post_id`
    None until the worker has made the occurrence's post."""
    times = coming(series, now)
    made = {}
    if times:
        query = Post.select(Post.occurrence_at, Post.id).where(
            (Post.series_id == series.id) & Post.occurrence_at.in_(times)
        )
        made = dict(query.tuples())
    return [{"scheduled_for": moment, "post_id": made.get(moment)} for moment in times]


def skip_deleted(posts):
    """Deleting an occurrence's post skips the occurrence: it is not made again."""
    by_series = {}
    for post in posts:
        if post.series_id is not None:
            by_series.setdefault(post.series_id, []).append(post.occurrence_at)
    if not by_series:
        return
    for series in db.for_update(Series.select().where(Series.id.in_(list(by_series)))):
        skip(series, by_series[series.id])


def skip(series, times):
    """Add `times` to the occurrences the series skips (saved)."""
    series.skipped = [str(moment) for moment in sorted(series.skipped_times | set(times))]
    series.save()
