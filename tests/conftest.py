"""Fixtures: apps on a real SQLite file, and on a real PostgreSQL database when
TEST_DATABASE_URL is set; API keys; real server processes.

Which backends a test runs on: a test (or a module, by `pytestmark`) marked
`@pytest.mark.storage` runs on SQLite and on PostgreSQL; any other test on SQLite
alone. Mark what depends on how the database behaves: claims, leases, locks,
tallies, migrations, races, SQL of listings and filters, rate-limit counters, usage,
deliveries, publishing, the drills. Pure validation (schemas, error shapes, auth
headers, OpenAPI, page rendering, SSRF rules, config) needs no second run. When in
doubt, mark it. A test may still pick backends itself:
`@pytest.mark.parametrize("database_url", [...], indirect=True)`.

Apps are shared (tests/support/apps.py): a test gets the app already built for its
settings in this process, the process configured anew for it, its tables emptied,
its data directory empty. Fixtures that override `settings` get an app of their own
unless their settings are the same from test to test.

Under pytest-xdist (`python3 tasks.py test` runs `-n 2 --dist loadgroup`) each worker
has its own scratch databases, data directories and ports. Tests that use a fixture
starting server processes (PROCESS_FIXTURES) are marked `processes` here (`--quick`
leaves them out). Tests marked `quiet`, the drills and whatever else times itself,
form one xdist group: one worker runs them one after another, so no two of them ever
compete for the two cores.
"""

import os
import shutil
import socket

import pytest

from devtools.client import Api
from devtools.databases import scratch_postgres
from devtools.fakes.x import FakeX
from devtools.servers import WORKER_COMMAND, ServerProcess, environment
from models import LIVE
from postline import clock, db
from postline.accounts import accounts, keys
from postline.limits import usage
from postline.net import ssrf
from tests.support import apps, fakes
from tests.support.console import Console, make_user
from tests.support.receivers import Receiver

# xdist groups as pytest 9 needs them (tests/support/xdist_groups.py).
pytest_plugins = ["tests.support.xdist_groups"]

TEST_DATABASE_URL = os.environ.get("TEST_DATABASE_URL")
TEST_SECRET = "test-secret-" + "x" * 32
# The xdist worker this process is ("gw0", ...), or "main" without xdist.
WORKER = os.environ.get("PYTEST_XDIST_WORKER", "main")

BACKENDS = [
    "sqlite",
    pytest.param(
        "postgresql",
        marks=pytest.mark.skipif(
            not TEST_DATABASE_URL, reason="TEST_DATABASE_URL is not set, so the PostgreSQL runs are skipped"
        ),
    ),
]


def pytest_addoption(parser):
    parser.addoption(
        "--sqlite-only",
        action="store_true",
        help="run storage tests on SQLite alone, with no PostgreSQL run even skipped (tasks.py test --quick)",
    )


def pytest_generate_tests(metafunc):
    """`database_url` is SQLite's alone, or both backends' for a test marked `storage`."""
    if "database_url" not in metafunc.fixturenames or _picks_backends(metafunc.definition):
        return
    both = metafunc.definition.get_closest_marker("storage") and not metafunc.config.getoption("sqlite_only")
    backends = BACKENDS if both else BACKENDS[:1]
    metafunc.parametrize("database_url", backends, indirect=True, scope="session")


def _picks_backends(definition):
    for mark in definition.iter_markers("parametrize"):
        names = mark.args[0]
        if "database_url" in (names.replace(" ", "").split(",") if isinstance(names, str) else names):
            return True
    return False


# Fixtures that start server processes: a test using one is marked `processes`.
PROCESS_FIXTURES = {"gunicorn", "worker_process", "server_env", "cluster", "cluster_env"}


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(config, items):
    """Mark `processes` the tests that start server processes, and put the `quiet` ones
    in one xdist group. First, so that `-m` and xdist see these marks. A PostgreSQL run
    that `sqlite_only_for` says proves nothing more than SQLite's is not collected."""
    kept = [item for item in items if not _same_on_every_backend(item)]
    if len(kept) < len(items):
        config.hook.pytest_deselected(items=[item for item in items if item not in kept])
        items[:] = kept
    for item in items:
        if PROCESS_FIXTURES & set(getattr(item, "fixturenames", ())):
            item.add_marker(pytest.mark.processes)
        if item.get_closest_marker("quiet"):
            item.add_marker(pytest.mark.xdist_group("quiet"))


