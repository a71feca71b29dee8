"""Rate-limit counters beside a SQLite database: a table in a file every process on the
host maps into its memory (`<database>-ratelimits.counters`, beside the database file).

SQLite serves one host, so the counts need to be shared only between that host's
processes (gunicorn's workers, the CLI). In a SQLite file of their own, every request
was a write transaction: SQLite's one write lock taken, a WAL frame written, threads
and processes taking turns at both. Here a request takes a lock on the file (`flock`,
held for a few microseconds while one bucket's entry is read and written) and touches
memory the kernel shares between the processes; the counts are as exact as the
database's, and survive a restart (the kernel writes the file back in its own time: a
crash of the machine, not of a process, may lose the last moments' counts).

The file is a fixed table of entries, each one bucket's three windows (slot, count,
previous slot's count, as the database's rows hold them; sliding_window.py weighs
them), found by a hash of the bucket's name and linear probing. An entry whose every
window has emptied is free again: it is reused in place, so nothing needs purging.
A run of PROBES taken entries in a row (tens of thousands of keys active within a
day) evicts the one that expires first: that bucket starts its windows over.
"""

import fcntl
import functools
import hashlib
import mmap
import os
import struct
import threading
from pathlib import Path

from peewee import SqliteDatabase

from postline import db
from postline.limits import sql_store
from postline.limits.sliding_window import FIRST_COUNT, NO_COUNTS, statuses

MAGIC = b"postline-ratelimits-1\0\0\0"
CAPACITY = 1 << 16
PROBES = 64
# name digest, expires_at, then (slot, count, previous) of the minute, hour and day.
ENTRY = struct.Struct("<16sq9q")
HEADER = struct.Struct(f"<{len(MAGIC)}sQ")
FREE = bytes(16)


class DatabaseCounters:
    """The counters of `[limits] storage = ""`: on SQLite this module's file beside the
    database (in this process's memory for a database in memory), on PostgreSQL a
    table of the database (sql_store.py). Looked up on each use: the database is bound
    when the app starts, after this is made."""

    def __init__(self):
        self._sql = sql_store.SqlCounters()

    def acquire(self, buckets, now_ms):
        return self._store().acquire(buckets, now_ms)

    def peek(self, buckets, now_ms):
        return self._store().peek(buckets, now_ms)

    def _store(self):
        database = db.database.obj
        return shared_counters(database.database) if isinstance(database, SqliteDatabase) else self._sql


# This process's SharedCounters by SQLite database path, forgotten in a forked child.
_shared = {}
_shared_lock = threading.Lock()


def shared_counters(database_path):
    """The SharedCounters of the SQLite database at `database_path`."""
    counters = _shared.get(database_path)
    if counters is None:
        with _shared_lock:
            counters = _shared.setdefault(database_path, SharedCounters(database_path))
    return counters


def _forget_after_fork():
    """In a forked child, open the files anew. A flock belongs to the open file, which
    parent and child would share, so it would not keep them apart; and a lock a
    parent's thread held at the fork would never be released here."""
    global _shared_lock
    _shared.clear()
    _shared_lock = threading.Lock()


os.register_at_fork(after_in_child=_forget_after_fork)


def clear_beside(database_path):
    """Forget every count beside the SQLite database at `database_path` (tests start
    each from none), without keeping open a file this process had not opened: a test
    run meets hundreds of databases, and each table held open is a file descriptor."""
    counters = _shared.get(database_path)
    if counters is not None:
        counters.clear()
    elif database_path != ":memory:" and file_beside(database_path).exists():
        table = _Table(Path(database_path))
        try:
            with table.locked():
                table.clear()
        finally:
            table.close()


@functools.lru_cache(maxsize=4096)
def name_digest(name):
    """(the digest an entry holds of a bucket's `name`, where its probing starts before
    the table's capacity is taken into account). The same few keys ask again and again."""
    digest = hashlib.blake2b(name.encode(), digest_size=16).digest()
    return digest, int.from_bytes(digest[:8], "little")


def file_beside(database_path):
    """The counters' file of the SQLite database at `database_path`."""
    path = Path(database_path)
    return path.with_name(f"{path.stem}-ratelimits.counters")


class SharedCounters:
    """The counters of the SQLite database at `database_path`, in the file beside it
    (in this process's memory for a database in memory)."""

    def __init__(self, database_path):
        self.database_path = database_path
        self._table = None
        self._opened = threading.Lock()

    def acquire(self, buckets, now_ms):
        """Count one request in every bucket, or in none: (admitted, [Status])."""
        table = self._table or self._open()
        with table.locked():
            found = [table.find(bucket.name, now_ms) for bucket in buckets]
            rows = [row for _, _, row in found]
            counted = [_counted(bucket, row, now_ms) for bucket, row in zip(buckets, rows, strict=True)]
            admitted = None not in counted
            if admitted:
                for position, (bucket, row) in enumerate(zip(buckets, counted, strict=True)):
                    # Looked for again after the first write: two new buckets may have
                    # been shown the same free entry.
                    index, digest, _ = found[0] if position == 0 else table.find(bucket.name, now_ms)
                    table.write(index, digest, row)
        return admitted, _statuses(buckets, counted if admitted else rows, now_ms)

    def peek(self, buckets, now_ms):
        """[Status] of every limit of `buckets`, counting nothing."""
        table = self._table or self._open()
        with table.locked():
            rows = [table.find(bucket.name, now_ms)[2] for bucket in buckets]
        return _statuses(buckets, rows, now_ms)

    def clear(self):
        """Forget every count (tests start each from none)."""
        table = self._table or self._open()
        with table.locked():
            table.clear()

    def _open(self):
        with self._opened:
            if self._table is None:
                in_memory = self.database_path == ":memory:"
                self._table = _Table(None if in_memory else Path(self.database_path))
            return self._table


