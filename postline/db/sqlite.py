"""SQLite whose writers queue for the write lock in the kernel and in Python, instead of
in SQLite's busy handler."""

import contextlib
import fcntl
import os
import threading

from peewee import SqliteDatabase


class QueuedWriterSqliteDatabase(SqliteDatabase):
    """Every transaction begins IMMEDIATE, taking SQLite's one write lock at BEGIN. A
    writer that finds it held waits where it wakes the moment it is free: a thread of
    this process on a Python lock, another process of ours on an flock() of
    `<file>.writers`. SQLite's busy handler polls with sleeps of up to 100 ms; two
    gunicorn workers counting rate limits, or worker threads publishing, would spend
    more time asleep than writing. Processes that are not ours (the sqlite3 shell)
    still meet at SQLite's own lock.
    """

    def __init__(self, database, *args, **kwargs):
        super().__init__(database, *args, **kwargs)
        self._writer = threading.Lock()
        self._holding = threading.local()
        self._queue_path = None if database == ":memory:" else f"{database}.writers"
        self._queue = None  # (pid, file descriptor): a fork needs a descriptor of its own

    @contextlib.contextmanager
    def queued(self):
        """Hold the write queue around statements run outside a transaction, each its
        own transaction (no BEGIN and COMMIT to send): they never meet another of our
        writers at SQLite's lock. A statement that returns rows must be read to its end
        inside the block, for its transaction lasts until then. Inside a transaction of
        this thread the queue is already held."""
        if getattr(self._holding, "value", False):
            yield
            return
        self._writer.acquire()
        self._holding.value = True
        try:
            self._queue_in_kernel(fcntl.LOCK_EX)
            yield
        finally:
            self._release_writer()

    def begin(self, lock_type=None):
        self._writer.acquire()
        self._holding.value = True
        try:
            self._queue_in_kernel(fcntl.LOCK_EX)
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
            try:
                self._queue_in_kernel(fcntl.LOCK_UN)
            finally:
                self._writer.release()

    def _queue_in_kernel(self, operation):
        if self._queue_path is None:
            return
        if self._queue is None or self._queue[0] != os.getpid():
            descriptor = os.open(self._queue_path, os.O_CREAT | os.O_RDWR, 0o600)
            self._queue = (os.getpid(), descriptor)
        fcntl.flock(self._queue[1], operation)
