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
import functools
import json
import logging
import re
import sys
import time

from postline.log_batches import Handler

FIELDS = "fields"
# A console user's id: a change made in the console names the user, not a key.
USER_PREFIX = "user_"
# The fields bound to what this thread is doing now (a request): None outside one.
_bound = contextvars.ContextVar("postline_log_fields", default=None)
# C0 and C1 control characters and DEL; a tab too, which a reader cannot tell from spaces.
CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f]")
# What makes a field's value quoted in a text line: a control character, or a space,
# quote or equals sign that would blur where the value ends.
QUOTED = re.compile(r'[\x00-\x1f\x7f-\x9f "=]')


class Formatter(logging.Formatter):
    """Text or JSON lines; an exception's traceback follows the line (text) or rides in
    an `exception` field (JSON)."""

    def __init__(self, log_format="text"):
        super().__init__()
        self.json = log_format == "json"

    def formatTime(self, record, datefmt=None):
        return self._time(record.created)

    def _time(self, created):
        second = int(created)
        return f"{_second(second)}{_MILLISECONDS[int((created - second) * 1000)]}"

    def format(self, record):
        return self.line(
            record.created,
            record.levelname,
            record.name,
            record.getMessage(),
            getattr(record, FIELDS, None) or {},
            record.exc_info and self.formatException(record.exc_info),
        )

    def line(self, created, level_name, logger_name, message, fields, trace=None):
        """The line of one event: also written without a LogRecord by `event()`."""
        if self.json:
            line = {
                "time": self._time(created),
                "level": level_name,
                "logger": logger_name,
                "message": message,
                **fields,
            }
            if trace:
                line["exception"] = trace
            return json.dumps(line, default=str)
        text = f"{self._time(created)} {_head(level_name, logger_name, message)}"
        if fields:
            text += " " + _fields_text(fields)
        if trace:
            # Indented, so that every line starting at the margin starts a record: an
            # exception's message cannot pass for a line of its own.
            text += "".join(f"\n  {escaped(line)}" for line in trace.split("\n"))
        return text


def _head(level_name, logger_name, message):
    """What a text line says after its time and before its fields."""
    return f"{level_name} {logger_name}: {escaped(message)}"


def escaped(text):
    """`text` with its control characters (line breaks, NUL, escape...) written as
    escapes (`\\n`, `\\x00`), so a client's bytes cannot start a line of their own."""
    # Printable text holds no control character: nearly every message, spared a search.
    return text if text.isprintable() else CONTROL.sub(_escape, text)


def _escape(match):
    char = match.group()
    return {"\n": "\\n", "\r": "\\r", "\t": "\\t"}.get(char) or f"\\x{ord(char):02x}"


def _fields_text(fields):
    """`name=value` of each field, apart by spaces. Every request writes a line of six
    (its access line): ints and floats (never quoted: a status, a duration) and strings
    that need no quotes, the common case, are written here without a call or a search
    each (printable text holds no control character); any other value goes to `_text`."""
    parts = []
    for name, value in fields.items():
        kind = type(value)
        if kind is int or kind is float or (kind is str and value and _plain(value)):
            parts.append(f"{name}={value}")
        else:
            parts.append(f"{name}={_text(value)}")
    return " ".join(parts)


def _plain(text):
    return text.isprintable() and " " not in text and '"' not in text and "=" not in text


def _text(value):
    """A field's value that is not an int, a float or a plain string: None as `-`, the
    rest as text, quoted where it holds a space, quote, equals sign or control character."""
    text = "-" if value is None else str(value)
    if not text or QUOTED.search(text):
        return json.dumps(text)  # quoted, its control characters escaped
    return text


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
    _spare_record_lookups()
    # APScheduler logs every job run at INFO: once a second is noise, not news.
    logging.getLogger("apscheduler").setLevel(logging.WARNING)
    # peewee logs every statement at DEBUG: only when asked for.
    logging.getLogger("peewee").setLevel(
        logging.DEBUG if settings["database"]["log_queries"] else logging.INFO
    )


def _spare_record_lookups():
    """Postline's lines name no thread or process: every LogRecord looked them up anyway
    (the current thread's name, the pid, multiprocessing's process name), about a tenth
    of an access line's 10 us."""
    logging.logThreads = False
    logging.logProcesses = False
    logging.logMultiprocessing = False


