"""Creating an import's posts, a chunk of CHUNK_ROWS rows at a time (docs/imports.md,
Progress), by the worker's pool or by `flask import-posts`.

A chunk's channel names are resolved and its media URLs fetched first, with no
transaction open; then one transaction creates its posts through
postline/posts/lifecycle.py (the API's own checks), deletes the rows it created,
keeps the rejected ones with their reasons and adds to the import's counts. It
commits only while this claim still holds the import's lease, so a worker that lost
it to another creates nothing twice. The chunk that leaves no row waiting marks the
import `done` and records its one `import.completed` event.
"""

import json

from models import Import, ImportRow
from postline import clock, db
from postline.db import due, leases
from postline.errors import Conflict, Invalid, RefusedContent
from postline.imports import review
from postline.jobs.pool import WorkPool
from postline.media import imports as media_imports
from postline.posts import lifecycle
from postline.statuses import ImportRowStatus, ImportStatus
from postline.webhooks import events

# Rows one transaction creates: 10,000 rows are 20 short transactions, each of which
# leaves the database to others between it and the next.
CHUNK_ROWS = 500
# Threads one worker creates imports on: an import whose media are slow to fetch holds
# one, and the other goes on with the rest.
THREADS = 2
CLAIM_DUE_IMPORTS = leases.Claim(Import)
CLAIM_ONE_IMPORT = leases.Claim(Import, where=lambda import_id: Import.id == import_id)


def pool(settings, worker_id, keeper):
    """The worker's pool that creates imports' posts, a chunk per claim."""

    def claim_next():
        claimed = claim_due(worker_id, keeper.lease_ms)
        return [claimed] if claimed else []

    def handle(records, stopping):
        for record in records:
            create_chunk(record, settings)

    return WorkPool("imports", THREADS, Import, claim_next, handle, keeper)


def claim_due(worker_id, lease_ms):
    """Lease the import due first; the row, or None when none is due."""
    claimed = CLAIM_DUE_IMPORTS(worker_id, clock.now_ms(), lease_ms, 1)
    return claimed[0] if claimed else None


def claim(import_id, owner, lease_ms):
    """Lease one import if it is due (for the CLI, which creates its own import's posts);
    the row, or None while another holds it."""
    claimed = CLAIM_ONE_IMPORT(owner, clock.now_ms(), lease_ms, 1, import_id)
    return claimed[0] if claimed else None


def create_chunk(record, settings):
    """Create the next chunk of a claimed import's waiting rows and give the lease back:
    the import is due again at once while rows wait. Returns whether it wrote (False:
    the lease was lost, and whoever holds it now goes on)."""
    scope = record.importer
    rows = ImportRow.waiting(record.id, CHUNK_ROWS)
    items = [(row, json.loads(row.fields)) for row in rows]
    problems = review.resolve_channels(scope, items)
    for index, found in review.queue_problems(scope, items).items():
        problems.setdefault(index, []).extend(found)
    problems.update(_fetch_media(scope, items, problems))
    ready = [(index, fields) for index, (_, fields) in enumerate(items) if index not in problems]
    for _, fields in ready:
        fields["scheduled_for"] = review.scheduled_for(fields)
    with db.database.atomic():
        if not _still_held(record):
            return False
        problems.update(_create(scope, ready, settings["posts"]))
        created = [row.id for index, (row, _) in enumerate(items) if index not in problems]
        rejected = {items[index][0].id: found for index, found in problems.items()}
        _write_progress(record, created, rejected)
    return True


def _fetch_media(scope, items, problems):
    """Import every media URL of the rows not yet refused, each URL once
    (postline/media/imports.py: the SSRF guard, the limits); {index: problems} of the
    rows whose fetch failed. Each URL's item becomes the new media key."""
    fetched, failed = {}, {}
    for index, (_, fields) in enumerate(items):
        if index in problems:
            continue
        for field, values, i in review.media_slots(fields):
            url = values[i]
            if not review.is_url(url):
                continue
            if url not in fetched:
                try:
                    fetched[url] = media_imports.import_from_url(scope, url).id
                except (Invalid, RefusedContent) as error:
                    fetched[url] = error.details[0]["message"]
                    failed[url] = True
            if url in failed:
                failed_here = {"field": field, "message": f"{url}: {fetched[url]}"}
                problems.setdefault(index, []).append(failed_here)
            else:
                values[i] = fetched[url]
    return {index: found for index, found in problems.items() if found}


def _create(scope, ready, settings):
    """Create the ready rows' posts, all in one statement per table; a row the API's
    checks refuse is left out and the rest created. {index: problems} of those refused."""
    refused = {}
    while ready:
        try:
            with db.database.atomic():
                lifecycle.create(scope, [fields for _, fields in ready], settings, path=review.at_index)
            return refused
        except (Invalid, Conflict) as error:
            # Invalid names every refused row; a Conflict (a schedule paused meanwhile) one.
            named = [
                (review.from_index(problem["field"]), problem["message"]) for problem in error.details or []
            ]
            if not named or any(at is None for at, _ in named):
                raise
            found = {}
            for (position, field), message in named:
                found.setdefault(ready[position][0], []).append(
                    {"field": field.removeprefix("platforms."), "message": message}
                )
            refused.update(found)
            ready = [(index, fields) for index, fields in ready if index not in found]
    return refused


def _still_held(record):
    """Whether this claim still holds the import; locks its row for the transaction."""
    touched = Import.update(updated_at=clock.now_ms()).where(
        (Import.id == record.id) & leases.held(Import, record.lease_owner)
    )
    return touched.execute() == 1


def _write_progress(record, created, rejected):
    """Delete the created rows, keep the rejected ones' reasons, add to the counts, and
    end the lease: due at once while rows wait, else done with its event."""
    now = clock.now_ms()
    if created:
        ImportRow.delete().where(ImportRow.id.in_(created)).execute()
    for row_id, found in rejected.items():
        ImportRow.update(
            status=ImportRowStatus.REJECTED, fields=None, errors=json.dumps(found), updated_at=now
        ).where(ImportRow.id == row_id).execute()
    done = not ImportRow.waiting(record.id, 1)
    ending = {"status": ImportStatus.DONE, "completed_at": now} if done else {"status": ImportStatus.RUNNING}
    leases.finish(
        record,
        due.never() if done else due.at_once(now),
        created=Import.created + len(created),
        rejected=Import.rejected + len(rejected),
        updated_at=now,
        **ending,
    )
    if done:
        finished = Import.get_by_id(record.id)
        completed(finished)


def completed(record):
    """Record the import's one `import.completed` event (inside the transaction that
    finishes it)."""
    data = {"import_id": record.id, "created": record.created, "rejected": record.rejected}
    events.record(record.account_id, record.mode, "import.completed", data)