def _same_on_every_backend(item):
    """Whether `item` is a PostgreSQL run of a storage test whose parameters, by its
    `sqlite_only_for(name=value)` mark, leave the database out (Redis's counters)."""
    params = getattr(getattr(item, "callspec", None), "params", {})
    if params.get("database_url") != "postgresql":
        return False
    return any(
        all(params.get(name) == value for name, value in mark.kwargs.items())
        for mark in item.iter_markers("sqlite_only_for")
    )


@pytest.fixture(scope="session")
def database_url(request, tmp_path_factory):
    """One database per backend for the whole session (per xdist worker); tests empty its tables."""
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path_factory.mktemp('sqlite') / 'postline.db'}"
        return
    with scratch_postgres(TEST_DATABASE_URL, prefix=f"postline_test_{WORKER}") as url:
        yield url
        db.close()


@pytest.fixture
def empty_database_url(database_url, tmp_path):
    """A brand-new, empty database on the same backend as `database_url`."""
    if database_url.startswith("sqlite"):
        yield f"sqlite:///{tmp_path / 'empty.db'}"
        return
    with scratch_postgres(TEST_DATABASE_URL, prefix=f"postline_empty_{WORKER}") as url:
        yield url


@pytest.fixture(scope="session")
def data_root(database_url, tmp_path_factory):
    return tmp_path_factory.mktemp("data")


@pytest.fixture
def data_dir(data_root):
    """The data directory (media, secrets) of the test's apps and processes, emptied
    for each test: one path per backend, so that tests can share apps. It lies in
    `data_root`, emptied too, where a path such as `media/../../x` would land."""
    for entry in data_root.iterdir():
        if entry.is_dir() and not entry.is_symlink():
            shutil.rmtree(entry)
        else:
            entry.unlink()
    path = data_root / "data"
    path.mkdir()
    return path


@pytest.fixture
def settings(database_url, data_dir):
    """The config overrides every app and server process of a test shares."""
    return {
        "database": {"url": database_url},
        "server": {"data_dir": str(data_dir), "secret_key": TEST_SECRET, "log_level": "WARNING"},
        "media": {"dir": str(data_dir / "media")},
        # Rate limits have tests of their own (test_ratelimit.py, test_usage.py); elsewhere
        # they would only turn a test's hundredth request into a 429.
        "limits": {"enabled": False},
    }


@pytest.fixture
def hook_settings(app):
    """The app's [webhooks] settings, as the delivery functions take them."""
    return app.config["POSTLINE"]["webhooks"]


@pytest.fixture
def app(settings):
    """The app for `settings`, shared with the tests of the same settings (tests/support/apps.py)."""
    app = apps.app_for(settings)
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

    def make(account="acme", permissions=keys.PERMISSIONS, mode=LIVE, name="test key", expires_in_days=None):
        acct = accounts.find_or_create(account, "free")
        return keys.issue_key(acct.id, name, mode, permissions, expires_in_days)[1]

    return make


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
    return environment(settings["database"]["url"], settings["server"]["data_dir"], TEST_SECRET)


@pytest.fixture
def gunicorn(app, server_env):
    """Start `gunicorn 'app:create_app()'` on a loopback port (free unless given):
    gunicorn(workers=2) -> base URL."""
    started = []

    def start(workers=2, port=None, **extra_env):
        started.append(ServerProcess.gunicorn({**server_env, **extra_env}, workers, port=port))
        return started[-1].url

    yield start
    for server in started:
        server.stop()


@pytest.fixture
def worker_process(app, server_env):
    """Start `python worker.py` against the test database; stopped at teardown."""
    started = []

    def start(**extra_env):
        process = ServerProcess(WORKER_COMMAND, {**server_env, **extra_env})
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


@pytest.fixture
def console_user(app):
    """A console user of account `acme` (tests/support/console.py has the password)."""
    return make_user()


@pytest.fixture
def console(client, console_user):
    """A browser signed in to the console as `console_user`, through the test client."""
    signed_in = Console(client)
    response = signed_in.sign_in()
    assert response.status_code == 302, response.get_data(as_text=True)
    signed_in.get("/console/calendar")
    return signed_in


@pytest.fixture
def legacy(console, client):
    """Send /api requests as the signed-in console, with its CSRF token on writes."""

    def send(method, path, csrf=None, **kwargs):
        """`csrf`: the token to send (default the session's; "" sends none)."""
        token = console.csrf if csrf is None else csrf
        return client.open(path, method=method, headers={"X-CSRF-Token": token} if token else {}, **kwargs)

    return send


@pytest.fixture
def fake_x():
    """A fake X on 127.0.0.1 (devtools/fakes/x/); point `[x]` at it with its settings()."""
    fake = fakes.on_steady_port(FakeX)
    yield fake
    fakes.close(fake)
