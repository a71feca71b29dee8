"""A channel's queue: its posting schedule, the free slots it offers, and queue posts
taking them (docs/scheduling.md, Queues).

A slot holds up to `maxPerSlot` posts; what it holds is counted from the posts whose
`slot` is its time, so deleting or rescheduling a post frees its place. Taking slots
is race-free: the taker locks the channel's schedule row (SQLite: the one write lock)
and counts and writes inside that transaction, so concurrent queue posts of one
channel take their slots one transaction after another.
"""

import bisect
import collections
import itertools
import json
from zoneinfo import ZoneInfo

from models import Channel, ChannelSchedule, Post
from postline import clock, db
from postline.db import due
from postline.errors import Conflict, Invalid, NotFound
from postline.queries import schedules
from postline.schedules import slots
from postline.statuses import PostStatus

# Slots counted per query: a batch of 100 in one query, few enough to be cheap.
WINDOW = 128
# What the slots are worked out from, of the schedule row.
SCHEDULE_COLUMNS = ("timezone", "slots", "max_per_slot", "paused", "full_until")
NO_SCHEDULE = "This channel has no posting schedule: PUT /v1/channels/{id}/schedule first."


def put(key, channel_id, fields):
    """Set the channel's schedule (a new one, or all of it anew); queued posts keep their
    slots until a reflow. Returns the schedule."""
    with db.database.atomic():
        channel = Channel.lock_visible(key, channel_id)
        schedule = schedules.LOCKED_SCHEDULE.first(key.account_id, key.mode, channel_id)
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
    in the order given. Raises Invalid (no schedule, or one without slots) or Conflict
    (SCHEDULE_PAUSED). Returns a Placing: call its `settle()` once the posts are
    written, in the same transaction.

    The slots are worked out without a lock; once the posts are written, `settle()`
    locks each schedule (until the transaction ends) and reads again what they were
    worked out from: the same schedule and the same counts (besides these posts) give
    the same slots, so they stand; anything changed meanwhile, they are worked out
    again under the lock and the posts moved. The lock is so held for the last writes
    alone, and concurrent queue posts of a channel wait the less."""
    by_channel = collections.defaultdict(list)
    for item in queued:
        by_channel[item[1].channel_id].append(item)
    seen = {channel_id: ChannelSchedule.of_channel(key, channel_id) for channel_id in by_channel}
    _refuse_unplaceable(seen, by_channel, path)
    books = {channel_id: _Book(seen[channel_id], now).plan(items) for channel_id, items in by_channel.items()}
    for channel_id, items in by_channel.items():
        _assign(items, books[channel_id].planned)
    return Placing(key, by_channel, books, path)


def _assign(items, moments):
    """Set each post's slot; returns the posts whose slot changed."""
    moved = []
    for (_, post, _), moment in zip(items, moments, strict=True):
        if moment != post.slot:
            post.scheduled_for = post.slot = moment
            due.assign(post, due.scheduled(moment if post.status == PostStatus.QUEUED else None))
            moved.append(post)
    return moved


class Placing:
    """Queue posts placed without a lock, to be settled once they are written."""

    def __init__(self, key, by_channel, books, path):
        self.key, self.by_channel, self.books, self.path = key, by_channel, books, path

    def settle(self):
        """Lock each channel's schedule and check the posts' slots under it, moving the
        posts whose slots were taken meanwhile (call once they are written)."""
        for channel_id in sorted(self.by_channel):  # one lock order: two batches never deadlock
            items, book = self.by_channel[channel_id], self.books[channel_id]
            locked = schedules.LOCKED_SCHEDULE.first(self.key.account_id, self.key.mode, channel_id)
            if not book.still_holds(locked):
                _refuse_unplaceable({channel_id: locked}, self.by_channel, self.path)
                book = book.again(locked, items)
                moved = _assign(items, book.planned)
                columns = ("id", "scheduled_for", "slot", "due_at")
                db.update_rows(Post, [{name: getattr(post, name) for name in columns} for post in moved])
            book.save_full_until()


def _refuse_unplaceable(schedules_of, by_channel, path):
    """Invalid for channels without a schedule or slots; Conflict for a paused one."""
    problems = []
    for channel_id, schedule in sorted(schedules_of.items()):
        field = path(by_channel[channel_id][0][0], "queue")
        if schedule is None or not schedule.slot_list:
            message = "the channel's schedule has no slots" if schedule else NO_SCHEDULE.format(id=channel_id)
            problems.append({"field": field, "message": message})
        elif schedule.paused:
            raise Conflict(
                "SCHEDULE_PAUSED",
                f"The posting schedule of channel {channel_id} is paused: unpause it to queue posts.",
                details=[{"field": field, "message": "the channel's schedule is paused"}],
            )
    if problems:
        raise Invalid(problems)


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
        schedule = schedules.LOCKED_SCHEDULE.first(key.account_id, key.mode, channel_id)
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


