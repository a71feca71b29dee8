"""What every Postline process (app, worker, CLI) does first."""

from postline import config, db, media
from postline.keyring import keyring, resolve_secret
from postline.limits import sql_store, usage


def start(overrides=None):
    """Load settings, configure logging, derive keys, set up usage counting and media
    storage, open and migrate the database."""
    settings = config.load(overrides=overrides)
    config.configure_logging(settings)
    keyring.init(resolve_secret(settings))
    usage.configure(settings)
    media.configure(settings)
    db.init(settings)
    sql_store.prepare()
    return settings
