"""A channel's queue: its posting schedule, the free slots it offers, and queue posts
taking them (docs/scheduling.md, Queues).

A slot holds up to `maxPerSlot` posts; what it holds is counted from the posts whose
`slot` is its time, so deleting or rescheduling a post frees its place. Taking slots
is race-free: the taker locks the channel's schedule row (SQLite: the one write lock)
and counts and writes inside that transaction, so concurrent queue posts of one
channel take their slots one transaction after another.
"""

import collections
import itertools
import json
from zoneinfo import ZoneInfo

from models import Channel, ChannelSchedule, Post
from postline import clock, db
from postline.db import due
from postline.errors import Conflict, Invalid, NotFound
from postline.schedules import slots
from postline.statuses import PostStatus

# Slots counted per query: enough for a batch of 100 in one query, few enough to be cheap.
WINDOW = 64
NO_SCHEDULE = "This channel has no posting schedule: PUT /v1/channels/{id}/schedule first."


def put(key, channel_id, fields):
    """Set the channel's schedule (a new one, or all of it anew); queued posts keep their
    slots until a reflow. Returns the schedule."""
    with db.database.atomic():
        channel = Channel.lock_visible(key, channel_id)
        schedule = ChannelSchedule.of_channel(key, channel_id, lock=True)
        values = {
            "timezone": fields["timezone"],
            "slots": json.dumps(slots.ordered(fields["slots"]), separators=(",", ":")),
            "max_per_slot": fields.get("max_per_slot", 1),
            "paused": fields.get("paused", False),
            "full_until": None,  # what was full under the old slots says nothing of the new
        }
        if schedule is None:
            schedule = ChannelSchedule.create(
                account=key.account_id, mode=key.mode, channel=channel, **values
            )
        else:
            for name, value in values.items():
                setattr(schedule, name, value)
            schedule.save()
    return schedule


def get(key, channel_id):
    """The channel's schedule; NotFound for a channel the key may not see or without one."""
    Channel.get_visible(key, channel_id)
    schedule = ChannelSchedule.of_channel(key, channel_id)
    if schedule is None:
        raise NotFound(NO_SCHEDULE.format(id=channel_id))
    return schedule


def preview(key, channel_id, count, after=None):
    """The next `count` slots with room at or after `after` (default now): {timezone,
    slots: [{scheduled_for, taken}]}."""
    schedule = get(key, channel_id)
    now = clock.now_ms()
    start = now if after is None else after
    book = _Book(schedule, now)
    found = []
    for moment in book.slot_times(start):
        if len(found) == count:
            break
        taken = book.taken(moment)
        if taken < schedule.max_per_slot:
            found.append({"scheduled_for": moment, "taken": taken})
    return {"timezone": schedule.timezone, "slots": found}


def place(key, queued, now, path):
    """Give each queue post its slot: `queued` is [(index, post, queue_after)]; a post
    takes the first slot with room at or after the later of now and its `queue_after`,
    in the order given. Locks each channel's schedule (call inside the transaction that
    writes the posts). Raises Invalid (no schedule, or one without slots) or Conflict
    (SCHEDULE_PAUSED)."""
    by_channel = collections.defaultdict(list)
    for item in queued:
        by_channel[item[1].channel_id].append(item)
    books, problems = {}, []
    for channel_id in sorted(by_channel):  # one lock order, so two batches never deadlock
        schedule = ChannelSchedule.of_channel(key, channel_id, lock=True)
        index = by_channel[channel_id][0][0]
        if schedule is None or not schedule.slot_list:
            message = "the channel's schedule has no slots" if schedule else NO_SCHEDULE.format(id=channel_id)
            problems.append({"field": path(index, "queue"), "message": message})
        elif schedule.paused:
            raise Conflict(
                "SCHEDULE_PAUSED",
                f"The posting schedule of channel {channel_id} is paused: unpause it to queue posts.",
                details=[{"field": path(index, "queue"), "message": "the channel's schedule is paused"}],
            )
        else:
            books[channel_id] = _Book(schedule, now)
    if problems:
        raise Invalid(problems)
    for channel_id, items in by_channel.items():
        book = books[channel_id]
        for _, post, queue_after in items:
            moment = book.take(max(now, queue_after or now))
            post.scheduled_for = post.slot = moment
            due.assign(post, due.scheduled(moment if post.status == PostStatus.QUEUED else None))
        book.save_full_until()