def _statuses(buckets, rows, now_ms):
    return [
        s
        for b, r in zip(buckets, rows, strict=True)
        for s in statuses(b, None if r is None else r[1:], now_ms)
    ]


def _counted(bucket, row, now_ms):
    """The bucket's row after counting one request, or None if a window is full: the
    database's upsert (postline/queries/rate_limits.py) in Python. A row is the entry's
    expiry followed by the bucket's counts (sliding_window.statuses)."""
    counted = list(row or (now_ms, *NO_COUNTS))
    expires_at = counted[0]
    for limit in bucket.limits:
        length = limit.window.ms
        first = FIRST_COUNT[limit.window.name] + 1
        stored, slot = counted[first], now_ms // length
        if stored >= slot:
            current, previous = counted[first + 1], counted[first + 2]
        else:
            current, previous = 0, counted[first + 1] if stored == slot - 1 else 0
        # A slot never goes back: a server whose clock runs behind counts in the newer one.
        weight = length if stored > slot else (slot + 1) * length - now_ms
        if previous * weight >= (limit.amount - current) * length:
            return None
        counted[first : first + 3] = max(stored, slot), current + 1, previous
        expires_at = max(expires_at, (slot + 2) * length)
    counted[0] = expires_at
    return counted


class _Table:
    """The mapped file: `find` and `write` an entry, inside `locked()`."""

    def __init__(self, database_path):
        """The table beside the database at `database_path`, or None: in memory."""
        self._threads = threading.Lock()
        self.capacity = CAPACITY
        size = HEADER.size + self.capacity * ENTRY.size
        if database_path is None:
            self._file = None
            self._memory = mmap.mmap(-1, size)  # no other process reads its header
            return
        # Readable by whoever may read the database (SQLite gives its own files its mode).
        mode = os.stat(database_path).st_mode & 0o777
        self._file = os.open(file_beside(database_path), os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, mode)
        fcntl.flock(self._file, fcntl.LOCK_EX)
        try:
            if os.fstat(self._file).st_size != size or self._header() != (MAGIC, self.capacity):
                # New, or from another version: start every bucket over.
                os.pwrite(self._file, HEADER.pack(MAGIC, self.capacity), 0)
                self._empty_entries(size)
        finally:
            fcntl.flock(self._file, fcntl.LOCK_UN)
        self._memory = mmap.mmap(self._file, size)

    def _header(self):
        return HEADER.unpack(os.pread(self._file, HEADER.size, 0))

    def _empty_entries(self, size):
        # Cut off and grown again: the kernel drops the pages and reads zeros (every
        # process maps the file, and none reads it outside the lock held here).
        os.ftruncate(self._file, HEADER.size)
        os.ftruncate(self._file, size)

    def clear(self):
        if self._file is None:
            self._memory[HEADER.size :] = bytes(len(self._memory) - HEADER.size)
        else:
            self._empty_entries(len(self._memory))

    def locked(self):
        return _Locked(self)

    def close(self):
        self._memory.close()
        if self._file is not None:
            os.close(self._file)

    def find(self, name, now_ms):
        """(index, digest, row) of `name`'s entry: its row (expiry, then the bucket's
        counts) if a window of it holds counts, else None, with the index where it is
        to be written."""
        digest, start = name_digest(name)
        memory, reusable, soonest = self._memory, None, None
        for probe in range(min(PROBES, self.capacity)):
            index = (start + probe) % self.capacity
            offset = HEADER.size + index * ENTRY.size
            stored = memory[offset : offset + 16]
            if stored == digest:
                row = ENTRY.unpack_from(memory, offset)[1:]
                if row[0] < now_ms:
                    return index, digest, None  # every window has emptied
                return index, digest, row
            if stored == FREE:
                return (index if reusable is None else reusable), digest, None
            expires_at = struct.unpack_from("<q", memory, offset + 16)[0]
            if reusable is None and expires_at < now_ms:
                reusable = index
            if soonest is None or expires_at < soonest[0]:
                soonest = (expires_at, index)
        return (soonest[1] if reusable is None else reusable), digest, None

    def write(self, index, digest, row):
        ENTRY.pack_into(self._memory, HEADER.size + index * ENTRY.size, digest, *row)


class _Locked:
    """This process's threads one at a time, then the host's processes (flock)."""

    __slots__ = ("_table",)

    def __init__(self, table):
        self._table = table

    def __enter__(self):
        self._table._threads.acquire()
        if self._table._file is not None:
            fcntl.flock(self._table._file, fcntl.LOCK_EX)

    def __exit__(self, *exc):
        if self._table._file is not None:
            fcntl.flock(self._table._file, fcntl.LOCK_UN)
        self._table._threads.release()
