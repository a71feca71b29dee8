"""What every Postline process (app, worker, CLI) does first."""

import logging
import os

from postline import config, connections, db, logs, media, metrics
from postline.keyring import keyring, resolve_secret
from postline.limits import usage

IMPORT_SWITCHES = ("import_allow_http", "import_allow_private_targets")
PRIVATE_UMASK = 0o077

log = logging.getLogger(__name__)


def start(overrides=None):
    """Load settings, configure logging, derive keys, set up usage counting and media
    storage, open and migrate the database."""
    # Every directory and file this process creates (the data directory, the database,
    # metrics, staged media) is its user's alone; stored media get [server] file_mode.
    os.umask(PRIVATE_UMASK)
    settings = config.load(overrides=overrides)
    logs.configure(settings)
    metrics.configure(settings)
    keyring.init(resolve_secret(settings))
    usage.configure(settings)
    media.configure(settings)
    connections.configure(settings)
    db.init(settings)
    _warn_of_development_switches(settings)
    return settings


def _warn_of_development_switches(settings):
    """Say at every start when a switch meant for local development is on: each lets
    any API key make this server call addresses inside its network."""
    for section, names in (("webhooks", ("allow_http", "allow_private_targets")), ("media", IMPORT_SWITCHES)):
        for name in names:
            if settings[section][name]:
                log.warning(
                    "[%s] %s is on: SSRF protection is relaxed; for local development only", section, name
                )
