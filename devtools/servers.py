"""Real processes for tests and benchmarks: gunicorn, the worker, and their environment."""

import os
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import requests

from devtools import ROOT


def free_port():
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def environment(database_url, data_dir, secret_key, **extra):
    """The environment of a server process on `database_url`, on top of this one's."""
    return {
        **os.environ,
        "DATABASE_URL": database_url,
        "SECRET_KEY": secret_key,
        "POSTLINE_SERVER_DATA_DIR": str(data_dir),
        "POSTLINE_MEDIA_DIR": str(Path(data_dir) / "media"),
        "POSTLINE_SERVER_LOG_LEVEL": "WARNING",
        "PYTHONPATH": str(ROOT),
        **extra,
    }


def gunicorn_command(port, workers=2, app="app:create_app()"):
    return [sys.executable, "-m", "gunicorn", app, "--bind", f"127.0.0.1:{port}", "--workers", str(workers)]


WORKER_COMMAND = [sys.executable, "worker.py"]


def flask_cli(env, *args, timeout=60, stdin=None):
    """`flask --app app ARGS` in a process of its own, `stdin` its input; the finished process."""
    return subprocess.run(
        [sys.executable, "-m", "flask", "--app", "app", *args],
        cwd=ROOT,
        env=env,
        input=stdin,
        capture_output=True,
        text=True,
        timeout=timeout,
    )


def create_key(env, *options):
    """A new API key from the CLI (`create-key OPTIONS`), on the database of `env`."""
    done = flask_cli(env, "create-key", *options)
    if done.returncode != 0:
        raise RuntimeError(f"create-key failed:\n{done.stdout}{done.stderr}")
    return done.stdout.strip().splitlines()[-1]


class ServerProcess:
    """A child process whose output is kept in a file, shown if it fails to start."""

    def __init__(self, command, env, cwd=ROOT, url=None):
        self.url = url
        self.log = tempfile.NamedTemporaryFile(prefix="postline-proc-", suffix=".log", delete=False)
        self.process = subprocess.Popen(command, env=env, cwd=cwd, stdout=self.log, stderr=subprocess.STDOUT)

    @classmethod
    def gunicorn(cls, env, workers=2, app="app:create_app()", cwd=ROOT, port=None):
        """gunicorn on loopback (a free port unless given), answering once this returns."""
        port = port or free_port()
        server = cls(gunicorn_command(port, workers, app), env, cwd, url=f"http://127.0.0.1:{port}")
        server.wait_until_listening()
        return server

    def output(self):
        with open(self.log.name) as file:
            return file.read()

    def wait_until_listening(self, timeout=60):
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"process exited with {self.process.returncode}:\n{self.output()}")
            try:
                requests.get(f"{self.url}/openapi.json", timeout=5)
                return
            except (requests.ConnectionError, requests.Timeout):
                # Not listening yet, or a worker still building its first answer on a busy machine.
                time.sleep(0.1)
        raise RuntimeError(f"no answer within {timeout}s:\n{self.output()}")

    def stop(self, timeout=15):
        """SIGTERM, then SIGKILL if it does not exit in time; returns the exit code."""
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self.log.close()
        return self.process.returncode