def gunicorn_config(settings):
    """gunicorn's `logconfig_dict`: its own lines in the same format as the app's."""
    server = settings["server"]
    handler = {"class": "postline.log_batches.Handler", "formatter": "postline", "stream": "ext://sys.stderr"}
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
    if not logger.isEnabledFor(level):
        return
    bound = _bound.get()
    if bound:
        for name, value in bound.items():
            fields.setdefault(name, value)
    direct = _sole_batching_handler(logger, level)
    if direct is not None:
        try:
            line = direct.formatter.line(
                time.time(), logging.getLevelName(level), logger.name, message, fields
            )
        except Exception:
            pass  # a field that cannot be written: the record below is reported as logging does
        else:
            direct.gather(line, level)
            return
    # The record is made here rather than by logger.log(), which walks the stack for
    # the caller's file and line on every line (an access line per request): the
    # caller is the frame right above.
    caller = sys._getframe(1)
    code = caller.f_code
    record = logger.makeRecord(
        logger.name,
        level,
        code.co_filename,
        caller.f_lineno,
        message,
        None,
        None,
        code.co_name,
        {FIELDS: fields},
    )
    logger.handle(record)


def access(logger, level, method, path, status, duration_ms, request_id):
    """A request's access line: event()'s line `METHOD path status` with the fields
    method, path, status, duration_ms and request_id, then those bound to the request
    (who asked). A text line's part that a path's answers share (from the level to
    `status=`) is written once per level, method, path and status (`_access_head`):
    this runs on every request, and event() wrote it all anew each time. A JSON line,
    or one something else would see (pytest's capture), goes through event()."""
    if not logger.isEnabledFor(level):
        return
    direct = _sole_batching_handler(logger, level)
    if direct is not None and not direct.formatter.json:
        fields = {"duration_ms": duration_ms, "request_id": request_id}
        bound = _bound.get()
        if bound:
            for name, value in bound.items():
                if name not in _ACCESS_HEAD_FIELDS:
                    fields.setdefault(name, value)
        try:
            head = _access_head(logger.name, level, method, path, status)
            line = f"{direct.formatter._time(time.time())} {head} {_fields_text(fields)}"
        except Exception:
            pass  # a field that cannot be written: event() reports it, as logging does
        else:
            direct.gather(line, level)
            return
    message = f"{method} {path} {status}"
    head_fields = {"method": method, "path": path, "status": status}
    event(logger, message, level, **head_fields, duration_ms=duration_ms, request_id=request_id)


_ACCESS_HEAD_FIELDS = frozenset(("method", "path", "status"))


@functools.lru_cache(maxsize=1024)
def _access_head(logger_name, level, method, path, status):
    message = f"{method} {path} {status}"
    fields = _fields_text({"method": method, "path": path, "status": status})
    return f"{_head(logging.getLevelName(level), logger_name, message)} {fields}"


def _sole_batching_handler(logger, level):
    """The Handler `logger`'s events at `level` would reach alone, with nothing on the
    way to look at their LogRecord (a filter, another handler: pytest's capture): then
    `event()` formats the line and hands it to the batch itself. Making a LogRecord and
    passing it through logging's hierarchy was half of an access line's cost.
    """
    node = logger
    while node.handlers == [] and not node.filters and node.propagate and node.parent is not None:
        node = node.parent
    if node is not logger.root or node.filters or len(node.handlers) != 1:
        return None
    handler = node.handlers[0]
    if type(handler) is not Handler or handler.descriptor is None or handler.filters or level < handler.level:
        return None
    return handler if type(handler.formatter) is Formatter else None


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
    return f"{_second(ms // 1000)}.{ms % 1000:03d}Z"


# A time's milliseconds as lines write them, by their number: formatting one took as
# long as the rest of the time.
_MILLISECONDS = tuple(f".{ms:03d}Z" for ms in range(1000))


@functools.lru_cache(maxsize=4096)
def _second(seconds):
    # Lines come many a second (an access line per request), and a post's line writes
    # when it is due: the same seconds come again and again, written once each.
    return time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(seconds))
