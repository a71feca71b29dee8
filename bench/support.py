"""Pieces the benchmarks share: a receiver process, a fake platform process, a real
worker publishing live posts, waiting, scratch databases."""

import contextlib
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import requests

from devtools.databases import reachable, scratch_postgres
from devtools.fakes.base import COUNTS_PATH, SETTINGS_PATH, TEXTS_PATH
from devtools.servers import ServerProcess
from models import LIVE, Post, PostPart, WorkerHeartbeat
from postline import config, db
from postline.statuses import PartKind

DEFAULT_POSTGRES = "postgresql://postgres@127.0.0.1:5432/test"
# A worker may deliver to the benchmark's receiver on 127.0.0.1.
LOCAL_WEBHOOKS = {"POSTLINE_WEBHOOKS_ALLOW_HTTP": "true", "POSTLINE_WEBHOOKS_ALLOW_PRIVATE_TARGETS": "true"}


RECEIVER = """
import sys
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"  # keep-alive, as real receivers

    def do_POST(self):
        self.rfile.read(int(self.headers.get("Content-Length", 0)))
        self.send_response(204)
        self.send_header("Content-Length", "0")
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


ROOT = Path(__file__).resolve().parent.parent


def worker_as_shipped(env):
    """A real `python worker.py` at the log level the service ships with (INFO: a line a
    publication and a delivery, where devtools' environment() quiets test processes to
    WARNING), writing its lines to a file in its data directory as a deployment's would."""
    shipped = {name: value for name, value in env.items() if name != "POSTLINE_SERVER_LOG_LEVEL"}
    with open(Path(env["POSTLINE_SERVER_DATA_DIR"]) / "worker.log", "ab") as log:
        return subprocess.Popen(
            [sys.executable, "worker.py"], cwd=ROOT, env=shipped, stdout=log, stderr=subprocess.STDOUT
        )


class FakeProcess:
    """`python -m MODULE --delay S [options]`, a fake platform (devtools/fakes) on a free
    port in a process of its own; `url` and `settings` (its provider's config section)
    once it listens."""

    def __init__(self, module, delay, *options):
        self.process = subprocess.Popen(
            [sys.executable, "-m", module, "--delay", str(delay), *options],
            cwd=ROOT,
            stdout=subprocess.PIPE,
            text=True,
        )
        self.url = self.process.stdout.readline().strip()
        if not self.url.startswith("http://127.0.0.1:"):
            raise RuntimeError(f"{module} did not start")
        self.settings = requests.get(self.url + SETTINGS_PATH, timeout=10).json()

    def requests(self):
        """How many requests it has answered, by "METHOD /path"."""
        return requests.get(self.url + COUNTS_PATH, timeout=10).json()

    def received(self):
        """{post text: times received} of every post it was sent (TEXTS_PATH)."""
        return requests.get(self.url + TEXTS_PATH, timeout=30).json()

    def env(self, provider):
        """The environment entries that point a process's `[provider]` settings here."""
        return {config.env_name((provider, name)): str(value) for name, value in self.settings.items()}

    def stop(self):
        self.process.terminate()
        self.process.wait(30)
        self.process.stdout.close()


SECRET = "bench-" + "x" * 40
BENCH_ACCOUNT = "bench"  # live_api's account


def live_api(database_url, data_dir, **sections):
    """The app on `database_url` with the config `sections` on top (e.g. a provider's
    settings), and a live key with every permission: a devtools.client.Api."""
    from app import create_app  # the web stack loads only here, not in the worker
    from devtools.client import Api
    from postline.accounts import accounts, keys

    db.close()
    app = create_app(
        {
            "database": {"url": database_url},
            "server": {"data_dir": data_dir, "secret_key": SECRET, "log_level": "WARNING"},
            "media": {"dir": f"{data_dir}/media"},  # where devtools.servers.environment has it
            "limits": {"enabled": False},
            **sections,
        }
    )
    account = accounts.find_or_create(BENCH_ACCOUNT, "ocean")
    _, key = keys.issue_key(account.id, "bench", LIVE)
    return Api(app.test_client(), key)


