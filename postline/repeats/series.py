"""A recurring post's series: reading, changing, skipping and stopping it, and the
worker's job that makes each next occurrence (docs/scheduling.md, Recurring posts).

The horizon is one occurrence: a series has its next occurrence made as a post; when
that occurrence is due, the worker makes the one after it. No occurrence is ever made
twice: a post is unique per (series, occurrence time), and the job skips an
occurrence that has its post already (two workers, or a worker that died after
making it).
"""

import datetime
import logging
from zoneinfo import ZoneInfo

from peewee import IntegrityError

from models import Post, Series
from postline import clock, db, logs
from postline.errors import Invalid
from postline.posts import lifecycle, versions
from postline.repeats import Maker
from postline.schedules import recurrence
from postline.schedules import series as occurrences
from postline.statuses import PostStatus

log = logging.getLogger(__name__)

# The template's fields, as the API loads them; the last three are stored as JSON.
TEMPLATE = ("content", "media", "thread", "first_comment", "platforms")
STORED = ("thread", "first_comment", "platforms")
# Series made per transaction of the job.
BATCH = 50


def get(key, series_id):
    """The series with its coming occurrences listed (`series.listed`)."""
    series = Series.get_visible(key, series_id)
    series.listed = occurrences.occurrences(series, clock.now_ms())
    return series


def update(key, series_id, fields, settings):
    """Change the coming occurrences: their template (and the posts already made for
    them, unless a PATCH detached one), or their rule and zone (the coming posts are
    made anew under the new rule). `settings` is the `[posts]` section."""
    now = clock.now_ms()
    with db.database.atomic():
        series = Series.lock_visible(key, series_id)
        rule_changed = _rule_changed(series, fields)
        for name in TEMPLATE:
            if name in fields:
                setattr(series, name, versions.stored(fields[name]) if name in STORED else fields[name])
        coming = _made_and_unstarted(series, now)
        if rule_changed:
            series.recurrence = recurrence.parse(fields.get("recurrence", series.recurrence)).text
            series.timezone = fields.get("timezone", series.timezone)
            Post.delete().where(Post.id.in_([post.id for post in coming])).execute()
            series.last_occurrence_at = now - 1
            series.skipped = []  # the old rule's occurrences: the new rule's are all to come
            _make_next(series, now, settings)
        elif coming and any(name in fields for name in TEMPLATE):
            template = {name: fields[name] for name in TEMPLATE if name in fields}
            lifecycle.update(key, [(post.id, dict(template)) for post in coming], settings, detach=False)
        series.save()
    return get(key, series_id)


def _rule_changed(series, fields):
    """Whether `fields` change the series' rule or zone; Invalid if the new rule, from
    the series' start, is refused."""
    zone_name = fields.get("timezone", series.timezone)
    try:
        rule = recurrence.parse(fields.get("recurrence", series.recurrence))
        if rule.text == series.recurrence and zone_name == series.timezone:
            return False
        recurrence.checked(rule, datetime.datetime.fromisoformat(series.start_local), ZoneInfo(zone_name))
    except recurrence.RuleError as error:
        raise Invalid.field("recurrence", str(error)) from None
    return True


def _made_and_unstarted(series, now):
    """The coming occurrences' posts the series still changes: made, not detached, not
    yet being published."""
    query = Post.select().where(
        (Post.series_id == series.id)
        & ~Post.series_detached
        & Post.status.in_(PostStatus.SETTABLE)
        & (Post.occurrence_at >= now)
    )
    return list(db.for_update(query))


def skip(key, series_id, moment, settings):
    """Skip one coming occurrence: its post, if made, is deleted; the next is made when
    the skipped one was the latest made."""
    now = clock.now_ms()
    with db.database.atomic():
        series = Series.lock_visible(key, series_id)
        if moment not in occurrences.coming(series, now):
            raise Invalid.field("scheduledFor", "is no coming occurrence of this series")
        made = _post_of(series, moment)
        if made is not None:
            lifecycle.delete(key, [made.id], lambda index: "scheduledFor")  # records the skip
            series = Series.lock_visible(key, series_id)
        else:
            occurrences.skip(series, [moment])
        if moment == series.last_occurrence_at:
            _make_next(series, now, settings)
            series.save()
    return get(key, series_id)


def _post_of(series, moment):
    return Post.select(Post.id).where((Post.series_id == series.id) & (Post.occurrence_at == moment)).first()


def stop(key, series_id):
    """Stop the series: no more occurrences; those made and not yet started are deleted
    (a detached one is kept), those published keep their `seriesId`."""
    with db.database.atomic():
        series = Series.lock_visible(key, series_id)
        Post.delete().where(
            (Post.series_id == series.id) & ~Post.series_detached & Post.status.in_(PostStatus.SETTABLE)
        ).execute()
        series.delete_instance()


def make_due_occurrences(settings):
    """Job: make the next occurrence of every series whose latest one is due; returns
    how many series were looked at. Rows are locked and skipped by other workers
    (FOR UPDATE SKIP LOCKED on PostgreSQL)."""
    now = clock.now_ms()
    with db.database.atomic():
        query = Series.select().where(Series.due_at <= now).order_by(Series.due_at).limit(BATCH)
        due = list(db.for_update(query, "FOR UPDATE SKIP LOCKED"))
        for series in due:
            _make_next(series, now, settings["posts"])
            series.save()
    return len(due)


def _make_next(series, now, settings):
    """Make the series' next occurrence after its latest (missed ones more than `[posts]
    max_past_seconds` ago are passed over) and move `due_at` to it; None when the rule
    has no more. The caller saves the series."""
    rule = recurrence.parse(series.recurrence)
    start_local = datetime.datetime.fromisoformat(series.start_local)
    after = max(series.last_occurrence_at or 0, now - settings["max_past_seconds"] * 1000)
    skipped = series.skipped_times
    for moment in recurrence.occurrences(rule, start_local, ZoneInfo(series.timezone), after):
        if moment in skipped:
            continue
        _make(series, moment, settings)
        series.last_occurrence_at = series.due_at = moment
        return moment
    series.due_at = None
    return None


def _make(series, moment, settings):
    """The occurrence's post, unless it has one already; an occurrence whose post the
    lifecycle refuses (its media deleted since, say) is passed over, and logged."""
    if _post_of(series, moment) is not None:
        return
    item = {
        "channel_id": series.channel_id,
        "content": series.content,
        "media": series.media,
        "thread": versions.loaded(series.thread) or None,
        "first_comment": versions.loaded(series.first_comment) or None,
        "platforms": versions.loaded(series.platforms) or None,
        "scheduled_for": moment,
        "timezone": series.timezone,
        "series_id": series.id,
        "occurrence_at": moment,
    }
    try:
        with db.database.atomic():
            lifecycle.create(Maker(series.account_id, series.mode, f"series:{series.id}"), [item], settings)
    except IntegrityError:
        return  # made meanwhile by another worker: the unique (series, occurrence) held
    except Invalid as error:
        logs.event(
            log,
            f"series {series.id}: occurrence {moment} not made: {error.message}",
            logging.WARNING,
            series_id=series.id,
            error_code=error.code,
        )
