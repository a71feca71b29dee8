"""Where stored media live, behind one small interface with two backends: a local
directory (this module) and an S3-compatible bucket (postline/media/s3.py).

A backend keeps named objects. Names are made by the service (media keys such as
`med_01jd....jpg`, and objects derived from them, such as a JPEG rendition), never
taken from a client, and are checked against NAME all the same.

    save(name, path, content_type)  store the finished file at `path` (the backend may move it)
    open(name, start, length)       a Reader of `length` bytes (None: to the end) from `start`;
                                    Missing if there is no such object
    delete(name)                    remove it; no error if it is gone already
    presigned_url(name, ttl)        a URL that serves the object directly for `ttl` seconds,
                                    or None where the backend has none

Storage that cannot take a file (a full or read-only disk, a bucket answering errors)
raises Unavailable, 503 SERVICE_UNAVAILABLE naming the cause, never a 500.
"""

import contextlib
import logging
import os
import re
from pathlib import Path

from postline.errors import Unavailable

log = logging.getLogger(__name__)

NAME = re.compile(r"[a-z0-9_]+(\.[a-z0-9]+)+")
CHUNK_BYTES = 256 * 1024


def cannot_store(reason, cause):
    """The refusal of a file that storage cannot take now; the log has the whole `cause`."""
    log.error("media storage cannot take a file: %s (%s)", reason, cause)
    return Unavailable(f"Media storage cannot take the file now ({reason}); retry shortly.")


@contextlib.contextmanager
def disk_errors_refused():
    """A failing write to the local disk (full, read-only) as `cannot_store`."""
    try:
        yield
    except OSError as error:
        raise cannot_store((error.strerror or "disk error").lower(), error) from error


class Missing(Exception):
    """No stored object has that name."""


def check_name(name):
    if not NAME.fullmatch(name):
        raise ValueError(f"not a storage name: {name!r}")
    return name


class Reader:
    """The bytes of one stored object (or a range of them) as chunks; `close()` frees
    what the backend holds open (a WSGI server calls it when the answer is done)."""

    def __init__(self, chunks, close):
        self._chunks = chunks
        self._close = close

    def __iter__(self):
        return iter(self._chunks)

    def close(self):
        self._close()


class LocalStorage:
    """Objects as files in one directory, with `[server] file_mode` (by default readable
    by the service's user only)."""

    def __init__(self, directory, file_mode=0o600):
        self.directory = Path(directory)
        self.file_mode = file_mode

    def save(self, name, path, content_type):
        # A rename within one filesystem (staged files are in <dir>/tmp): the object
        # appears whole or not at all.
        with disk_errors_refused():
            os.chmod(path, self.file_mode)
            os.replace(path, self.directory / check_name(name))

    def open(self, name, start=0, length=None):
        try:
            file = open(self.directory / check_name(name), "rb")
        except FileNotFoundError:
            raise Missing(name) from None
        file.seek(start)
        return Reader(_read_chunks(file, length), file.close)

    def delete(self, name):
        with contextlib.suppress(FileNotFoundError):
            os.unlink(self.directory / check_name(name))

    def presigned_url(self, name, ttl):
        return None


def _read_chunks(file, length):
    remaining = length
    with file:
        while remaining is None or remaining > 0:
            chunk = file.read(CHUNK_BYTES if remaining is None else min(CHUNK_BYTES, remaining))
            if not chunk:
                return
            if remaining is not None:
                remaining -= len(chunk)
            yield chunk
