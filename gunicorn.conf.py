"""gunicorn settings, read from config.toml and the environment like everything else.

`gunicorn -c gunicorn.conf.py` (or `gunicorn 'app:create_app()'` with your own flags,
from this directory: gunicorn reads ./gunicorn.conf.py by default).
"""

# Every top-level name here is read as a gunicorn setting, hence the underscores.
from postline import config as _config
from postline.web import gunicorn_errors as _gunicorn_errors

_server = _config.load()["server"]
# gunicorn's own refusals (unparsable or oversized request lines and headers) answer
# in the API's JSON error shape.
_gunicorn_errors.install()

wsgi_app = "app:create_app()"
bind = _server["bind"]
workers = _server["workers"]
# Let a long request finish on SIGTERM before a worker is killed.
graceful_timeout = 20
# The longest request line gunicorn allows (its default is 4094): room for a listing
# filter of 100 ids, `filter[channelId][in]=...` percent-encoded.
limit_request_line = 8190
