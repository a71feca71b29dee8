"""Bulk imports of posts from a CSV or NDJSON file (docs/imports.md).

- `files`: reading the file: its encoding, lines, columns, and each row as the fields
  of a POST /v1/posts body;
- `review`: what rows are checked against beyond their fields' rules (channels by id or
  name, media keys and URLs, the time, the platforms' rules), all of it on a dry run;
- `records`: taking a file (`submit`): a dry run's answer, or the rows kept for the worker;
- `chunks`: creating the kept rows' posts, a chunk per transaction, by the worker's
  pool or the CLI, with progress and the one `import.completed` event.
"""

from postline.imports.chunks import CHUNK_ROWS, claim, claim_due, create_chunk, pool
from postline.imports.files import CSV, FORMATS, NDJSON
from postline.imports.records import submit

__all__ = ["CHUNK_ROWS", "CSV", "FORMATS", "NDJSON", "claim", "claim_due", "create_chunk", "pool", "submit"]
