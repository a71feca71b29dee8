"""The database: one URL, SQLite or PostgreSQL, and the migrations that shape it.

Models bind to `database`, a proxy initialised once per process. Peewee keeps one
connection per thread; the app opens it on a thread's first request and reuses
it for every request after (opening per request halves SQLite throughput).
"""

import contextlib
import fcntl
import functools
import logging
import threading
from pathlib import Path

from peewee import DatabaseProxy, SqliteDatabase, Value
from playhouse import db_url
from playhouse.migrations import Runner

MIGRATIONS_DIR = Path(__file__).resolve().parent.parent / "migrations"
# Any constants work; they name PostgreSQL advisory locks.
MIGRATION_LOCK_ID = 7_420_013
BOOTSTRAP_LOCK_ID = 7_420_014
TALLY_LOCK_ID = 7_420_015

log = logging.getLogger(__name__)

database = DatabaseProxy()


class QueuedWriterSqliteDatabase(SqliteDatabase):
    """SQLite whose threads of one process queue for the write lock in Python.

    Every transaction begins IMMEDIATE, taking SQLite's one write lock at BEGIN. A
    thread that finds it held by another thread of this process waits on a Python
    lock and wakes the moment it is free, rather than in SQLite's busy handler, which
    polls with sleeps of up to 100 ms (the worker's threads would spend more time
    asleep than writing). Other processes still meet at SQLite's own lock.
    """

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self._writer = threading.Lock()
        self._holding = threading.local()

    def begin(self, lock_type=None):
        self._writer.acquire()
        self._holding.value = True
        try:
            super().begin(lock_type)
        except BaseException:
            self._release_writer()
            raise

    def commit(self):
        try:
            super().commit()
        finally:
            self._release_writer()

    def rollback(self):
        try:
            super().rollback()
        finally:
            self._release_writer()

    def _release_writer(self):
        if getattr(self._holding, "value", False):
            self._holding.value = False
            self._writer.release()


def connect(url, sqlite_busy_timeout_ms=5000):
    """A peewee Database for `url`, not yet connected."""
    if url.startswith("sqlite"):
        path = db_url.parse(url)["database"]
        if path != ":memory:":
            Path(path).parent.mkdir(parents=True, exist_ok=True)
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
    return db_url.connect(url)


def init(config):
    """Bind the models to the configured database and migrate it if configured to."""
    settings = config["database"]
    database.initialize(connect(settings["url"], settings["sqlite_busy_timeout_ms"]))
    if settings["auto_migrate"]:
        upgrade()


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


class Compiled:
    """A query whose SQL text is written once per database, then run with new values.

    Peewee writes a query's SQL anew on every execution; for the few queries on every
    request's path, that costs more than running them. `build(*slots)` returns the
    query with `slots` (peewee nodes) where the values go; `rows(*values)` runs it
    with the values in their place and decodes rows exactly as the query would.
    A query whose shape depends on its values (an IN list's length) needs one
    Compiled per shape.
    """

    def __init__(self, build):
        self.build = build
        self._compiled = None  # (database, query, SQL, parameter plan)

    def rows(self, *values):
        _, query, sql, plan = self._current(len(values))
        params = [values[item] if is_slot else item for is_slot, item in plan]
        return query._get_cursor_wrapper(database.execute_sql(sql, params))

    def _current(self, arity):
        compiled = self._compiled
        if compiled is None or compiled[0] is not database.obj:
            compiled = self._compiled = self._compile(arity)
        return compiled

    def first(self, *values):
        return next(iter(self.rows(*values)), None)

    def execute(self, *values):
        """Run a write (INSERT, UPDATE, DELETE); returns the cursor."""
        _, _, sql, plan = self._current(len(values))
        return database.execute_sql(sql, [values[item] if is_slot else item for is_slot, item in plan])

    def _compile(self, arity):
        slots = [Value(_Slot(), converter=False) for _ in range(arity)]
        query = self.build(*slots)
        sql, params = query.sql()
        positions = {id(slot.value): index for index, slot in enumerate(slots)}
        # A slot stands for a value (by position); anything else is a constant of the query.
        plan = [
            (True, positions[id(param)]) if id(param) in positions else (False, param) for param in params
        ]
        return database.obj, query, sql, plan


def insert_rows(model, rows):
    """INSERT `rows` (dicts with the same keys, values as the model's fields take them)
    in one statement whose SQL is compiled once per model, columns and row count."""
    if not rows:
        return
    columns = tuple(rows[0])
    fields = [model._meta.fields[column] for column in columns]
    values = [
        field.db_value(row[column]) for row in rows for column, field in zip(columns, fields, strict=True)
    ]
    _inserter(model, columns, len(rows)).execute(*values)


@functools.lru_cache(maxsize=512)
def _inserter(model, columns, count):
    width = len(columns)

    def build(*slots):
        return model.insert_many(
            [dict(zip(columns, slots[row * width : (row + 1) * width], strict=True)) for row in range(count)]
        )

    return Compiled(build)


class _Slot:
    """Where a value goes in a Compiled query; only its identity matters."""


def close():
    """Close this thread's connection, if there is one."""
    if database.obj is not None and not database.is_closed():
        database.close()


def is_sqlite():
    return isinstance(database.obj, SqliteDatabase)


def upgrade():
    """Apply pending migrations, serialised across processes; return the applied names."""
    with _migration_lock():
        applied = Runner(database.obj, str(MIGRATIONS_DIR)).up()
    for name in applied:
        log.info("applied migration %s", name)
    return applied


@contextlib.contextmanager
def _migration_lock():
    if is_sqlite():
        lock_path = Path(f"{database.obj.database}.migrate-lock")
        with open(lock_path, "a") as lock_file:
            fcntl.flock(lock_file, fcntl.LOCK_EX)
            try:
                yield
            finally:
                fcntl.flock(lock_file, fcntl.LOCK_UN)
    else:
        database.execute_sql("SELECT pg_advisory_lock(%s)", (MIGRATION_LOCK_ID,))
        try:
            yield
        finally:
            database.execute_sql("SELECT pg_advisory_unlock(%s)", (MIGRATION_LOCK_ID,))
