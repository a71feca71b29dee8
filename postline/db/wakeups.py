"""Waking the worker when new work is written, so that it starts at once instead of
at the worker's next poll (`[worker] poll_interval`, a quarter of a second by default):
a post to publish now, a webhook event to deliver, an import to run.

- PostgreSQL: each table the worker claims rows from notifies the channel
  `postline_work` with its name when a statement inserts rows due now (statement
  triggers, migration 0020), so an insert by any process on any server wakes every
  worker; the listener holds a connection of its own that LISTENs.
- SQLite: one server, no channel; the listener looks every `SQLITE_TICK` seconds at
  `PRAGMA data_version`, which changes whenever another connection commits (about 3 us
  a look), and when it has, at each table's last rowid, which changes when rows are
  inserted; a table whose rows past the last rowid seen include one due now (or within
  `DUE_AHEAD_MS`) wakes the worker. The worker's own updates (claims, outcomes) and rows
  scheduled for later wake nothing, as on PostgreSQL.

Only inserts wake: a row rescheduled to now (an edited post, a retry) is found by the
next poll, as is a post whose time comes. A wake-up is a hint: the polls still find
every due row, so a notification lost with a connection (or behind a pooler that does
not pass LISTEN on) costs at most one poll's wait; the listener reconnects after
`RETRY_SECONDS`.
"""

import contextlib
import logging
import select
import threading

from peewee import SqliteDatabase

from postline import clock
from postline.db.connection import database

log = logging.getLogger(__name__)

CHANNEL = "postline_work"
SQLITE_TICK = 0.01
POSTGRES_TICK = 1.0  # how often a LISTENing listener looks whether it should stop
RETRY_SECONDS = 1.0
# Rows due this soon count as due now (PostgreSQL's triggers allow the same second).
DUE_AHEAD_MS = 1000


class Listener:
    """A thread calling `on_work(names)` with the set of those `tables` (names) that
    new work was inserted in. Inserts made while `on_work` runs are gathered into its
    next call."""

    def __init__(self, tables, on_work):
        self.tables = tuple(tables)
        self.on_work = on_work
        self._stopping = threading.Event()
        self._thread = threading.Thread(target=self._run, name="wakeups", daemon=True)

    def start(self):
        self._thread.start()

    def stop(self):
        self._stopping.set()
        self._thread.join(timeout=POSTGRES_TICK + 1)

    def _run(self):
        while not self._stopping.is_set():
            connection = None
            try:
                # A connection of the listener's own, outside peewee's per-thread one.
                connection = database.obj._connect()
                listen = _sqlite if isinstance(database.obj, SqliteDatabase) else _postgres
                listen(connection, self.tables, self._wake, self._stopping)
            except Exception as error:  # noqa: BLE001 - a lost connection, a failed wake: retried
                log.warning("work wake-ups paused (%s); polling meanwhile", str(error).strip())
                self._stopping.wait(RETRY_SECONDS)
            finally:
                if connection is not None:
                    with contextlib.suppress(Exception):
                        connection.close()

    def _wake(self, tables):
        if not self._stopping.is_set():
            self.on_work(tables)


def _sqlite(connection, tables, wake, stopping):
    version, last = _data_version(connection), _last_rowids(connection, tables)
    while not stopping.wait(SQLITE_TICK):
        now = _data_version(connection)
        if now == version:
            continue
        version, before, last = now, last, _last_rowids(connection, tables)
        inserted = {
            table
            for table in tables
            if last[table] != before[table] and _due_after(connection, table, before[table])
        }
        if inserted:
            wake(inserted)


def _data_version(connection):
    return connection.execute("PRAGMA data_version").fetchone()[0]


def _last_rowids(connection, tables):
    """Each table's highest rowid: the end of its b-tree, one page read."""
    return {table: connection.execute(f'SELECT max(rowid) FROM "{table}"').fetchone()[0] for table in tables}


def _due_after(connection, table, rowid):
    """Whether the rows of `table` past `rowid` (those inserted since it was read) hold
    one due now: a range of the rowid b-tree, a few rows long."""
    due = f'SELECT EXISTS (SELECT 1 FROM "{table}" WHERE rowid > ? AND due_at <= ?)'
    return connection.execute(due, (rowid or 0, clock.now_ms() + DUE_AHEAD_MS)).fetchone()[0]


def _postgres(connection, tables, wake, stopping):
    connection.autocommit = True  # notifications arrive between transactions only
    connection.cursor().execute(f"LISTEN {CHANNEL}")
    # poll(), not select(): select() refuses a descriptor past 1023, which a worker
    # holding many webhook and platform connections can hand its listener.
    readable = select.poll()
    readable.register(connection, select.POLLIN)
    while not stopping.is_set():
        if not readable.poll(POSTGRES_TICK * 1000):
            continue
        connection.poll()
        inserted = {notification.payload for notification in connection.notifies} & set(tables)
        connection.notifies.clear()
        if inserted:
            wake(inserted)
