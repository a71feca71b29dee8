"""Logs can be trusted: one line per event in every process (gunicorn's workers, the
worker, the CLI), and no line a client can forge (docs/security.md, Logs)."""

import logging
import sys
import time
from urllib.parse import quote

import requests

from devtools.servers import WORKER_COMMAND, ServerProcess, create_key, flask_cli
from postline import logs

FORGED = "2030-01-01T00:00:00.000Z INFO postline.access: GET /v1/admin 200 key_id=key_admin"


def test_a_gunicorn_worker_writes_each_line_once(server_env):
    env = {**server_env, "POSTLINE_SERVER_LOG_LEVEL": "INFO"}
    key = create_key(env)
    server = ServerProcess.gunicorn(env, workers=2)
    try:
        for n in range(4):  # over both workers
            answer = requests.get(
                f"{server.url}/v1/health",
                headers={"Authorization": f"Bearer {key}", "X-Request-Id": f"counted-{n}"},
                timeout=30,
            )
            assert answer.status_code == 200
    finally:
        server.stop()
    output = server.output()
    for n in range(4):
        assert output.count(f"request_id=counted-{n}") == 1, output
    assert output.count("Booting worker with pid") == 2, output  # gunicorn's own lines too


def test_the_worker_and_the_cli_write_each_line_once(server_env, empty_database_url):
    env = {**server_env, "DATABASE_URL": empty_database_url, "POSTLINE_SERVER_LOG_LEVEL": "INFO"}
    done = flask_cli(env, "create-key", "--name", "counted")
    assert done.returncode == 0, done.stderr
    assert done.stderr.count("applied migration 0001_foundation") == 1, done.stderr
    worker = ServerProcess(WORKER_COMMAND, env)
    try:
        deadline = time.monotonic() + 30
        while " started" not in worker.output() and time.monotonic() < deadline:
            time.sleep(0.1)
    finally:
        worker.stop()
    started = [
        line for line in worker.output().splitlines() if "postline.worker" in line and " started" in line
    ]
    assert len(started) == 1, worker.output()


def test_a_path_cannot_forge_a_line_of_the_access_log(server_env):
    env = {**server_env, "POSTLINE_SERVER_LOG_LEVEL": "INFO"}
    server = ServerProcess.gunicorn(env, workers=1)
    try:
        path = "/v1/health%0a" + quote(FORGED) + "%0d%00%1b[31m%c2%85"
        assert requests.get(server.url + path, timeout=30).status_code == 404
    finally:
        server.stop()
    lines = server.output().splitlines()
    assert not [line for line in lines if line.startswith("2030-")], lines
    (access,) = [line for line in lines if "postline.access" in line and "/v1/health" in line]
    assert "/v1/health\\n2030-01-01T00:00:00.000Z" in access
    assert "\\r\\x00\\x1b[31m\\x85" in access


def test_an_exceptions_message_cannot_pass_for_a_line_either():
    try:
        raise ValueError(f"bad input\n{FORGED}\r")
    except ValueError:
        record = logging.LogRecord(
            "postline.web.errors", logging.ERROR, __file__, 1, "unhandled", None, sys.exc_info()
        )
    lines = logs.Formatter("text").format(record).split("\n")
    assert lines[0].endswith("ERROR postline.web.errors: unhandled")
    assert all(line.startswith("  ") for line in lines[1:]), lines
    assert lines[1] == "  Traceback (most recent call last):"
    assert lines[-2:] == ["  ValueError: bad input", f"  {FORGED}\\r"]
