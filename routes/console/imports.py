"""Import: a CSV or NDJSON file of posts, checked by a dry run shown as a table of its
rows, then imported; an import's progress and rejected rows (docs/imports.md)."""

import base64
import binascii

from flask import current_app, redirect, request, url_for

from models import Import
from postline import imports
from postline.errors import DomainError
from postline.imports import files
from routes.console.base import blp, form_errors, not_found_is_404, page, principal
from schemas import check_import_rows

# The file rides back to the server in the preview's form, base64 in one field, and a
# field holds at most Flask's MAX_FORM_MEMORY_SIZE (500,000 bytes): bigger files go
# through the API or the CLI.
MAX_CONSOLE_BYTES = 375_000
PREVIEW_ROWS = 200
NDJSON_SUFFIXES = (".ndjson", ".jsonl")


def _imports_page(status=200, **context):
    recent = Import.visible_to(principal()).order_by(Import.created_at.desc(), Import.id.desc()).limit(20)
    context.setdefault("errors", {})
    return page("imports.html", status, title="Import", imports=list(recent), **context)


@blp.get("/imports")
def import_page():
    """Show the upload form and this mode's latest imports."""
    return _imports_page()


@blp.post("/imports/preview")
def preview_import():
    """Check an uploaded file by a dry run and show each of its rows."""
    upload = request.files.get("file")
    if upload is None or not upload.filename:
        return _imports_page(400, errors={"file": "Choose a CSV or NDJSON file."})
    body = upload.read(MAX_CONSOLE_BYTES + 1)
    if len(body) > MAX_CONSOLE_BYTES:
        message = (
            f"The console takes files up to {MAX_CONSOLE_BYTES:,} bytes; import bigger ones through the API."
        )
        return _imports_page(400, errors={"file": message})
    kind = imports.NDJSON if upload.filename.lower().endswith(NDJSON_SUFFIXES) else imports.CSV
    try:
        checked = _submit(body, kind, dry_run=True)
    except DomainError as error:
        return _imports_page(400, errors=form_errors(error))
    reasons = {row["line"]: row["errors"] for row in checked.rejected_rows}
    rows = [(row, reasons.get(row.line)) for row in files.read(body, kind)[:PREVIEW_ROWS]]
    encoded = base64.b64encode(body).decode()
    return _imports_page(checked=checked, rows=rows, filename=upload.filename, kind=kind, encoded=encoded)


@blp.post("/imports")
def start_import():
    """Import the file the preview checked, and show its progress."""
    try:
        body = base64.b64decode(request.form.get("file", ""), validate=True)
    except binascii.Error:
        return _imports_page(400, errors={"file": "The file did not come back whole; choose it again."})
    kind = imports.NDJSON if request.form.get("format") == imports.NDJSON else imports.CSV
    try:
        record = _submit(body, kind, dry_run=False)
    except DomainError as error:
        return _imports_page(400, errors=form_errors(error))
    return redirect(url_for("console.show_import", import_id=record.id))


@blp.get("/imports/<import_id>")
@not_found_is_404
def show_import(import_id):
    """Show an import's progress and its rejected rows."""
    record = Import.get_visible(principal(), import_id)
    return page("import.html", title="Import", record=record, rejected=record.rejected_rows)


def _submit(body, kind, dry_run):
    settings = current_app.config["POSTLINE"]
    return imports.submit(principal(), body, kind, dry_run, check_import_rows, settings)