def _taken(channel_id, first_ms, last_ms):
    return dict(schedules.SLOTS_TAKEN.rows(channel_id, first_ms, last_ms))


def _plus(counts, given, times):
    """`counts` with the posts `given` at `times` added."""
    total = dict(counts)
    for moment in times:
        if given[moment]:
            total[moment] = total.get(moment, 0) + given[moment]
    return total


class _Book:
    """One channel's slots while a transaction takes them: how many posts each holds
    (read from posts a window of slots at a time), plus those given out here.
    `windows` counted under the schedule's lock may be handed in (a plan made again)."""

    def __init__(self, schedule, now, instants=None, windows=(), own=None):
        self.schedule = schedule
        self.zone = ZoneInfo(schedule.timezone)
        self.now = now
        self.instants = instants
        # Posts of this transaction already written at these slots: counts leave them out.
        self.own = own or collections.Counter()
        self.counted, self.known, self.windows = {}, set(), []
        for times, counts in windows:
            self._count(times, counts)
        self.fresh = None
        self.planned = []
        self.given = collections.Counter()
        self.streams = {}
        self.full_until = None

    def _count(self, times, counts):
        counts = {slot: taken - self.own[slot] for slot, taken in counts.items() if taken > self.own[slot]}
        self.windows.append((times, counts))
        self.counted.update(counts)
        self.known.update(times)

    def slot_times(self, start):
        """The slots at or after `start`, earliest first, their posts counted a window
        ahead. From the schedule's `full_until` when `start` is before it: the slots
        between are all full."""
        hint = self.schedule.full_until
        begin = max(start, hint) if hint is not None and self.now <= start else start
        if self.instants is None or begin < self.instants.origin:
            self.instants = _Instants(self.schedule.slot_list, self.zone, begin)
        times = self.instants.starting(begin)
        while window := tuple(itertools.islice(times, WINDOW)):
            if not self.known.issuperset(window):
                self._count(window, _taken(self.schedule.channel_id, window[0], window[-1]))
            yield from window

    def taken(self, moment):
        return self.counted.get(moment, 0) + self.given[moment]

    def plan(self, items):
        """The slots of `items` [(index, post, queue_after)], in `planned`; returns self."""
        self.planned = [self.take(max(self.now, queue_after or self.now)) for _, _, queue_after in items]
        return self

    def still_holds(self, locked):
        """Whether the plan stands with `locked`, the schedule as locked now (its posts
        written): the schedule is as the plan read it, and so are the counts of every
        slot the plan looked at, besides its own posts (read again into `fresh`)."""
        if locked is None:
            return False
        if db.is_sqlite():
            return True  # the transaction has held SQLite's one write lock since it began
        self.fresh = [(times, _taken(locked.channel_id, times[0], times[-1])) for times, _ in self.windows]
        same = all(getattr(locked, name) == getattr(self.schedule, name) for name in SCHEDULE_COLUMNS)
        expected = [_plus(counts, self.given, times) for times, counts in self.windows]
        return same and [counts for _, counts in self.fresh] == expected

    def again(self, locked, items):
        """The plan made again with `locked`, from the counts just read under the lock
        (this transaction's own posts, written at the planned slots, left out) and the
        slot times already worked out."""
        same_slots = (locked.slots, locked.timezone) == (self.schedule.slots, self.schedule.timezone)
        instants = self.instants if same_slots else None
        return _Book(locked, self.now, instants, self.fresh or (), own=self.given).plan(items)

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


class _Instants:
    """A schedule's slot times from `origin` on, each worked out once and kept."""

    def __init__(self, slot_list, zone, origin):
        self.origin = origin
        self.kept = []
        self.more = slots.times(slot_list, zone, origin)

    def starting(self, begin):
        """The slot times at or after `begin` (not before `origin`), earliest first."""
        index = bisect.bisect_left(self.kept, begin)
        while True:
            while index < len(self.kept):
                yield self.kept[index]
                index += 1
            following = next(self.more, None)
            if following is None:
                return
            self.kept.append(following)
