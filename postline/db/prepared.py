"""Server-side prepared statements on PostgreSQL, for the queries every request runs
(`Compiled(..., prepare=True)` and `Shaped(..., prepare=True)` in compiled.py): the
server parses and plans such a statement once per connection, not on every execution.
Planning the key lookup (a join of two tables) cost the server more than running it:
145 -> 62 us of its CPU a lookup, on this project's 2-core benchmark machine; a page of
GET /v1/posts took 76 us to plan and 29 to run, its total 53 and 23. A statement
stays in the server's memory until deallocated, and a listing's shapes of filters could
be hundreds: a connection keeps the `MOST_PER_CONNECTION` it ran last, and deallocates
the one it ran longest ago to prepare one more.

A statement is named by a hash of its SQL, so two processes that meet on one server
connection (through a pooler) mean the same statement by one name. A pooler that hands
a session's statements to other server connections (PgBouncer's transaction pooling)
shows itself as a statement prepared here that the server does not know, or one it
already has that this connection never prepared: this process then stops preparing,
says so once, and runs the plain SQL from then on.

Statements are prepared and run only outside a transaction, where an error costs
nothing but itself: the query then runs as plain SQL. Inside a transaction the plain
SQL runs.
"""

import collections
import hashlib
import logging
import re
import threading
import weakref

from peewee import DatabaseError

from postline.db.connection import database

log = logging.getLogger(__name__)

# SQLSTATEs: a name the server does not know; a name it already has.
UNKNOWN_STATEMENT = "26000"
DUPLICATE_STATEMENT = "42P05"
PLACEHOLDER = re.compile(r"%%|%s")
# Statements a connection keeps prepared: a listing's page takes about 48 KB of the
# server's memory, so a connection holds some 1.5 MB of them at most.
MOST_PER_CONNECTION = 32

# psycopg2 connection -> the names prepared on it, the one run longest ago first. A
# connection is one thread's (peewee's), so only this mapping is shared between threads.
_prepared_on = weakref.WeakKeyDictionary()
_lock = threading.Lock()
_pooled = threading.Event()  # set once a pooler has been seen: prepare no more


class Statement:
    """One SQL text (psycopg2's %s placeholders) as a prepared statement."""

    def __init__(self, sql):
        self.name = "postline_" + hashlib.sha256(sql.encode()).hexdigest()[:24]
        arity = PLACEHOLDER.findall(sql).count("%s")
        numbered = iter(range(1, arity + 1))
        self.prepare = f"PREPARE {self.name} AS " + PLACEHOLDER.sub(
            lambda match: "%" if match.group() == "%%" else f"${next(numbered)}", sql
        )
        self.execute = f"EXECUTE {self.name}" + (f"({', '.join(['%s'] * arity)})" if arity else "")
        self.unpreparable = False  # the server could not prepare it (a parameter of no known type)


def execute(statement, sql, params, database=database):
    """The cursor of `sql` run with `params` on `database`: as `statement`, prepared on
    this thread's connection, where that can be done safely, else (and with no
    statement) as plain SQL."""
    if statement is None or statement.unpreparable or _pooled.is_set() or database.in_transaction():
        return database.execute_sql(sql, params)
    connection = database.connection()
    with _lock:
        names = _prepared_on.setdefault(connection, collections.OrderedDict())
    try:
        if statement.name in names:
            names.move_to_end(statement.name)
        else:
            _prepare(database, statement, names)
        if not statement.unpreparable:
            return database.execute_sql(statement.execute, params)
    except DatabaseError as error:
        if _sqlstate(error) not in (UNKNOWN_STATEMENT, DUPLICATE_STATEMENT):
            raise
        _pooled.set()
        log.warning(
            "PostgreSQL does not keep this connection's prepared statements (a pooler in "
            "transaction mode?): running plain SQL from now on (%s)",
            str(error).strip(),
        )
    return database.execute_sql(sql, params)


def _prepare(database, statement, names):
    if len(names) >= MOST_PER_CONNECTION:
        oldest = next(iter(names))
        database.execute_sql(f"DEALLOCATE {oldest}")
        del names[oldest]
    try:
        database.execute_sql(statement.prepare)
    except DatabaseError as error:
        if _sqlstate(error) == DUPLICATE_STATEMENT:
            raise
        statement.unpreparable = True
        log.warning("a statement could not be prepared; it runs as plain SQL: %s", str(error).strip())
        return
    names[statement.name] = None


def _sqlstate(error):
    """The SQLSTATE of the driver's error behind peewee's (its `orig`)."""
    for cause in (error, getattr(error, "orig", None), error.__context__):
        code = getattr(cause, "pgcode", None)
        if code:
            return code
    return None
