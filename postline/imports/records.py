"""Taking an import's file: read it, check its rows, and keep the import with the rows
the worker is to create (docs/imports.md).

A dry run checks everything creating would, writes only its own record (so that
GET /v1/imports/:id shows it) and creates nothing. A real run keeps its good rows for
the worker and answers at once; the same file imported again (its SHA-256, per
account and mode) answers the first import and creates nothing.
"""

import hashlib
import json

import peewee

from models import Import, ImportRow
from postline import clock, db
from postline.db import due
from postline.imports import chunks, files, review
from postline.statuses import ImportRowStatus, ImportStatus

# Rows one INSERT statement writes (SQLite takes at most 32,766 values in a statement).
INSERT_ROWS = 500


def submit(key, body, kind, dry_run, check_rows, settings):
    """The Import of the file `body` (bytes) of `kind` (csv or ndjson), sent with `key`.
    `check_rows(rows)` checks each row's fields by the API's rules (postline/schemas/
    imports.py `check_rows`, which the app hands the CLI); `settings` are the whole
    settings. Raises Invalid for a file that cannot be read as a whole."""
    rows = files.read(body, kind)
    good, rejected = check_rows(rows)
    sha256 = hashlib.sha256(body).hexdigest()
    if dry_run:
        rejected = sorted(rejected + review.dry_run(key, good, settings["posts"]))
        with db.database.atomic():
            return _store(key, kind, sha256, len(rows), [], rejected, dry_run=True)
    existing = Import.of_file(key, sha256)
    if existing is not None:
        return existing
    try:
        with db.database.atomic():
            return _store(key, kind, sha256, len(rows), good, rejected, dry_run=False)
    except peewee.IntegrityError:
        # The same file, sent twice at once: the other request stored it first.
        return Import.of_file(key, sha256)


def _store(key, kind, sha256, total, good, rejected, dry_run):
    now = clock.now_ms()
    finished = dry_run or not good
    record = Import.create_for(
        key,
        id=Import.new_id(now),
        format=kind,
        dry_run=dry_run,
        sha256=sha256,
        file_key=None if dry_run else sha256,
        status=ImportStatus.DONE if finished else ImportStatus.PENDING,
        actor_id=getattr(key, "id", None),
        total=total,
        rejected=len(rejected),
        completed_at=now if finished else None,
        **(due.never() if finished else due.at_once(now)),
    )
    waiting = [
        _row(record, line, ImportRowStatus.WAITING, fields=json.dumps(fields)) for line, fields in good
    ]
    refused = [
        _row(record, line, ImportRowStatus.REJECTED, errors=json.dumps(found)) for line, found in rejected
    ]
    everything = waiting + refused
    for start in range(0, len(everything), INSERT_ROWS):
        db.insert_rows(ImportRow, everything[start : start + INSERT_ROWS])
    if finished and not dry_run:
        chunks.completed(record)
    return record


def _row(record, line, status, fields=None, errors=None):
    now = record.created_at
    return {
        "upload": record.id,
        "line": line,
        "status": status,
        "fields": fields,
        "errors": errors,
        "created_at": now,
        "updated_at": now,
    }
