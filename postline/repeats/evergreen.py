"""Evergreen posts: the worker's job that queues each published one again
(docs/scheduling.md, Evergreen posts).

A post whose run is `waiting` and that is `done` is repeated: a new post with its
content (and the next set of its `rotation` of per-platform versions), `evergreenOf`
its original, queued in the channel's next free slot at or after its publication
plus `minIntervalDays` (at that moment exactly when the channel has no schedule). The
published post stays `done`; its run goes on in the repeat. A run ends, with its
reason on the post, after `maxRepeats`, past `until`, or when a repeat fails for good:
a platform that refuses it as a duplicate (X) ends the run instead of failing it again
and again. A repeat is made once: the post moves from `waiting` to `repeated` in the
transaction that makes it, and a repeat is unique per (original, repeat number).
"""

import logging

from peewee import IntegrityError, fn

from models import ChannelSchedule, Post
from postline import clock, db, logs
from postline.errors import Conflict, Invalid
from postline.posts import lifecycle, versions
from postline.repeats import Maker
from postline.schedules import evergreen
from postline.statuses import PostStatus

log = logging.getLogger(__name__)

BATCH = 50
DUPLICATE = "DUPLICATE_CONTENT"


class _PastUntil(Exception):
    """The slot the repeat took is after `until`: undo it."""


def queue_repeats(settings):
    """Job: repeat (or end the run of) every evergreen post that is published, or failed
    for good; returns how many were looked at. A channel whose schedule is paused waits."""
    now = clock.now_ms()
    paused = ChannelSchedule.select().where(
        (ChannelSchedule.channel == Post.channel) & ChannelSchedule.paused
    )
    ended = (Post.status == PostStatus.DONE) | (
        (Post.status == PostStatus.FAILED) & Post.next_attempt_at.is_null()
    )
    with db.database.atomic():
        query = (
            Post.select()
            .where((Post.evergreen_state == evergreen.WAITING) & ended & ~fn.EXISTS(paused))
            .order_by(Post.updated_at)
            .limit(BATCH)
        )
        posts = list(db.for_update(query, "FOR UPDATE SKIP LOCKED"))
        for post in posts:
            _repeat_or_end(post, now, settings["posts"])
    return len(posts)


def _repeat_or_end(post, now, settings):
    if post.status == PostStatus.FAILED:
        if post.last_error_code == DUPLICATE:
            message = (
                "A platform refused this post as a duplicate of an earlier one; the evergreen run ended "
                "(give `evergreen.rotation` versions with other text for that platform)."
            )
        else:
            message = f"This post failed for good ({post.last_error_message}); the evergreen run ended."
        return _end(post, post.last_error_code or "FAILED", message)
    current = evergreen.settings_of(post.evergreen)
    repeat = evergreen.repeat_of(post.evergreen) + 1
    if current["max_repeats"] is not None and repeat > current["max_repeats"]:
        return _end(post, "MAX_REPEATS", f"Repeated {current['max_repeats']} times, as maxRepeats says.")
    earliest = (post.delivered_at or now) + current["min_interval_days"] * clock.DAY_MS
    if current["until"] is not None and earliest > current["until"]:
        return _end(post, "UNTIL_PASSED", "The next repeat would come after `until`.")
    try:
        with db.database.atomic():
            made = _make_repeat(post, current, repeat, max(earliest, now), settings)
    except IntegrityError:
        made = None  # made already, by another worker: its unique (original, repeat) held
    except _PastUntil:
        return _end(post, "UNTIL_PASSED", "The next free slot comes after `until`.")
    except (Invalid, Conflict) as error:
        return _end(post, "REPEAT_REFUSED", f"The repeat was refused: {error.message}")
    Post.update(evergreen_state=evergreen.REPEATED).where(Post.id == post.id).execute()
    if made is not None:
        logs.event(log, f"post {post.id}: evergreen repeat {repeat} is {made.id}", post_id=made.id)
    return made


def _make_repeat(post, current, repeat, earliest, settings):
    """The repeat, queued in the channel's queue at or after `earliest` (at `earliest`
    for a channel without slots; never before now)."""
    rotation = current["rotation"]
    platforms = versions.loaded(post.platforms)
    if rotation:
        platforms = {**platforms, **rotation[(repeat - 1) % len(rotation)]}
    item = {
        "channel_id": post.channel_id,
        "content": post.content,
        "media": post.media,
        "thread": versions.loaded(post.thread) or None,
        "first_comment": versions.loaded(post.first_comment) or None,
        "platforms": platforms or None,
        "timezone": post.timezone,
        "evergreen": current,
        "evergreen_of": post.evergreen_of or post.id,
        "evergreen_repeat": repeat,
    }
    schedule = ChannelSchedule.get_or_none(ChannelSchedule.channel == post.channel_id)
    if schedule is not None and schedule.slot_list:
        item.update(queue=True, queue_after=earliest)
    else:
        item["scheduled_for"] = earliest
    maker = Maker(post.account_id, post.mode, f"evergreen:{item['evergreen_of']}")
    (made,) = lifecycle.create(maker, [item], settings)
    if current["until"] is not None and made.scheduled_for > current["until"]:
        raise _PastUntil
    return made


def _end(post, code, message):
    Post.update(**evergreen.ended(post, code, message)).where(Post.id == post.id).execute()
    logs.event(log, f"post {post.id}: evergreen run ended: {code}", post_id=post.id, error_code=code)
    return None
