"""The connection: the `database` proxy the models bind to, what opens, checks and
closes a thread's connection, and
the few transaction shapes the code needs (serialised, locking, queued writes).

Peewee keeps one connection per thread; the app opens it on a thread's first request
and reuses it for every request after (opening per request halves SQLite throughput).
"""

import contextlib
import os
import select
from pathlib import Path

from peewee import DatabaseProxy, InterfaceError, OperationalError, SqliteDatabase
from playhouse import db_url

from postline.db.sqlite import QueuedWriterSqliteDatabase

# Any constants work; they name PostgreSQL advisory locks.
MIGRATION_LOCK_ID = 7_420_013
BOOTSTRAP_LOCK_ID = 7_420_014
POST_TALLY_LOCK_ID = 7_420_015
DELIVERY_TALLY_LOCK_ID = 7_420_016

# What a lost or unreachable database raises (peewee wraps the driver's errors).
UNAVAILABLE = (OperationalError, InterfaceError)
# A PostgreSQL server that does not answer fails a connection attempt after this long.
CONNECT_TIMEOUT_S = 5

database = DatabaseProxy()


def connect(url, sqlite_busy_timeout_ms=5000, file_mode=0o600):
    """A peewee Database for `url`, not yet connected. A new SQLite file is created
    with `file_mode` (SQLite gives its WAL and shared-memory files the same mode, as
    the rate-limit counters' file beside it gets)."""
    if url.startswith("sqlite"):
        path = db_url.parse(url)["database"]
        if path != ":memory:":
            _create_private(Path(path), file_mode)
        return QueuedWriterSqliteDatabase(
            path,
            pragmas={
                "journal_mode": "wal",
                "foreign_keys": 1,
                "synchronous": "normal",
                "busy_timeout": sqlite_busy_timeout_ms,
            },
            timeout=sqlite_busy_timeout_ms / 1000,
            # Take the write lock at BEGIN: a deferred transaction that reads and then
            # writes fails at once with "database is locked" instead of waiting.
            lock_type="IMMEDIATE",
        )
    return db_url.connect(url, connect_timeout=CONNECT_TIMEOUT_S)


def _create_private(path, file_mode):
    """Create a missing SQLite file with `file_mode`. An existing one is left untouched:
    opening and closing any descriptor of a database file releases every POSIX lock
    this process's SQLite connections hold on it."""
    if path.exists():
        return
    path.parent.mkdir(parents=True, exist_ok=True)
    with contextlib.suppress(FileExistsError):
        os.close(os.open(path, os.O_CREAT | os.O_EXCL | os.O_WRONLY, file_mode))


@contextlib.contextmanager
def serialized(lock_id):
    """A transaction that no other process runs at the same time for the same `lock_id`.

    SQLite transactions already take the one write lock at BEGIN (IMMEDIATE);
    PostgreSQL takes a transaction-scoped advisory lock.
    """
    with database.atomic():
        if not is_sqlite():
            database.execute_sql("SELECT pg_advisory_xact_lock(%s)", (lock_id,))
        yield


def for_update(query, lock="FOR UPDATE"):
    """`query` locking its rows for this transaction on PostgreSQL (`lock`: FOR UPDATE or
    FOR SHARE). SQLite needs no row locks: a transaction there holds the database's one
    write lock from BEGIN."""
    return query if is_sqlite() else query.for_update(lock)


def check_out():
    """Make this thread's connection ready for a unit of work (a request, a job run).

    A PostgreSQL connection the server has dropped (a restart, an idle time-out) is
    replaced before it can fail the work: an idle connection has nothing to read, so
    a socket that is readable means the server has closed it. No round trip needed.
    """
    if database.is_closed():
        database.connect()
    elif not is_sqlite() and not database.in_transaction() and _dropped(database.connection()):
        discard()
        database.connect()


def _dropped(connection):
    if connection.closed:
        return True
    poller = select.poll()
    poller.register(connection.fileno(), select.POLLIN)
    return bool(poller.poll(0))


def close():
    """Close this thread's connection, if it has one."""
    if database.obj is not None and not database.is_closed():
        database.close()


@contextlib.contextmanager
def without_waiting():
    """On SQLite, a write in this block fails at once ("database is locked") instead of
    waiting for another process's write lock: for writes that may be skipped."""
    if not is_sqlite():
        yield
        return
    waits = database.execute_sql("PRAGMA busy_timeout").fetchone()[0]
    database.execute_sql("PRAGMA busy_timeout = 0")
    try:
        yield
    finally:
        database.execute_sql(f"PRAGMA busy_timeout = {int(waits)}")


def discard():
    """Forget this thread's connection whatever state a failure left it in (even inside
    a transaction that can no longer roll back); the next `check_out` opens a new one."""
    if database.obj is None:
        return
    state = database.obj._state
    connection = state.conn
    state.reset()
    if connection is not None:
        with contextlib.suppress(Exception):
            connection.close()


def writing(on=None):
    """Around a single writing statement on `on` (the main database by default): on
    SQLite it queues with our other writers (postline/db/sqlite.py) and is a transaction
    by itself; nothing on PostgreSQL, where one statement is atomic by itself. Either
    way no BEGIN or COMMIT is sent."""
    target = (database if on is None else on).obj
    if isinstance(target, QueuedWriterSqliteDatabase):
        return target.queued()
    return contextlib.nullcontext()


def is_sqlite():
    return isinstance(database.obj, SqliteDatabase)
