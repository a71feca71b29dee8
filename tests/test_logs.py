"""Logs an operator can use (postline/logs.py): one format everywhere, an access line
per request with its id, a line per publishing outcome and per delivery attempt, and
no SQL unless asked for."""

import json
import logging
import os
import runpy
import time

import pytest
import requests
from gunicorn import glogging
from gunicorn.config import Config

from app import create_app
from devtools import ROOT
from devtools.servers import ServerProcess, create_key
from postline import log_batches, logs
from postline.web import gunicorn_logger


def record(message="GET /v1/health 200", **fields):
    made = logging.LogRecord("postline.access", logging.INFO, __file__, 1, message, None, None)
    made.fields = fields
    made.created, made.msecs = 1_800_000_000.25, 250
    return made


def test_text_lines_carry_fields_as_key_values():
    line = logs.Formatter("text").format(record(request_id="req_1", path="/v1/health", error="no answer"))
    assert line == (
        "2027-01-15T08:00:00.250Z INFO postline.access: GET /v1/health 200 request_id=req_1 path=/v1/health"
        ' error="no answer"'
    )


def test_json_lines_are_one_object_each():
    line = logs.Formatter("json").format(record(request_id="req_1", status=200))
    assert json.loads(line) == {
        "time": "2027-01-15T08:00:00.250Z",
        "level": "INFO",
        "logger": "postline.access",
        "message": "GET /v1/health 200",
        "request_id": "req_1",
        "status": 200,
    }


def test_every_request_has_an_access_line_with_its_id(api, caplog):
    caplog.set_level(logging.INFO, "postline.access")
    response = api.get("/v1/channels", headers={"X-Request-Id": "trace-me-1"})
    (line,) = [r for r in caplog.records if r.name == "postline.access"]
    assert line.fields["request_id"] == response.headers["X-Request-Id"] == "trace-me-1"
    assert (line.fields["method"], line.fields["path"], line.fields["status"]) == ("GET", "/v1/channels", 200)
    assert line.fields["duration_ms"] >= 0 and line.fields["key_id"].startswith("key_")
    assert "Bearer" not in caplog.text and api.key not in caplog.text


def test_no_sql_at_debug_unless_asked_for(settings):
    create_app({**settings, "server": {**settings["server"], "log_level": "DEBUG"}})
    assert logging.getLogger("peewee").getEffectiveLevel() == logging.INFO
    create_app(
        {
            **settings,
            "server": {**settings["server"], "log_level": "DEBUG"},
            "database": {**settings["database"], "log_queries": True},
        }
    )
    assert logging.getLogger("peewee").getEffectiveLevel() == logging.DEBUG


def test_gunicorn_and_the_app_write_the_same_json_lines(server_env):
    env = {**server_env, "POSTLINE_SERVER_LOG_FORMAT": "json", "POSTLINE_SERVER_LOG_LEVEL": "INFO"}
    key = create_key(env)
    server = ServerProcess.gunicorn(env, workers=1)
    requests.get(f"{server.url}/v1/health", headers={"Authorization": f"Bearer {key}"}, timeout=30)
    server.stop()
    lines = [line for line in server.output().splitlines() if line.strip()]
    parsed = [json.loads(line) for line in lines]  # every line, gunicorn's own included
    loggers = {line["logger"] for line in parsed}
    assert "gunicorn.error" in loggers and "postline.access" in loggers, loggers
    assert key not in server.output()


def test_gunicorn_builds_no_access_line_of_its_own():
    """The app writes a request's one access line; gunicorn, whose access log counts as
    on with a logconfig_dict, built every header into atoms for a logger with no handler."""
    umask = os.umask(0o022)  # gunicorn.conf.py sets the process's
    try:
        settings = runpy.run_path(str(ROOT / "gunicorn.conf.py"))
    finally:
        os.umask(umask)
    assert settings["logger_class"] == gunicorn_logger.CLASS_PATH
    config = Config()
    config.set("logconfig_dict", settings["logconfig_dict"])
    config.set("logger_class", settings["logger_class"])
    no_request = (None, None, {}, None)  # gunicorn's atoms would read the response's status
    root = logging.getLogger()
    handlers, level = root.handlers[:], root.level  # a gunicorn logger configures logging
    try:
        config.logger_class(config).access(*no_request)
        with pytest.raises(AttributeError):
            glogging.Logger(config).access(*no_request)
    finally:
        root.handlers[:] = handlers
        root.setLevel(level)


def test_every_start_warns_of_the_development_switches(settings, caplog):
    caplog.set_level(logging.WARNING, "postline.process")
    create_app({**settings, "webhooks": {"allow_private_targets": True}})
    (line,) = [r.getMessage() for r in caplog.records if r.name == "postline.process"]
    assert (
        line
        == "[webhooks] allow_private_targets is on: SSRF protection is relaxed; for local development only"
    )
    caplog.clear()
    create_app(settings)
    assert [r for r in caplog.records if r.name == "postline.process"] == []