def freed(left):
    """Posts left their slots, [(channel id, slot)]: each channel's search for free slots
    starts no later than the earliest."""
    earliest = {}
    for channel_id, slot in left:
        earliest[channel_id] = min(slot, earliest.get(channel_id, slot))
    for channel_id, slot in earliest.items():
        ChannelSchedule.lower_full_until(channel_id, slot)


def reflow(key, channel_id):
    """Place the channel's queued posts from now on anew in its schedule's slots, in the
    order they hold; returns how many moved."""
    now = clock.now_ms()
    with db.database.atomic():
        Channel.get_visible(key, channel_id)
        schedule = ChannelSchedule.of_channel(key, channel_id, lock=True)
        if schedule is None:
            raise NotFound(NO_SCHEDULE.format(id=channel_id))
        movable = (Post.channel == channel_id) & (Post.slot >= now) & Post.status.in_(PostStatus.SETTABLE)
        posts = list(db.for_update(Post.select().where(movable).order_by(Post.slot, Post.id)))
        if not posts or not schedule.slot_list:
            return 0
        Post.update(slot=None).where(Post.id.in_([post.id for post in posts])).execute()
        schedule.full_until = None
        book = _Book(schedule, now)
        rows, moved = [], 0
        for post in posts:
            moment = book.take(now)
            moved += moment != post.slot
            waiting = moment if post.status == PostStatus.QUEUED else None
            rows.append({"id": post.id, "scheduled_for": moment, "slot": moment, **due.scheduled(waiting)})
        db.update_rows(Post, rows, constants={"updated_at": now})
        book.save_full_until()
    return moved


class _Book:
    """One channel's slots while a transaction takes them: how many posts each holds
    (read from posts a window of slots at a time), plus those given out here."""

    def __init__(self, schedule, now):
        self.schedule = schedule
        self.zone = ZoneInfo(schedule.timezone)
        self.now = now
        self.counted = {}
        self.known = set()  # the slots whose posts were counted
        self.given = collections.Counter()
        self.streams = {}
        self.full_until = None

    def slot_times(self, start):
        """The slots at or after `start`, earliest first, their posts counted a window
        ahead. From the schedule's `full_until` when `start` is before it: the slots
        between are all full."""
        hint = self.schedule.full_until
        begin = max(start, hint) if hint is not None and self.now <= start else start
        times = slots.times(self.schedule.slot_list, self.zone, begin)
        while window := list(itertools.islice(times, WINDOW)):
            if not self.known.issuperset(window):
                self.counted.update(ChannelSchedule.taken(self.schedule.channel_id, window[0], window[-1]))
                self.known.update(window)
            yield from window

    def taken(self, moment):
        return self.counted.get(moment, 0) + self.given[moment]

    def take(self, start):
        """The first slot with room at or after `start`, now held by one more post."""
        stream = self.streams.get(start)
        if stream is None:
            stream = self.streams[start] = self._with_room(start)
        moment = next(stream)
        self.given[moment] += 1
        if start <= max(self.now, self.schedule.full_until or 0):
            # Every slot this stream passed was full: the search may start here next time.
            self.full_until = max(self.full_until or moment, moment)
        return moment

    def _with_room(self, start):
        for moment in self.slot_times(start):
            while self.taken(moment) < self.schedule.max_per_slot:
                yield moment

    def save_full_until(self):
        if self.full_until is not None and self.full_until != self.schedule.full_until:
            ChannelSchedule.update(full_until=self.full_until).where(
                ChannelSchedule.channel == self.schedule.channel_id
            ).execute()
