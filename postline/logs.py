"""Logging, one format for every process: the app, gunicorn itself, the worker, the CLI.

`[server] log_format` is `text` (a line a person reads: time, level, logger, message,
then `key=value` fields) or `json` (one JSON object a line, for a log collector).
Lines about one thing carry its ids as fields (`request_id`, `post_id`,
`delivery_id`...), passed as `extra={"fields": {...}}` or through `event()`; while a
request is answered, every `event()` line also carries its `request_id` and who made
it (`key_id`, or `user_id` for the console), bound by the request hooks (`begin`,
`bind`). docs/operations.md (Logs) lists the fields.
SQL is logged at DEBUG only with `[database] log_queries = true`. Nothing logged
holds a secret: no API key, token, webhook secret or request body. A text line holds
no control character (a client's `%0a` in a path is written `\\n`), and a traceback
below it is indented: each line at the margin is one record.
"""

import contextvars
import json
import logging
import re
import time

FIELDS = "fields"
# A console user's id: a change made in the console names the user, not a key.
USER_PREFIX = "user_"
# The fields bound to what this thread is doing now (a request): None outside one.
_bound = contextvars.ContextVar("postline_log_fields", default=None)
# C0 and C1 control characters and DEL; a tab too, which a reader cannot tell from spaces.
CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f]")


class Formatter(logging.Formatter):
    """Text or JSON lines; an exception's traceback follows the line (text) or rides in
    an `exception` field (JSON)."""

    def __init__(self, log_format="text"):
        super().__init__()
        self.json = log_format == "json"

    def formatTime(self, record, datefmt=None):
        seconds = time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(record.created))
        return f"{seconds}.{int(record.msecs):03d}Z"

    def format(self, record):
        fields = getattr(record, FIELDS, None) or {}
        message = record.getMessage()
        if self.json:
            line = {
                "time": self.formatTime(record),
                "level": record.levelname,
                "logger": record.name,
                "message": message,
                **fields,
            }
            if record.exc_info:
                line["exception"] = self.formatException(record.exc_info)
            return json.dumps(line, default=str)
        text = f"{self.formatTime(record)} {record.levelname} {record.name}: {escaped(message)}"
        if fields:
            text += " " + " ".join(f"{name}={_text(value)}" for name, value in fields.items())
        if record.exc_info:
            # Indented, so that every line starting at the margin starts a record: an
            # exception's message cannot pass for a line of its own.
            trace = self.formatException(record.exc_info).split("\n")
            text += "".join(f"\n  {escaped(line)}" for line in trace)
        return text


def escaped(text):
    """`text` with its control characters (line breaks, NUL, escape...) written as
    escapes (`\\n`, `\\x00`), so a client's bytes cannot start a line of their own."""
    return CONTROL.sub(_escape, text)


def _escape(match):
    char = match.group()
    return {"\n": "\\n", "\r": "\\r", "\t": "\\t"}.get(char) or f"\\x{ord(char):02x}"


def _text(value):
    text = "-" if value is None else str(value)
    if not text or any(c in text for c in ' "=') or CONTROL.search(text):
        return json.dumps(text)  # quoted, its control characters escaped
    return text


class Handler(logging.StreamHandler):
    """The one handler Postline puts on the root logger (stderr), told apart from
    handlers others put there (pytest's), so it is replaced, never added twice."""


def configure(settings):
    """Log to stderr at `[server] log_level` in `[server] log_format`, in this process."""
    server = settings["server"]
    handler = Handler()
    handler.setFormatter(Formatter(server["log_format"]))
    root = logging.getLogger()
    # Configured again (tests build one app after another; a gunicorn worker has the
    # root handler of gunicorn_config() from its master): replace ours, keep others'.
    for installed in [h for h in root.handlers if isinstance(h, Handler)]:
        root.removeHandler(installed)
    root.addHandler(handler)
    root.setLevel(server["log_level"])
    # APScheduler logs every job run at INFO: once a second is noise, not news.
    logging.getLogger("apscheduler").setLevel(logging.WARNING)
    # peewee logs every statement at DEBUG: only when asked for.
    logging.getLogger("peewee").setLevel(
        logging.DEBUG if settings["database"]["log_queries"] else logging.INFO
    )


def gunicorn_config(settings):
    """gunicorn's `logconfig_dict`: its own lines in the same format as the app's."""
    server = settings["server"]
    handler = {"class": "postline.logs.Handler", "formatter": "postline", "stream": "ext://sys.stderr"}
    return {
        "version": 1,
        "disable_existing_loggers": False,
        "formatters": {"postline": {"()": Formatter, "log_format": server["log_format"]}},
        "handlers": {"stderr": handler},
        "loggers": {
            "gunicorn.error": {"level": server["log_level"], "handlers": ["stderr"], "propagate": False}
        },
        "root": {"level": server["log_level"], "handlers": ["stderr"]},
    }


def event(logger, message, level=logging.INFO, **fields):
    """Log `message` with `fields` (ids, outcomes) as structured fields, followed by
    those bound to the request being answered (its id, who made it)."""
    bound = _bound.get()
    if bound:
        fields.update((name, value) for name, value in bound.items() if name not in fields)
    logger.log(level, message, extra={FIELDS: fields})


def begin(**fields):
    """Bind `fields` (a request's id) to every `event()` line of this thread until `end()`."""
    _bound.set(fields)


def bind(**fields):
    """Add `fields` (who is asking) to those bound by `begin()`."""
    bound = _bound.get()
    if bound is not None:
        _bound.set({**bound, **fields})


def end():
    _bound.set(None)


def actor(key):
    """Who is behind a change, as fields: `key_id` of an API key, or `user_id` of a
    console user acting in a key's place (a session's Principal carries the user's id)."""
    if key is None:
        return {}
    return {"user_id" if key.id.startswith(USER_PREFIX) else "key_id": key.id}


def instant(ms):
    """A Unix-ms time as logs write times (`2027-01-15T09:30:00.000Z`); None stays None."""
    if ms is None:
        return None
    return time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(ms // 1000)) + f".{ms % 1000:03d}Z"
