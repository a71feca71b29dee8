"""Queries of channel queues: on the path of every queue post, which holds its
channel's schedule locked while it runs them (postline/schedules/queue.py)."""

from models import ChannelSchedule, Scope
from postline import db

# LOCKED_SCHEDULE.first(account_id, mode, channel_id): the channel's schedule, locked
# until the transaction ends (FOR UPDATE on PostgreSQL; SQLite's write lock is held).
LOCKED_SCHEDULE = db.Compiled(
    lambda account_id, mode, channel_id: db.for_update(
        ChannelSchedule.visible_to(Scope(account_id, mode)).where(ChannelSchedule.channel == channel_id)
    )
)

# SLOTS_TAKEN.rows(channel_id, first_ms, last_ms): (slot, posts holding it) of the
# channel's slots from first_ms to last_ms.
SLOTS_TAKEN = db.Compiled(ChannelSchedule.taken_query)