@pytest.mark.parametrize("log_format", ["text", "json"])
def test_an_event_reaching_the_handler_alone_is_written_as_its_record_would_be(
    tmp_path, monkeypatch, caplog, log_format
):
    """event() formats a line itself when Postline's handler is all it would reach (as
    served); with anything else to see the record (pytest's capture, a filter), it makes
    one. Both ways write the same line."""
    path = tmp_path / "log"
    root = logging.getLogger()
    collected = []
    collector = logging.Handler()
    collector.emit = collected.append
    monkeypatch.setattr(logs.time, "time", lambda: 1_800_000_000.25)
    caplog.set_level(logging.INFO, "postline.access")
    with open(path, "w") as stream:
        handler = log_batches.Handler(stream)
        handler.setFormatter(logs.Formatter(log_format))
        access = logging.getLogger("postline.access")
        made = []
        monkeypatch.setattr(
            access, "makeRecord", lambda *args: made.append(args) or logging.Logger.makeRecord(access, *args)
        )
        logs.begin(request_id="req_1")
        logs.bind(key_id="key_1")
        try:
            for handlers in ([handler], [handler, collector]):
                monkeypatch.setattr(root, "handlers", handlers)
                logs.event(access, "GET /v1/health 200", status=200, path="/v1/a b")
            handler.flush()
        finally:
            logs.end()
    assert len(made) == 1  # for the second only
    direct, through_record = path.read_text().splitlines()
    assert direct == through_record
    assert direct == logs.Formatter(log_format).format(
        record(status=200, path="/v1/a b", request_id="req_1", key_id="key_1")
    )
    assert [made.fields for made in collected] == [
        {"status": 200, "path": "/v1/a b", "request_id": "req_1", "key_id": "key_1"}
    ]


def test_a_field_that_cannot_be_written_costs_its_line_not_the_request(tmp_path, monkeypatch, caplog):
    class Unwritable:
        def __str__(self):
            raise RuntimeError("no text")

    caplog.set_level(logging.INFO, "postline.access")
    monkeypatch.setattr(logging, "raiseExceptions", False)  # logging's report of it, unprinted
    with open(tmp_path / "log", "w") as stream:
        handler = log_batches.Handler(stream)
        handler.setFormatter(logs.Formatter("text"))
        monkeypatch.setattr(logging.getLogger(), "handlers", [handler])
        logs.event(logging.getLogger("postline.access"), "GET /v1/health 200", odd=Unwritable())
        logs.event(logging.getLogger("postline.access"), "GET /v1/health 200", status=200)
        handler.flush()
    assert (tmp_path / "log").read_text().count("\n") == 1


def test_lines_are_written_in_batches_in_order_a_warning_at_once(tmp_path):
    """The handler gathers lines below WARNING and writes them within BATCH_SECONDS;
    a WARNING writes what was gathered first, then itself, at once."""
    path = tmp_path / "log"
    with open(path, "w") as stream:
        handler = log_batches.Handler(stream)
        handler.setFormatter(logs.Formatter("text"))
        handler.handle(record("first"))
        handler.handle(record("second"))
        warning = record("third")
        warning.levelno, warning.levelname = logging.WARNING, "WARNING"
        handler.handle(warning)
        assert [line.split(": ", 1)[1] for line in path.read_text().splitlines()] == [
            "first",
            "second",
            "third",
        ]
        handler.handle(record("fourth"))
        deadline = time.monotonic() + 5 * log_batches.Handler.BATCH_SECONDS + 1
        while "fourth" not in path.read_text() and time.monotonic() < deadline:
            time.sleep(0.01)
        assert path.read_text().splitlines()[-1].endswith(": fourth")
        logging.getLogger().removeHandler(handler)
        handler.close()


@pytest.mark.parametrize("log_format", ["text", "json"])
@pytest.mark.parametrize(
    ("path", "bound"),
    [
        ("/v1/health", {"key_id": "key_1"}),
        ("/v1/a b", {"user_id": "user_1"}),
        ('/v1/"quoted"=x\n', {"key_id": "key_1", "status": 999}),
        ("/v1/caf\u00e9", {}),
    ],
)
def test_an_access_line_is_the_event_of_its_fields(tmp_path, monkeypatch, caplog, log_format, path, bound):
    """access() writes the line event() writes of the same fields, a path's shared part
    kept from one request to the next; a field already named is not taken from the
    bound ones."""
    monkeypatch.setattr(logs.time, "time", lambda: 1_800_000_000.25)
    caplog.set_level(logging.INFO, "postline.access")
    log = tmp_path / "log"
    access = logging.getLogger("postline.access")
    with open(log, "w") as stream:
        handler = log_batches.Handler(stream)
        handler.setFormatter(logs.Formatter(log_format))
        monkeypatch.setattr(logging.getLogger(), "handlers", [handler])
        logs.begin(request_id="req_bound")
        logs.bind(**bound)
        try:
            for request_id in ("req_1", None):
                logs.access(access, logging.INFO, "GET", path, 200, 1.5, request_id)
                logs.event(
                    access,
                    f"GET {path} 200",
                    method="GET",
                    path=path,
                    status=200,
                    duration_ms=1.5,
                    request_id=request_id,
                )
        finally:
            logs.end()
        handler.flush()
    first, first_event, second, second_event = log.read_text().splitlines()
    assert (first, second) == (first_event, second_event)
    assert first != second
