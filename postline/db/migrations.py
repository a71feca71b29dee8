"""The schema: migrations in migrations/, applied in order, once, by whichever process
starts first (serialised, so concurrent starts are safe)."""

import contextlib
import fcntl
import logging
from pathlib import Path

from playhouse.migrations import Runner

from postline.db.connection import MIGRATION_LOCK_ID, database, is_sqlite

MIGRATIONS_DIR = Path(__file__).resolve().parent.parent.parent / "migrations"

log = logging.getLogger(__name__)


def upgrade():
    """Apply pending migrations, serialised across processes; return the applied names."""
    with _migration_lock():
        applied = Runner(database.obj, str(MIGRATIONS_DIR)).up()
    for name in applied:
        log.info("applied migration %s", name)
    return applied


@contextlib.contextmanager
def _migration_lock():
    if is_sqlite():
        lock_path = Path(f"{database.obj.database}.migrate-lock")
        with open(lock_path, "a") as lock_file:
            fcntl.flock(lock_file, fcntl.LOCK_EX)
            try:
                yield
            finally:
                fcntl.flock(lock_file, fcntl.LOCK_UN)
    else:
        database.execute_sql("SELECT pg_advisory_lock(%s)", (MIGRATION_LOCK_ID,))
        try:
            yield
        finally:
            database.execute_sql("SELECT pg_advisory_unlock(%s)", (MIGRATION_LOCK_ID,))
