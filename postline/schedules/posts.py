"""What creating, changing and deleting a post asks of its channel's queue, of a
recurring post's series and of an evergreen run (docs/scheduling.md); called by
postline/posts/lifecycle.py inside its transactions. Fields are the API's, loaded
(`queue`, `queue_after`, `recurrence`, `evergreen`); the worker's repeats add
`series_id` and `occurrence_at`, `evergreen_of` and `evergreen_repeat`."""

import contextlib
import threading
from zoneinfo import ZoneInfo

from postline.schedules import evergreen, queue, recurrence, series
from postline.statuses import PostStatus

# Locks of this process that queue posts of one channel take in turn, by the channel's
# hash (a fixed number, whatever the number of channels).
TURNS = [threading.Lock() for _ in range(64)]


def problems(item, scheduled_for, index, path):
    """What is wrong with a new post's queue, recurrence and evergreen fields together:
    [{field, message}] named as sent."""
    found = []

    def problem(field, message):
        found.append({"field": path(index, field), "message": message})

    draft = item.get("status") == PostStatus.DRAFT
    if item.get("queue"):
        if item.get("scheduled_for") is not None:
            problem("scheduledFor", "must be omitted with queue: true (the queue picks the time)")
        if draft:
            problem("queue", "takes queued posts, not drafts")
    elif item.get("queue_after") is not None:
        problem("queueAfter", "is only taken with queue: true")
    if item.get("recurrence") is None:
        return found
    for field, present in (("queue", item.get("queue")), ("evergreen", item.get("evergreen"))):
        if present:
            problem(field, "cannot be combined with recurrence")
    if draft:
        problem("status", "a recurring post is queued: it cannot be a draft")
    if not item.get("timezone"):
        problem("timezone", "is required with recurrence (the zone its times are read in)")
        return found
    try:
        rule = recurrence.parse(item["recurrence"])
        start_local = series.start_local_of(scheduled_for, item["timezone"])
        recurrence.checked(rule, start_local, ZoneInfo(item["timezone"]))
    except recurrence.RuleError as error:
        problem("recurrence", str(error))
    return found


def columns(item):
    """The columns of a new post that say where it came from (before `place`)."""
    return {
        "slot": None,
        "series_id": item.get("series_id"),
        "occurrence_at": item.get("occurrence_at"),
        "series_detached": False,
        **evergreen.columns(item),
    }


@contextlib.contextmanager
def in_turn(items):
    """Around the transaction that creates `items`: this process's threads creating queue
    posts of one channel go one at a time. They would all but one wait for the channel's
    schedule lock anyway (queue.py), and waiting inside their transactions they would
    slow the one that holds it: the threads of a process share one interpreter."""
    turns = sorted({hash(item["channel_id"]) % len(TURNS) for item in items if item.get("queue")})
    with contextlib.ExitStack() as held:
        for turn in turns:  # in one order, so two threads never hold each other up
            held.enter_context(TURNS[turn])
        yield


def place(key, items, posts, now, path):
    """Give new queue posts their slots and start the series of recurring ones; call
    inside the transaction that writes them, and `settle()` what it returns once they
    are written (queue.py, `place`)."""
    queued = [
        (index, post, item.get("queue_after"))
        for index, (item, post) in enumerate(zip(items, posts, strict=True))
        if item.get("queue")
    ]
    placing = queue.place(key, queued, now, path) if queued else None
    recurring = [(item, post) for item, post in zip(items, posts, strict=True) if item.get("recurrence")]
    if recurring:
        series.start(recurring, now)
    return placing or NOTHING_TO_SETTLE


class _NothingToSettle:
    def settle(self):
        """No queue post: nothing to check."""


NOTHING_TO_SETTLE = _NothingToSettle()


def changed(post, fields, detach=True):
    """Before a PATCH of `fields` is applied to `post`: the slot it leaves, (channel id,
    slot) or None. A new `scheduledFor` or channel leaves the slot; a PATCH of any field
    detaches an occurrence from its series (the series' changes no longer reach it);
    `evergreen` starts the post's run anew (null ends it)."""
    left = None
    moved = fields.get("channel_id", post.channel_id) != post.channel_id
    rescheduled = "scheduled_for" in fields and fields["scheduled_for"] != post.slot
    if post.slot is not None and (moved or rescheduled):
        left, post.slot = (post.channel_id, post.slot), None
    if detach and fields and post.series_id is not None:
        post.series_detached = True  # a retry (a PATCH of nothing) keeps it in the series
    if "evergreen" in fields:
        settings = fields["evergreen"]
        repeat = evergreen.repeat_of(post.evergreen) if post.evergreen else 0
        post.evergreen = evergreen.stored(settings, repeat) if settings else None
        post.evergreen_state = evergreen.WAITING if settings else None
    return left


def left_slots(left):
    """After the PATCHes: the slots posts left are free again."""
    queue.freed([pair for pair in left if pair is not None])


def deleted(posts):
    """Posts are about to be deleted: their slots are free again, and a deleted
    occurrence is skipped (never made again)."""
    queue.freed([(post.channel_id, post.slot) for post in posts if post.slot is not None])
    series.skip_deleted(posts)
