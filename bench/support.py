"""Pieces the benchmarks share: a receiver process, waiting, scratch databases."""

import os
import subprocess
import sys
import tempfile
import time
import uuid
from urllib.parse import urlsplit, urlunsplit

import psycopg2

from postline import db

DEFAULT_POSTGRES = "postgresql://postgres@127.0.0.1:5432/test"


RECEIVER = """
import sys
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

class Handler(BaseHTTPRequestHandler):
    def do_POST(self):
        self.rfile.read(int(self.headers.get("Content-Length", 0)))
        self.send_response(204)
        self.end_headers()

    def log_message(self, format, *args):
        pass

server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
server.daemon_threads = True
print(server.server_address[1], flush=True)
server.serve_forever()
"""


class Receiver:
    """A receiver in its own process, answering every POST with 204 at once, so it
    takes no CPU time from the process being measured.
    """

    def __init__(self):
        self.process = subprocess.Popen([sys.executable, "-c", RECEIVER], stdout=subprocess.PIPE, text=True)
        self.url = f"http://127.0.0.1:{self.process.stdout.readline().strip()}/hook"

    def stop(self):
        self.process.terminate()
        self.process.wait()
        self.process.stdout.close()


def wait(condition, seconds, failure=None):
    deadline = time.perf_counter() + seconds
    while time.perf_counter() < deadline:
        if condition():
            return
        time.sleep(0.02)
    if failure:
        raise RuntimeError(failure)


def postgres_admin_url():
    url = os.environ.get("BENCH_DATABASE_URL") or os.environ.get("TEST_DATABASE_URL") or DEFAULT_POSTGRES
    try:
        psycopg2.connect(url, connect_timeout=2).close()
    except psycopg2.OperationalError:
        return None
    return url


def scratch_postgres(admin_url, action):
    name = f"postline_bench_{uuid.uuid4().hex[:10]}"
    admin = psycopg2.connect(admin_url)
    admin.autocommit = True
    admin.cursor().execute(f'CREATE DATABASE "{name}"')
    try:
        return action(urlunsplit(urlsplit(admin_url)._replace(path=f"/{name}")))
    finally:
        db.close()
        admin.cursor().execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        admin.close()


def on_each_backend(report):
    """`report(backend, database_url, data_dir)` on a scratch SQLite file, then on a scratch
    PostgreSQL database when one is reachable."""
    with tempfile.TemporaryDirectory(prefix="postline-bench-") as data_dir:
        report("sqlite", f"sqlite:///{data_dir}/bench.db", data_dir)
        admin_url = postgres_admin_url()
        if admin_url is None:
            print("postgresql  not reachable: skipped")
        else:
            scratch_postgres(admin_url, lambda url: report("postgresql", url, data_dir))
