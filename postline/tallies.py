"""Counts kept so that a listing's total costs no scan: posts per status and channel,
webhook deliveries per event and trigger.

Triggers append +1/-1 rows to a delta table on every insert, delete (and for posts,
change of status or channel): appends take no shared row lock, so concurrent writers
never wait on or deadlock over a counter. The worker folds the deltas into the tally
table (`Tally.fold`); a total reads both in one statement (`Tally.total`), so it is
exact whether or not the worker has folded lately. Post triggers: migration 0003;
delivery triggers: migration 0011.
"""

import time

from models import PostTally, PostTallyDelta, WebhookDeliveryTally, WebhookDeliveryTallyDelta
from postline import db
from postline.db import database
from postline.db.filters import shape_of
from postline.queries import tallies as queries

# Unfolded deltas a total will sum before it folds them first.
FOLD_BACKLOG = 500
# How often a process looks at the backlog, at most. The look reads both ends of the
# deltas' primary key, where every folded delta leaves a dead index entry until the
# next vacuum (on PostgreSQL up to 0.7 ms a look a minute after one); in between, the
# backlog grows only by what a second of writes appends.
BACKLOG_CHECK_S = 1.0


class Tally:
    """One tally table and its deltas.

    `scope` names the columns every total fixes (a post listing's account and mode);
    `filters` maps the listing filters a total can answer to the columns they read.
    """

    def __init__(self, table, deltas, scope, filters, lock_id):
        self.table, self.deltas, self.scope, self.filters = table, deltas, scope, filters
        self.lock_id = lock_id
        self.key = [field.column_name for field in table._meta.get_primary_keys()]
        self._backlog = queries.backlog(deltas)
        self._next_check = 0.0  # time.monotonic() of the next look at the backlog

    def count_for_listing(self, scope_values, filters):
        """A listing's total, or None when a filter needs a real COUNT.

        `filters` are (filter name, operator, value) triples.
        """
        filters = list(filters)
        if any(name not in self.filters for name, _, _ in filters):
            return None
        return self.total(scope_values, [(self.filters[name], op, value) for name, op, value in filters])

    def total(self, scope_values, filters=()):
        """Rows of one scope, from the tally and the unfolded deltas in one statement (one
        snapshot). `filters` are (column, operator, value), a list value for `in`.

        The deltas are summed row by row, so a long backlog (no worker folding) is folded
        here first (looked at once a second): a total stays cheap whatever the worker does.
        """
        now = time.monotonic()
        if now >= self._next_check:
            self._next_check = now + BACKLOG_CHECK_S
            if self._backlog.first()[0] > FOLD_BACKLOG:
                self.fold()
        shape, values = shape_of(filters)
        total = queries.TOTALS[self.table, self.deltas, tuple(self.scope), shape]
        return total.first(*scope_values, *values)[0]

    def fold(self):
        """Move the appended deltas into the tally; returns how many were folded. Rows
        counting nothing (a deleted webhook's, say) are dropped."""
        table, deltas = self.table._meta.table_name, self.deltas._meta.table_name
        with db.serialized(self.lock_id):
            if db.is_sqlite():
                # The write lock taken at BEGIN keeps new deltas out until commit.
                folded = self.deltas.select().count()
                database.execute_sql(queries.fold_sql(table, self.key, source=deltas))
                self.deltas.delete().execute()
            else:
                # One statement: exactly the deltas this snapshot sees are deleted and added.
                cursor = database.execute_sql(queries.fold_and_count_sql(table, deltas, self.key))
                folded = cursor.fetchone()[0]
            if folded:
                self.table.delete().where(self.table.count == 0).execute()
            return folded


POSTS = Tally(
    PostTally,
    PostTallyDelta,
    scope=("account_id", "mode"),
    filters={"status": "status", "channelId": "channel_id"},
    lock_id=db.POST_TALLY_LOCK_ID,
)
DELIVERIES = Tally(
    WebhookDeliveryTally,
    WebhookDeliveryTallyDelta,
    scope=("webhook_id",),
    filters={"event": "event_type", "trigger": "trigger"},
    lock_id=db.DELIVERY_TALLY_LOCK_ID,
)


def fold():
    """Fold every tally's deltas; returns how many were folded."""
    return POSTS.fold() + DELIVERIES.fold()
