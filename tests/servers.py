"""Real processes for tests: gunicorn, the worker, and local HTTP servers."""

import socket
import subprocess
import tempfile
import time

import requests


def free_port():
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


class ServerProcess:
    """A child process whose output is kept in a file, shown if it fails to start."""

    def __init__(self, command, env, cwd, url=None):
        self.url = url
        self.log = tempfile.NamedTemporaryFile(prefix="postline-proc-", suffix=".log", delete=False)
        self.process = subprocess.Popen(command, env=env, cwd=cwd, stdout=self.log, stderr=subprocess.STDOUT)

    def output(self):
        with open(self.log.name) as file:
            return file.read()

    def wait_until_listening(self, timeout=30):
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
