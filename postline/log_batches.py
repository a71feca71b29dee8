"""Log lines written in batches: the handler Postline puts on the root logger
(postline/logs.py configures it), which gathers lines below WARNING in memory and
writes them with one write() at a time, and the thread that writes a batch within
BATCH_SECONDS of its first line.
"""

import logging
import os
import threading
import time
import weakref


class Handler(logging.StreamHandler):
    """The one handler Postline puts on the root logger (stderr), told apart from
    handlers others put there (pytest's), so it is replaced, never added twice.

    Lines below WARNING are written in batches, as a buffered access log of nginx's:
    gathered in memory and written by one write() once BATCH_BYTES are in, at most
    BATCH_SECONDS after they came, before any WARNING or worse line, before a fork
    and when the process exits. In a threaded gunicorn worker each write() of a line
    handed the interpreter's lock to another thread and back, and logging holds the
    handler's lock across it, so that every request queued behind the others' access
    lines: a write per line cost 9 to 16% of GET /v1/health. A stream with no file
    descriptor (a test's capture) is written at once, as logging does.
    """

    BATCH_SECONDS = 0.1
    BATCH_BYTES = 32768

    def __init__(self, stream=None):
        super().__init__(stream)
        try:
            self.descriptor = self.stream.fileno()
        except (AttributeError, OSError, ValueError):
            self.descriptor = None
        self._gathered = threading.Lock()  # guards the two below
        self._lines, self._size = [], 0
        _batched.add(self)

    def handle(self, record):
        if self.descriptor is None or not self.filter(record):
            return super().handle(record)
        try:
            line = self.format(record)
        except Exception:
            self.handleError(record)
            return True
        self.gather(line, record.levelno)
        return True

    def gather(self, line, level):
        """Add a formatted line to the batch (written at once from WARNING up)."""
        line = (line + self.terminator).encode(errors="backslashreplace")
        with self._gathered:
            self._lines.append(line)
            self._size += len(line)
            full = self._size >= self.BATCH_BYTES
        if full or level >= logging.WARNING:
            self.flush()
        elif not _flusher_started:
            _start_flusher()

    def flush(self):
        """Write the lines gathered so far (and whatever the stream holds)."""
        if self.descriptor is None:
            return super().flush()
        with self.lock:  # one batch at a time, in order
            with self._gathered:
                lines, self._lines, self._size = self._lines, [], 0
            self.stream.flush()
            data = b"".join(lines)
            while data:
                data = data[os.write(self.descriptor, data) :]

    def _after_fork(self):
        """In a forked child: the lines were written before the fork (by the parent)."""
        self._gathered = threading.Lock()
        self._lines, self._size = [], 0


# Every batching Handler of this process, and the thread that writes their batches.
_batched = weakref.WeakSet()
# Whether this process has started that thread: a forked child has not (`_forked`), and
# asking for the pid on every line was a system call.
_flusher_started = False
_flusher_lock = threading.Lock()


def _start_flusher():
    global _flusher_started
    with _flusher_lock:
        if not _flusher_started:
            threading.Thread(target=_flush_batches, name="postline-log-writer", daemon=True).start()
            _flusher_started = True


def _flush_batches():
    while True:
        time.sleep(Handler.BATCH_SECONDS)
        _flush_all()


def _flush_all():
    for handler in list(_batched):
        if handler._lines:
            try:
                handler.flush()
            except (OSError, ValueError):
                pass  # stderr closed or gone: nowhere left to write; exiting anyway


def _forked():
    global _flusher_lock, _flusher_started
    _flusher_lock, _flusher_started = threading.Lock(), False
    for handler in list(_batched):
        handler._after_fork()


os.register_at_fork(before=_flush_all, after_in_child=_forked)
