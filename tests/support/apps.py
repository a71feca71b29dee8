"""The apps tests share, and emptying the database between tests.

Building an app costs about 60 ms, nearly all of it Flask and flask-smorest
registering routes and their OpenAPI docs; configuring the process for it
(`process.start`: database, usage tally, media directories, keys) costs under 10.
So each process keeps the apps it built, by their settings, and hands a test the one
whose settings are the test's (the same backend, the same overrides), with the
process configured anew for it, its config as built and its tables emptied: what a
freshly built app would have. A test whose settings nobody had yet gets a new app.
"""

import collections
import copy
import json

from app import create_app
from models import TABLES
from postline import config, db, process
from postline.jobs import heartbeat
from postline.limits import shared_store
from postline.web import limits

# Apps kept, the least recently used dropped first. A run needs a handful (a backend's
# plain settings, a module's overrides); a test with settings of its own (a Redis key
# prefix, a fake that could not have its steady port) is never matched again.
MOST_KEPT = 8

_kept = collections.OrderedDict()  # settings as JSON -> (app, its config as built)


def app_for(settings):
    """An app built from `settings` (nested overrides, as create_app takes them), this
    process configured for it and every table empty."""
    db.close()
    key = json.dumps(config.load(overrides=settings), sort_keys=True, default=str)
    if key in _kept:
        app, built_config = _kept.pop(key)
        _reconfigure(app, built_config, settings)
    else:
        app = create_app(settings)
        built_config = {
            name: copy.deepcopy(value) for name, value in app.config.items() if name != "POSTLINE"
        }
    _kept[key] = app, built_config
    while len(_kept) > MOST_KEPT:
        _kept.popitem(last=False)
    empty_tables()
    return app


def _reconfigure(app, built_config, settings):
    """Undo what the last test did to the app and the process: config entries it set,
    the process's state (process.start, as create_app runs it), and what the app keeps
    of the database between requests (the limiter's store, the last heartbeat read)."""
    for name in set(app.config) - set(built_config):
        del app.config[name]
    app.config.update(copy.deepcopy(built_config))
    app.config["POSTLINE"] = process.start(overrides=settings)
    limits.init_app(app)
    app.extensions["postline.last_seen"] = heartbeat.LastSeen()


def empty_tables():
    """Delete every row of every table, and on SQLite the rate-limit counters beside
    the database (postline/limits/shared_store.py). On PostgreSQL one round trip of
    DELETEs: a TRUNCATE of the two dozen tables took 60 to 320 ms on this machine (by
    its load), the DELETEs 0.2 to 0.4 ms. Identities are not restarted: no test
    depends on an id's value."""
    if db.is_sqlite():
        for model in reversed(TABLES):
            model.delete().execute()
        shared_store.clear_beside(db.database.database)
        return
    db.database.execute_sql(
        "; ".join(f'DELETE FROM "{model._meta.table_name}"' for model in reversed(TABLES))
    )
