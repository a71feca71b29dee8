"""gunicorn's logger, without gunicorn's access log: the app writes the one access
line of each request itself (postline/web/hooks.py), with the request's id and who
asked, which gunicorn does not know.

With a `logconfig_dict` (gunicorn.conf.py sets one, so that gunicorn's own lines share
the app's format) gunicorn counts its access log as on: after every request it built
the whole set of Apache-style atoms (every header among them) and logged them to
`gunicorn.access`, which has no handler, so nothing was written. gunicorn.conf.py
names this class as `logger_class`; tests/test_logs.py checks that each request
makes one access line and that gunicorn no longer builds its own.
"""

from gunicorn import glogging

CLASS_PATH = "postline.web.gunicorn_logger.Logger"


class Logger(glogging.Logger):
    @property
    def access_log_enabled(self):
        return False

    def access(self, resp, req, environ, request_time):
        """Nothing: the app has written this request's access line."""
