"""What a process does with the database first: bind the models to the configured one
and bring its schema up to date."""

from pathlib import Path

from peewee import SqliteDatabase

from postline.db.connection import connect, counters, database
from postline.db.migrations import upgrade


def init(config):
    """Bind the models to the configured database and migrate it if configured to."""
    settings = config["database"]
    file_mode = int(config["server"]["file_mode"], 8)
    main = connect(settings["url"], settings["sqlite_busy_timeout_ms"], file_mode)
    database.initialize(main)
    counters.initialize(main)
    if isinstance(main, SqliteDatabase) and main.database != ":memory:":
        path = Path(main.database)
        counters_url = f"sqlite:///{path.with_name(f'{path.stem}-ratelimits{path.suffix}')}"
        # Counts of the current windows only: an operating-system crash may lose the last
        # moment's counts, never the database. Without syncs, admitting a request writes
        # to the page cache alone, its checkpoints included.
        counters.initialize(
            connect(counters_url, settings["sqlite_busy_timeout_ms"], file_mode, synchronous="off")
        )
    if settings["auto_migrate"]:
        upgrade()
