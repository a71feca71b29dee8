"""gunicorn settings, read from config.toml and the environment like everything else.

`gunicorn -c gunicorn.conf.py` (or `gunicorn 'app:create_app()'` with your own flags).
"""

# Every top-level name here is read as a gunicorn setting, hence the underscores.
from postline import config as _config

_server = _config.load()["server"]

wsgi_app = "app:create_app()"
bind = _server["bind"]
workers = _server["workers"]
# Let a long request finish on SIGTERM before a worker is killed.
graceful_timeout = 20
