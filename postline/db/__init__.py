"""The database: one URL, SQLite or PostgreSQL, and what the rest of the code needs
of it. This package is the one place that knows peewee's internals; its modules
import one another in this order, and this face re-exports their names:

- `sqlite`: SQLite with writers queued in Python;
- `connection`: the `database` proxy models bind to, a thread's connection, locks and
  queued writes;
- `fields`: column types of our own;
- `prepared`: PostgreSQL's prepared statements, for a Compiled query that asks;
- `compiled`: queries whose SQL is written once (`Compiled`, `Shaped` by shape, `insert_rows`,
  `update_rows`), and `stored_key`, where a model instance keeps a column's value;
- `migrations`: the schema, changed by migrations applied at start (and reverted by
  `flask db downgrade`);
- `startup`: `init(config)`, binding and migrating at a process's start;
- `leases`, `filters`: claiming due rows among several workers; listing filters'
  operators (imported by name: `from postline.db import leases`).
"""

from postline.db.compiled import Compiled, Shaped, insert_rows, stored_key, update_rows
from postline.db.connection import (
    BOOTSTRAP_LOCK_ID,
    CONNECT_TIMEOUT_S,
    DELIVERY_TALLY_LOCK_ID,
    MIGRATION_LOCK_ID,
    POST_TALLY_LOCK_ID,
    UNAVAILABLE,
    check_out,
    close,
    connect,
    database,
    discard,
    for_update,
    is_sqlite,
    serialized,
    without_waiting,
    writing,
)
from postline.db.fields import ListField
from postline.db.migrations import MIGRATIONS_DIR, MigrationError, downgrade, status, upgrade
from postline.db.sqlite import QueuedWriterSqliteDatabase
from postline.db.startup import init

__all__ = [
    "BOOTSTRAP_LOCK_ID",
    "CONNECT_TIMEOUT_S",
    "DELIVERY_TALLY_LOCK_ID",
    "MIGRATIONS_DIR",
    "MIGRATION_LOCK_ID",
    "MigrationError",
    "POST_TALLY_LOCK_ID",
    "UNAVAILABLE",
    "Compiled",
    "ListField",
    "QueuedWriterSqliteDatabase",
    "Shaped",
    "check_out",
    "close",
    "connect",
    "database",
    "discard",
    "downgrade",
    "for_update",
    "init",
    "insert_rows",
    "is_sqlite",
    "serialized",
    "status",
    "stored_key",
    "update_rows",
    "upgrade",
    "without_waiting",
    "writing",
]
