"""What a process does with the database first: bind the models to the configured one
and bring its schema up to date."""

from postline.db.connection import connect, database
from postline.db.migrations import upgrade


def init(config):
    """Bind the models to the configured database and migrate it if configured to."""
    settings = config["database"]
    file_mode = int(config["server"]["file_mode"], 8)
    main = connect(settings["url"], settings["sqlite_busy_timeout_ms"], file_mode)
    database.initialize(main)
    if settings["auto_migrate"]:
        upgrade()
