"""Files being received, by upload or import: staged on disk as their bytes arrive.

Each chunk is counted, hashed and written to a staged file in the storage's tmp
directory; once 8 KB are in, the type is sniffed. A file of a type not allowed is
refused then (415), one over its type's limit as soon as it passes it (413), so a
refusal never waits for the rest of the body. Memory holds one chunk and the 8 KB
head, whatever the file's size. Every staged file of a request is deleted when the
request ends, unless storage took it (docs/media.md).
"""

import contextlib
import hashlib
import os
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

from postline.errors import TooLarge
from postline.media import kinds
from postline.media.storage import disk_errors_refused

STAGED_PREFIX = "incoming-"
STAGED_SUFFIX = ".part"


@dataclass(frozen=True)
class Limits:
    """`[media] max_image_bytes`, `max_video_bytes`, `max_image_pixels` and
    `max_document_bytes`."""

    image: int
    video: int
    pixels: int
    document: int

    @property
    def largest(self):
        return max(self.image, self.video, self.document)

    def of(self, kind):
        """The most bytes of a file of `kind`, and the setting that says so."""
        if kind.document:
            return self.document, "max_document_bytes"
        if kind.video:
            return self.video, "max_video_bytes"
        return self.image, "max_image_bytes"


class Incoming:
    """One file being received: writable as it arrives, readable (and seekable) after.

    `field` names the file in refusals (`file` for an upload, `url` for an import).
    """

    def __init__(self, directory, limits, field):
        with disk_errors_refused():
            fd, path = tempfile.mkstemp(dir=directory, prefix=STAGED_PREFIX, suffix=STAGED_SUFFIX)
        self.path = Path(path)
        self.limits = limits
        self.field = field
        self.size = 0
        self.kind = None
        self._file = os.fdopen(fd, "w+b")
        self._head = bytearray()
        self._sha256 = hashlib.sha256()

    def write(self, data):
        self.size += len(data)
        if self.kind is None:
            self._head += data[: kinds.SNIFF_BYTES - len(self._head)]
            if len(self._head) == kinds.SNIFF_BYTES:
                self.kind = kinds.sniff(self._head, self.field)
        self._check_size()
        self._sha256.update(data)
        with disk_errors_refused():
            return self._file.write(data)

    def finish(self):
        """The file's Kind, once every byte is in (a file under 8 KB is sniffed only now)."""
        if self.kind is None:
            self.kind = kinds.sniff(self._head, self.field)
            self._check_size()
        with disk_errors_refused():
            self._file.flush()
        return self.kind

    @property
    def sha256(self):
        return self._sha256.hexdigest()

    def seek(self, offset, whence=os.SEEK_SET):
        return self._file.seek(offset, whence)

    def tell(self):
        return self._file.tell()

    def read(self, size=-1):
        return self._file.read(size)

    def readline(self, size=-1):
        return self._file.readline(size)

    def close(self):
        self._file.close()

    def discard(self):
        """Close the staged file and delete it, if storage has not taken it."""
        self._file.close()
        with contextlib.suppress(FileNotFoundError):
            self.path.unlink()

    def _check_size(self):
        if self.kind is None:
            if self.size > self.limits.largest:
                raise TooLarge(f"is over {self.limits.largest} bytes, the largest file accepted", self.field)
            return
        limit, setting = self.limits.of(self.kind)
        if self.size > limit:
            raise TooLarge(
                f"is over the {limit}-byte limit for {self.kind.name} files ([media] {setting})", self.field
            )


class Staging:
    """The files one request receives; on exit, those storage did not take are deleted."""

    def __init__(self, directory, limits, field):
        self.directory = directory
        self.limits = limits
        self.field = field
        self.files = []

    def new_file(self):
        incoming = Incoming(self.directory, self.limits, self.field)
        self.files.append(incoming)
        return incoming

    def __enter__(self):
        return self

    def __exit__(self, *exc_info):
        for incoming in self.files:
            incoming.discard()


def sweep(directory, older_than_seconds):
    """Delete staged files untouched for `older_than_seconds`: left by a process that was
    killed mid-upload (a request that ends any other way deletes its own)."""
    cutoff = time.time() - older_than_seconds
    for path in Path(directory).glob(f"{STAGED_PREFIX}*{STAGED_SUFFIX}"):
        with contextlib.suppress(FileNotFoundError):
            if path.stat().st_mtime < cutoff:
                path.unlink()
