"""gunicorn settings, read from config.toml and the environment like everything else.

`gunicorn -c gunicorn.conf.py` (or `gunicorn 'app:create_app()'` with your own flags,
from this directory: gunicorn reads ./gunicorn.conf.py by default).
"""

# Every top-level name here is read as a gunicorn setting, hence the underscores.
import os as _os
import re as _re

from postline import config as _config
from postline import logs as _logs
from postline import metrics as _metrics
from postline.web import gunicorn_errors as _gunicorn_errors
from postline.web import gunicorn_logger as _gunicorn_logger
from postline.web import gunicorn_worker as _gunicorn_worker

# The master's files (the metrics directory) are its user's alone, like those of every
# Postline process (postline/process.py, PRIVATE_UMASK).
_os.umask(0o077)
_settings = _config.load()
_server = _settings["server"]
# gunicorn's own refusals (unparsable or oversized request lines and headers) answer
# in the API's JSON error shape, with its security headers.
_gunicorn_errors.install(_server)

wsgi_app = "app:create_app()"
bind = _server["bind"]
workers = _server["workers"]
# Threads, not sync workers: a client that sends its request slowly holds one thread,
# not a whole process, and its headers must be in within [server] header_timeout
# seconds of its connection being handed to the threads (postline/web/gunicorn_worker.py).
worker_class = _gunicorn_worker.configure(_server["header_timeout"])
threads = _server["threads"]
# gunicorn's own lines in the app's format; the app writes the access log itself, with
# each request's id, and gunicorn builds no access line of its own.
logconfig_dict = _logs.gunicorn_config(_settings)
logger_class = _gunicorn_logger.CLASS_PATH
# With [server] metrics on, a gunicorn worker that exits leaves its counts behind for
# the others to report, and its live gauges go.
_metrics.configure(_settings)


def child_exit(server, worker):
    _metrics.process_exited(worker.pid)


def when_ready(server):
    # gunicorn's control socket (for `gunicornc`) is one path per user by default, so
    # the second gunicorn on a host took it over from the first. Each instance has its
    # own, in the data directory, named by the address it listens on:
    # `gunicornc -s data/gunicorn-127.0.0.1-8000.ctl`.
    server.cfg.set("control_socket", _control_socket(server.LISTENERS[0].getsockname()))


def _control_socket(address):
    """<data_dir>/gunicorn-<host>-<port>.ctl for a TCP address, -<file name> for a Unix socket's."""
    name = "-".join(map(str, address[:2])) if isinstance(address, tuple) else _os.path.basename(address)
    return _os.path.join(_server["data_dir"], f"gunicorn-{_re.sub(r'[^A-Za-z0-9.-]', '_', name)}.ctl")


# Let a long request finish on SIGTERM before a worker is killed.
graceful_timeout = 20
# The longest request line gunicorn allows (its default is 4094): room for a listing
# filter of 100 ids, `filter[channelId][in]=...` percent-encoded.
limit_request_line = 8190
