"""Fixtures: a fresh app per test on a real SQLite file, and on a real PostgreSQL
database when TEST_DATABASE_URL is set; API keys; real server processes.
"""

import os
import secrets
import socket
import sys
import uuid
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

import psycopg2
import pytest

from app import create_app
from models import LIVE, TABLES
from postline import api_keys, clock, db, ssrf, usage
from tests.receivers import Receiver
from tests.servers import ServerProcess, free_port

ROOT = Path(__file__).resolve().parent.parent
TEST_DATABASE_URL = os.environ.get("TEST_DATABASE_URL")
TEST_SECRET = "test-secret-" + "x" * 32

BACKENDS = [
    "sqlite",
    pytest.param(
        "postgresql",
        marks=pytest.mark.skipif(
            not TEST_DATABASE_URL, reason="TEST_DATABASE_URL is not set, so the PostgreSQL runs are skipped"
        ),
    ),
]


@pytest.fixture(scope="session", params=BACKENDS)
def database_url(request, tmp_path_factory):
    """One database per backend for the whole session; tests empty its tables."""
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path_factory.mktemp('sqlite') / 'postline.db'}"
        return
    name = f"postline_test_{uuid.uuid4().hex[:12]}"
    with _admin_connection() as admin:
        admin.cursor().execute(f'CREATE DATABASE "{name}"')
    yield urlunsplit(urlsplit(TEST_DATABASE_URL)._replace(path=f"/{name}"))
    db.close()
    with _admin_connection() as admin:
        admin.cursor().execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


@pytest.fixture
def empty_database_url(database_url, tmp_path):
    """A brand-new, empty database on the same backend as `database_url`."""
    if database_url.startswith("sqlite"):
        yield f"sqlite:///{tmp_path / 'empty.db'}"
        return
    name = f"postline_empty_{uuid.uuid4().hex[:12]}"
    with _admin_connection() as admin:
        admin.cursor().execute(f'CREATE DATABASE "{name}"')
    yield urlunsplit(urlsplit(TEST_DATABASE_URL)._replace(path=f"/{name}"))
    with _admin_connection() as admin:
        admin.cursor().execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


class _admin_connection:
    def __enter__(self):
        self.connection = psycopg2.connect(TEST_DATABASE_URL)
        self.connection.autocommit = True
        return self.connection

    def __exit__(self, *exc):
        self.connection.close()


@pytest.fixture
def data_dir(tmp_path):
    path = tmp_path / "data"
    path.mkdir()
    return path


@pytest.fixture
def settings(database_url, data_dir):
    """The config overrides every app and server process of a test shares."""
    return {
        "database": {"url": database_url},
        "server": {"data_dir": str(data_dir), "secret_key": TEST_SECRET, "log_level": "WARNING"},
        # Rate limits have tests of their own (test_ratelimit.py, test_usage.py); elsewhere
        # they would only turn a test's hundredth request into a 429.
        "limits": {"enabled": False},
    }


def allow_local_webhooks(settings):
    """Webhooks may call a receiver on 127.0.0.1 over http, as in local development."""
    settings["webhooks"] = {"allow_http": True, "allow_private_targets": True, "timeout": 2}
    return settings


@pytest.fixture
def hook_settings(app):
    """The app's [webhooks] settings, as the delivery functions take them."""
    return app.config["POSTLINE"]["webhooks"]


@pytest.fixture
def app(settings):
    db.close()
    app = create_app(settings)
    for model in reversed(TABLES):
        model.delete().execute()
    yield app
    # Usage counts are written by a thread: finish writing before the database changes hands.
    usage.tally.close()
    db.close()


@pytest.fixture
def client(app):
    return app.test_client()


@pytest.fixture
def make_key(app):
    """Create an API key the way the CLI does; returns the full key."""

    def make(
        account="acme", permissions=api_keys.PERMISSIONS, mode=LIVE, name="test key", expires_in_days=None
    ):
        acct = api_keys.find_or_create_account(account, "free")
        return api_keys.issue_key(acct.id, name, mode, permissions, expires_in_days)[1]

    return make


class Api:
    """The Flask test client with a key's Authorization header on every request."""

    def __init__(self, client, key):
        self.client = client
        self.key = key

    def request(self, method, path, **kwargs):
        headers = {"Authorization": f"Bearer {self.key}", **kwargs.pop("headers", {})}
        return self.client.open(path, method=method, headers=headers, **kwargs)

    def get(self, path, **kwargs):
        return self.request("GET", path, **kwargs)

    def post(self, path, **kwargs):
        return self.request("POST", path, **kwargs)

    def patch(self, path, **kwargs):
        return self.request("PATCH", path, **kwargs)

    def delete(self, path, **kwargs):
        return self.request("DELETE", path, **kwargs)

    def as_key(self, key):
        return Api(self.client, key)


@pytest.fixture
def api(client, make_key):
    """A client holding a live key with every permission, on account `acme`."""
    return Api(client, make_key())


@pytest.fixture
def clock_at(monkeypatch):
    """Pin the service's clock: `clock_at(ms)`; call again to move it."""

    def set_time(ms):
        monkeypatch.setattr(clock, "now_ms", lambda: ms)
        return ms

    return set_time


@pytest.fixture
def server_env(settings):
    """Environment for a server process that shares this test's database and secret."""
    env = dict(os.environ)
    env.update(
        DATABASE_URL=settings["database"]["url"],
        SECRET_KEY=TEST_SECRET,
        POSTLINE_SERVER_DATA_DIR=settings["server"]["data_dir"],
        POSTLINE_SERVER_LOG_LEVEL="WARNING",
        PYTHONPATH=str(ROOT),
    )
    return env


@pytest.fixture
def gunicorn(app, server_env):
    """Start `gunicorn 'app:create_app()'` on a free loopback port: gunicorn(workers=2) -> base URL."""
    started = []

    def start(workers=2, **extra_env):
        port = free_port()
        env = {**server_env, **extra_env}
        command = [
            sys.executable,
            "-m",
            "gunicorn",
            "app:create_app()",
            "--bind",
            f"127.0.0.1:{port}",
            "--workers",
            str(workers),
        ]
        server = ServerProcess(command, env, cwd=ROOT, url=f"http://127.0.0.1:{port}")
        started.append(server)
        server.wait_until_listening()
        return server.url

    yield start
    for server in started:
        server.stop()


@pytest.fixture
def worker_process(app, server_env):
    """Start `python worker.py` against the test database; stopped at teardown."""
    started = []

    def start(**extra_env):
        process = ServerProcess([sys.executable, "worker.py"], {**server_env, **extra_env}, cwd=ROOT)
        started.append(process)
        return process

    yield start
    for process in started:
        process.stop()


@pytest.fixture(autouse=True)
def dns(monkeypatch):
    """Tests resolve no real hostname: `dns[name] = [addresses]` (or a function returning
    them) answers for webhook URLs; any other name does not resolve.
    """
    table = {}

    def resolve(hostname, port):
        if hostname not in table:
            raise socket.gaierror(socket.EAI_NONAME, "Name or service not known")
        answer = table[hostname]
        return list(answer() if callable(answer) else answer)

    monkeypatch.setattr(ssrf, "resolve", resolve)
    return table


@pytest.fixture
def receiver():
    """Start a webhook receiver on 127.0.0.1: receiver(default=Reply(...)) -> Receiver."""
    started = []

    def start(**kwargs):
        started.append(Receiver(**kwargs))
        return started[-1]

    yield start
    for running in started:
        running.stop()


def random_name(prefix="name"):
    return f"{prefix}-{secrets.token_hex(4)}"
