"""SQLite whose threads of one process queue for the write lock in Python."""

import threading

from peewee import SqliteDatabase


class QueuedWriterSqliteDatabase(SqliteDatabase):
    """Every transaction begins IMMEDIATE, taking SQLite's one write lock at BEGIN. A
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