def schedule_now(api, channel_id, count, content, **fields):
    """`count` posts due at once to the channel, created 100 a request; post n has the
    text `content.format(n=n)`."""
    for start in range(0, count, 100):
        batch = [
            {"channelId": channel_id, "content": content.format(n=n), **fields}
            for n in range(start, min(count, start + 100))
        ]
        created = api.post("/v1/posts/batch", json={"posts": batch})
        if created.status_code != 201:
            raise RuntimeError(created.get_data(as_text=True))


def publishing_concurrency():
    """`[publishing] concurrency` as config.toml sets it by default."""
    return config.load(environ={})["publishing"]["concurrency"]


def busy_cpu_seconds():
    """CPU time the whole machine has spent busy so far, every core (user, system and
    interrupts; not idle, waiting for I/O or stolen), from /proc/stat."""
    with open("/proc/stat") as stat:
        user, nice, system, _idle, _iowait, irq, softirq = map(int, stat.readline().split()[1:8])
    return (user + nice + system + irq + softirq) / os.sysconf("SC_CLK_TCK")


def cpu_seconds(pid):
    """User and system CPU a process has used so far, from /proc."""
    with open(f"/proc/{pid}/stat") as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def publish_with_worker(env, count, max_seconds, on_start=None, channel_id=None):
    """One real `python worker.py` publishing `count` due live posts (those of
    `channel_id` if given, else every post): (posts/s, p50 and p99 lateness in s, worker
    CPU ms per post). A post's lateness is its last target's publication time minus the
    later of its `scheduledFor` and the worker's start. `on_start(pid)` is called once
    the worker is up (e.g. to attach a profiler)."""
    mine = Post.channel == channel_id if channel_id is not None else True
    WorkerHeartbeat.delete().execute()
    worker = subprocess.Popen([sys.executable, "worker.py"], cwd=ROOT, env=env)
    try:
        wait(lambda: WorkerHeartbeat.select().count() > 0, 60, "the worker did not start")
        started = time.perf_counter()
        cpu_at_start = cpu_seconds(worker.pid)
        started_ms = WorkerHeartbeat.select().first().started_at
        if on_start is not None:
            on_start(worker.pid)
        done = Post.select().where((Post.status == "done") & mine)
        wait(lambda: done.count() >= count, max_seconds, f"{count} posts not done within {max_seconds} s")
        rate = count / (time.perf_counter() - started)
        cpu_ms = (cpu_seconds(worker.pid) - cpu_at_start) * 1000 / count
        last = {}
        parts = (
            PostPart.select(PostPart.post_id, PostPart.published_at, Post.scheduled_for)
            .join(Post, on=(PostPart.post_id == Post.id))
            .where((PostPart.kind != PartKind.COMMENT) & mine)
        )
        for post_id, published, due in parts.tuples():
            last[post_id] = max(last.get(post_id, (0, 0)), (published, due))
        late = sorted((published - max(due, started_ms)) / 1000 for published, due in last.values())
        return rate, statistics.median(late), late[int(len(late) * 0.99) - 1], cpu_ms
    finally:
        worker.terminate()
        worker.wait(60)


class Results:
    """The figures a benchmark reports to bench/run.py, which prints them in one table:
    with `--results FILE`, each `add` appends one JSON line to FILE."""

    def __init__(self, path):
        self.path = path

    def add(self, benchmark, backend, value, detail, target=None, met=None):
        """`value` is the headline figure (a ratio where there is a baseline), `detail`
        what it was measured from, `target` the bar in words and `met` whether it was reached."""
        if self.path is None:
            return
        row = {"benchmark": benchmark, "backend": backend, "value": value, "detail": detail}
        row.update(target=target, met=met)
        with open(self.path, "a") as file:
            file.write(json.dumps(row) + "\n")


def add_results_option(parser):
    parser.add_argument("--results", help="append the figures as JSON lines to this file (bench/run.py)")


