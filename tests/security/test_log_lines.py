"""Logs can be trusted: one line per event in every process (gunicorn's workers, the
worker, the CLI), and no line a client can forge (docs/security.md, Logs)."""

import time

import requests

from devtools.servers import WORKER_COMMAND, ServerProcess, create_key, flask_cli


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
