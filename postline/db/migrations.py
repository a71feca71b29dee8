"""The schema: migrations in migrations/, applied in order, once, by whichever process
starts first (serialised, so concurrent starts are safe); reverted, newest first, by
an operator going back to an older release (docs/operations.md, Rollbacks)."""

import contextlib
import fcntl
import logging
from pathlib import Path

from playhouse.migrations import MigrationError, Runner

from postline.db.connection import MIGRATION_LOCK_ID, database, is_sqlite

__all__ = ["MIGRATIONS_DIR", "MigrationError", "downgrade", "status", "upgrade"]

MIGRATIONS_DIR = Path(__file__).resolve().parent.parent.parent / "migrations"

log = logging.getLogger(__name__)


def upgrade():
    """Apply pending migrations, serialised across processes; return the applied names."""
    with _migration_lock():
        applied = Runner(database.obj, str(MIGRATIONS_DIR)).up()
    for name in applied:
        log.info("applied migration %s", name)
    return applied


def downgrade(target=None):
    """Revert the newest applied migration, or every applied one back through `target`
    (a migration's name), serialised as upgrade is; return the reverted names, newest
    first. MigrationError names a `target` that is not applied."""
    with _migration_lock():
        reverted = Runner(database.obj, str(MIGRATIONS_DIR)).down(target)
    for name in reverted:
        log.info("reverted migration %s", name)
    return reverted


def status():
    """Every migration, in order: (its name, when it was applied or None)."""
    return [
        (migration.name, migration.applied)
        for migration in Runner(database.obj, str(MIGRATIONS_DIR)).status()
    ]


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