def create_key(root, env, *options):
    """A new API key from the CLI (`flask create-key`), for the database in `env`."""
    done = subprocess.run(
        [sys.executable, "-m", "flask", "--app", "app", "create-key", *options],
        cwd=root,
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    return done.stdout.strip().splitlines()[-1]


def wait(condition, seconds, failure=None):
    deadline = time.perf_counter() + seconds
    while time.perf_counter() < deadline:
        if condition():
            return
        time.sleep(0.02)
    if failure:
        raise RuntimeError(failure)


def postgres_admin_url():
    """The PostgreSQL server benchmarks may create databases on, or None if unreachable."""
    url = os.environ.get("BENCH_DATABASE_URL") or os.environ.get("TEST_DATABASE_URL") or DEFAULT_POSTGRES
    return url if reachable(url) else None


def on_each_backend(report):
    """`report(backend, database_url, data_dir)` on a scratch SQLite file, then on a scratch
    PostgreSQL database when one is reachable."""
    with tempfile.TemporaryDirectory(prefix="postline-bench-") as data_dir:
        report("sqlite", f"sqlite:///{data_dir}/bench.db", data_dir)
        admin_url = postgres_admin_url()
        if admin_url is None:
            print("postgresql  not reachable: skipped")
        else:
            with scratch_postgres(admin_url, "postline_bench") as url:
                report("postgresql", url, data_dir)
                db.close()


@contextlib.contextmanager
def scratch_database(backend, data_dir):
    """The URL of an empty database for one run: a SQLite file in `data_dir`, or a
    PostgreSQL database created for the run and dropped after it."""
    if backend == "sqlite":
        yield f"sqlite:///{data_dir}/bench.db"
        return
    admin_url = postgres_admin_url()
    if admin_url is None:
        raise RuntimeError("PostgreSQL is not reachable (set BENCH_DATABASE_URL)")
    with scratch_postgres(admin_url, "postline_bench") as url:
        yield url


@contextlib.contextmanager
def gunicorn_server(app_spec, root, env, workers=2, port=None):
    """`gunicorn app_spec` from `root` (so with its gunicorn.conf.py: threaded workers)
    with `workers` workers on a loopback port (free unless given); yields the
    ServerProcess (`url`, `process`)."""
    server = ServerProcess.gunicorn(env, workers, app_spec, cwd=root, port=port)
    try:
        yield server
    finally:
        server.stop(30)


@contextlib.contextmanager
def gunicorn(app_spec, root, env, workers=2, port=None):
    """As gunicorn_server, yielding its URL."""
    with gunicorn_server(app_spec, root, env, workers, port) as server:
        yield server.url


def child_pids(pid):
    """The processes `pid` started (a gunicorn master's workers), from /proc."""
    with open(f"/proc/{pid}/task/{pid}/children") as children:
        return [int(child) for child in children.read().split()]


def peak_rss_mb(pid):
    """The highest resident set size process `pid` has had, in MB (the kernel's VmHWM)."""
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) / 1024
    return float("nan")


WRK_SCRIPT = """
wrk.method = "{method}"
wrk.body = {body}
{headers}
"""


def wrk(url, method="GET", headers=None, body=None, duration=10, threads=2, connections=16):
    """Requests per second that `wrk` reaches against `url`; every answer must be 2xx."""
    if shutil.which("wrk") is None:
        raise RuntimeError("wrk is not installed (Debian: apt-get install wrk)")
    headers = {**(headers or {}), **({"Content-Type": "application/json"} if body is not None else {})}
    lines = "\n".join(
        f"wrk.headers[{json.dumps(name)}] = {json.dumps(value)}" for name, value in headers.items()
    )
    script = WRK_SCRIPT.format(
        method=method, body=json.dumps(json.dumps(body)) if body is not None else "nil", headers=lines
    )
    with tempfile.NamedTemporaryFile("w", suffix=".lua") as file:
        file.write(script)
        file.flush()
        output = subprocess.run(
            ["wrk", f"-t{threads}", f"-c{connections}", f"-d{duration}s", "-s", file.name, url],
            capture_output=True,
            text=True,
            check=True,
            timeout=duration + 60,
        ).stdout
    if "Non-2xx or 3xx responses" in output:
        raise RuntimeError(f"some answers were not 2xx:\n{output}")
    match = re.search(r"Requests/sec:\s+([\d.]+)", output)
    if match is None:
        raise RuntimeError(f"wrk printed no rate:\n{output}")
    return float(match.group(1))
