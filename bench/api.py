"""The API's hot paths under wrk, each as a ratio to a bare app in the same run.

    python bench/api.py [--backend sqlite|postgresql] [--rounds 3] [--duration 4] [--root PATH]

Everything goes through the public interface: keys from the CLI, data through the
API, load from `wrk -t2 -c16` (a load generator written in C, so the client does not
compete with the servers for the interpreter). Postline runs as shipped: gunicorn with
this checkout's gunicorn.conf.py (2 threaded workers), the default configuration, its
access log written at INFO. Each path is measured on five servers under the same
gunicorn settings, alternated `--rounds` times for `--duration` seconds each, so that
the machine's drift over a minute falls on all of them alike:

- Postline, as shipped;
- Postline with the access log off (`[server] log_level = "WARNING"`): what the log costs;
- the bare app (bench/bare_app.py `app`): the same status and body bytes, pre-encoded,
  no JSON work per request; the targets are ratios to it;
- the floor (`looked_up()`): the bare app after the key lookup every request with a
  key makes (a deleted key is refused from the next request on, so each request asks
  the database), the same SQL through the driver alone. Its ratio to the bare app is
  the most any implementation of a path can reach here; printed as `floor`;
- the bare app before issue 30 (`jsonified`), which encoded its body on every request:
  the old way's ratio is Postline without its access log against it, as bench/api.py
  measured until then.

Beside each load it reads the machine's busy CPU time (every core, from /proc/stat:
the servers, wrk, and the PostgreSQL and Redis servers alike) and prints what Postline
and the bare app spend a request. Their quotient (`by cpu`) is the ratio the machine's
two cores allow Postline's code as it stands: where `ratio` reads below it, Postline
left cores idle (waiting on a lock or a round trip); where a target is above it, only
less work a request reaches it.

Paths: GET /v1/health with limits off and on (the database's counters, and Redis's),
GET /v1/posts?filter[status]=queued&sort=-createdAt on an account of 10,000 posts with
the worker running, and POST /v1/posts, both with limits off: a test-mode key may make
1,000 requests a minute and any key 30 POST /v1/posts a minute, whatever its plan
(what limits cost is the difference between the two health paths). The live key's
plan is raised so nothing is refused. It also reads the peak RSS of Postline's
gunicorn workers. `--root` measures another checkout with this script (before/after).
"""

import argparse
import contextlib
import os
import secrets
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import NamedTuple

import requests

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

from bench.support import (  # noqa: E402
    Results,
    add_results_option,
    busy_cpu_seconds,
    child_pids,
    create_key,
    gunicorn_server,
    peak_rss_mb,
    scratch_database,
    wrk,
)

LISTING = "/v1/posts?filter[status]=queued&sort=-createdAt&per_page=20"
UNLIMITED = "1000000000"
RAISED_PLAN = {f"POSTLINE_PLANS_OCEAN_PER_{window}": UNLIMITED for window in ("MINUTE", "HOUR", "DAY")}
HEALTH_OFF = "GET /v1/health, limits off"
HEALTH_DATABASE = "GET /v1/health, limits on (database)"
HEALTH_REDIS = "GET /v1/health, limits on (Redis)"
LISTED = "GET /v1/posts (10k posts, worker running)"
CREATED = "POST /v1/posts"
# The ratio to the bare app each path must reach, per backend (issue 30); others are reported.
TARGETS = {
    "sqlite": {HEALTH_OFF: 0.6, HEALTH_DATABASE: 0.5, LISTED: 0.3, CREATED: 0.25},
    "postgresql": {HEALTH_OFF: 0.55, HEALTH_REDIS: 0.45, LISTED: 0.25, CREATED: 0.2},
}
# The most the access log may cost of a path's throughput.
ACCESS_LOG_MOST = 0.05
API_RSS_MB = 150
# Of the 10,000 posts: queued for later, published by the sandbox now, failing in the sandbox.
MIX = (("queued", 6000), ("done", 3000), ("failed", 1000))
CONTENDERS = ("postline", "log off", "bare", "bare jsonify", "key lookup")


def main():
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--backend", choices=("sqlite", "postgresql"), default="sqlite")
    parser.add_argument("--rounds", type=int, default=3, help="times each server is loaded per path")
    parser.add_argument("--duration", type=int, default=4, help="seconds of each load")
    parser.add_argument("--root", type=Path, default=HERE.parent, help="the checkout to measure")
    parser.add_argument("--only", default="", help="measure only paths whose label contains this")
    add_results_option(parser)
    args = parser.parse_args()
    rows = []
    with (
        tempfile.TemporaryDirectory(prefix="postline-bench-") as scratch,
        scratch_database(args.backend, scratch) as database_url,
    ):
        env = {
            **os.environ,
            "PYTHONPATH": str(args.root),
            "DATABASE_URL": database_url,
            "SECRET_KEY": secrets.token_urlsafe(48),
            "POSTLINE_SERVER_DATA_DIR": scratch,
            **RAISED_PLAN,
        }
        for name in ("POSTLINE_SERVER_LOG_LEVEL", "POSTLINE_LIMITS_ENABLED", "POSTLINE_LIMITS_STORAGE"):
            env.pop(name, None)  # as shipped, unless a run says otherwise
        redis = {
            "POSTLINE_LIMITS_STORAGE": "redis://127.0.0.1:6379/0",
            "POSTLINE_LIMITS_REDIS_KEY_PREFIX": f"bench-{secrets.token_hex(4)}",
        }
        # A test-mode key may make 1,000 requests a minute and any key 30 POST /v1/posts,
        # whatever its plan: listing and creating run with limits off, as before.
        limits_off = {"POSTLINE_LIMITS_ENABLED": "false"}
        live_key = create_key(args.root, env, "--plan", "ocean")
        test_key = create_key(args.root, env, "--test", "--plan", "ocean")
        measure = Measure(args, env, scratch, rows)
        measure.get(HEALTH_OFF, "/v1/health", live_key, **limits_off)
        measure.get(HEALTH_DATABASE, "/v1/health", live_key)
        measure.get(HEALTH_REDIS, "/v1/health", live_key, **redis)
        worker = subprocess.Popen([sys.executable, "worker.py"], cwd=args.root, env=env)
        try:
            channel = seed_posts(args.root, env, test_key)
            measure.get(LISTED, LISTING, test_key, **limits_off)
            body = {"channelId": channel, "content": "Benchmark post #launch", "scheduledFor": future_ms()}
            measure.post(CREATED, "/v1/posts", test_key, body, **limits_off)
        finally:
            worker.terminate()
            worker.wait(30)
    report(args, rows)


def report(args, rows):
    """Print the figures and record them beside their targets."""
    print(
        f"\n{args.backend}, wrk -t2 -c16, {args.rounds} x {args.duration} s alternated, gunicorn.conf.py"
        f" ({args.root}); req/s"
    )
    print(
        f"{'path':44} {'Postline':>8} {'log off':>8} {'bare':>6} {'jsonify':>7} {'ratio':>6}"
        f" {'old way':>7} {'log':>6} {'floor':>6} {'cpu us':>6} {'bare us':>7} {'by cpu':>6}"
    )
    results = Results(args.results)
    targets = TARGETS[args.backend]
    for label, rates, cpu, _ in rows:
        app, log_off, bare, jsonify, _ = (rates[name] for name in CONTENDERS)
        ratio, old_way, log_cost, floor, by_cpu = figures = Figures.of(rates, cpu)
        print(
            f"{label:44} {app:8.0f} {log_off:8.0f} {bare:6.0f} {jsonify:7.0f} {ratio:6.2f} {old_way:7.2f}"
            f" {log_cost:+6.1%} {floor:6.2f} {cpu['postline']:6.0f} {cpu['bare']:7.0f} {by_cpu:6.2f}"
        )
        target = targets.get(label)
        detail = (
            f"{app:.0f} req/s; bare {bare:.0f} req/s; old way {old_way:.2f} (log off {log_off:.0f} req/s"
            f" vs jsonify {jsonify:.0f} req/s)"
        )
        results.add(
            label,
            args.backend,
            ratio,
            detail,
            f">= {target}" if target else None,
            ratio >= target if target else None,
        )
        _record_costs(results, args.backend, label, rates, cpu, figures)
    rss = max(rss for *_, rss in rows)
    results.add(
        "API: peak RSS of a gunicorn worker (MB)",
        args.backend,
        rss,
        "over every path",
        f"< {API_RSS_MB}",
        rss < API_RSS_MB,
    )
    print(f"peak RSS of a Postline gunicorn worker: {rss:.1f} MB")


class Figures(NamedTuple):
    """A path's figures from its contenders' rates and machine CPU a request."""

    ratio: float  # Postline to the bare app: the target's figure
    old_way: float  # Postline without its access log to the bare app that encodes its body
    log_cost: float  # the share of Postline's rate its access log takes
    floor: float  # the key lookup alone to the bare app
    by_cpu: float  # the bare app's machine CPU a request to Postline's

    @classmethod
    def of(cls, rates, cpu):
        app, log_off, bare, jsonify, lookup = (rates[name] for name in CONTENDERS)
        return cls(
            app / bare, log_off / jsonify, 1 - app / log_off, lookup / bare, cpu["bare"] / cpu["postline"]
        )


def _record_costs(results, backend, label, rates, cpu, figures):
    """What the access log costs a path, and the two ratios no change of Postline's
    code beats as things stand: the key lookup's, and the machine CPU's."""
    app, log_off, lookup = (rates[name] for name in ("postline", "log off", "key lookup"))
    results.add(
        f"{label}: access log's cost",
        backend,
        figures.log_cost,
        f"{app:.0f} req/s with it, {log_off:.0f} without",
        f"<= {ACCESS_LOG_MOST}",
        figures.log_cost <= ACCESS_LOG_MOST,
    )
    results.add(
        f"{label}: floor (the key lookup alone)",
        backend,
        figures.floor,
        f"{lookup:.0f} req/s; no implementation that checks the key in the database beats it",
    )
    results.add(
        f"{label}: ratio the CPU allows (bare app's CPU a request / Postline's)",
        backend,
        figures.by_cpu,
        f"machine CPU a request: Postline {cpu['postline']:.0f} us, bare app {cpu['bare']:.0f} us",
    )


class Measure:
    def __init__(self, args, env, scratch, rows):
        self.args, self.env, self.scratch, self.rows = args, env, scratch, rows

    def get(self, label, path, key, **extra_env):
        self._run(label, "GET", path, key, None, extra_env)

    def post(self, label, path, key, body, **extra_env):
        self._run(label, "POST", path, key, body, extra_env)

    def _run(self, label, method, path, key, body, extra_env):
        if self.args.only not in label:
            return
        root, env = self.args.root, {**self.env, **extra_env}
        headers = {"Authorization": f"Bearer {key}"}
        urls = {}
        with contextlib.ExitStack() as servers:
            app = servers.enter_context(gunicorn_server("app:create_app()", root, env))
            urls["postline"] = app.url + path
            quiet = {**env, "POSTLINE_SERVER_LOG_LEVEL": "WARNING"}
            urls["log off"] = (
                servers.enter_context(gunicorn_server("app:create_app()", root, quiet)).url + path
            )
            answer = requests.request(method, urls["postline"], headers=headers, json=body, timeout=30)
            if answer.status_code >= 300:
                raise RuntimeError(f"{method} {path} answered {answer.status_code}: {answer.text[:300]}")
            body_file = Path(self.scratch) / "bare-body.json"
            body_file.write_bytes(answer.content)
            bare_env = {**self.env, "BARE_BODY_FILE": str(body_file), "BARE_STATUS": str(answer.status_code)}
            bare_apps = (
                ("bare", "bench.bare_app:app"),
                ("bare jsonify", "bench.bare_app:jsonified"),
                ("key lookup", "bench.bare_app:looked_up()"),
            )
            for name, spec in bare_apps:
                urls[name] = servers.enter_context(gunicorn_server(spec, HERE.parent, bare_env)).url + "/"
            rates, cpu = alternate(urls, method, headers, body, self.args.rounds, self.args.duration)
            rss = max(peak_rss_mb(pid) for pid in child_pids(app.process.pid))
        print(
            f"{label}: "
            + "; ".join(
                f"{name} {rate:.0f} req/s, {cpu[name]:.0f} us of CPU" for name, rate in rates.items()
            ),
            flush=True,
        )
        self.rows.append((label, rates, cpu, rss))


def alternate(urls, method, headers, body, rounds, duration):
    """The mean rate of each server over `rounds` loads of `duration` seconds, taken in
    turn (after a second of warm-up each: its workers' first requests build what they keep),
    and the machine's busy CPU time a request it answered, in microseconds.
    Each round starts one server further on: of two equal servers alternated, the one
    loaded first in every round read up to 8% higher (docs/benchmarks.md, A fourth pass)."""
    for url in urls.values():
        wrk(url, method, headers, body, 1)
    totals = dict.fromkeys(urls, 0.0)
    busy = dict.fromkeys(urls, 0.0)
    names = list(urls)
    for round_number in range(rounds):
        start = round_number % len(names)
        for name in names[start:] + names[:start]:
            before = busy_cpu_seconds()
            totals[name] += wrk(urls[name], method, headers, body, duration)
            busy[name] += busy_cpu_seconds() - before
    rates = {name: total / rounds for name, total in totals.items()}
    return rates, {name: busy[name] / (rates[name] * rounds * duration) * 1e6 for name in urls}


def future_ms(days=30):
    return int((time.time() + days * 86400) * 1000)


def seed_posts(root, env, key):
    """10,000 posts of a test-mode channel, mixed per MIX; waits until the worker has
    published (or failed) the due ones. Returns the channel id."""
    headers = {"Authorization": f"Bearer {key}"}
    # The plan's posts a day would refuse the seeding (a limit of its own, not raised).
    with gunicorn_server("app:create_app()", root, {**env, "POSTLINE_LIMITS_ENABLED": "false"}) as server:
        url = server.url
        session = requests.Session()
        session.headers.update(headers)
        channel = session.post(f"{url}/v1/channels", json={"name": "Bench"}, timeout=30).json()["data"]["id"]
        for status, count in MIX:
            item = {"channelId": channel, "content": "Benchmark post #launch"}
            if status == "queued":
                item["scheduledFor"] = future_ms()
            if status == "failed":
                item["content"] += " #sandbox:fail"
            for _ in range(count // 100):
                answer = session.post(f"{url}/v1/posts/batch", json={"posts": [item] * 100}, timeout=60)
                answer.raise_for_status()
        deadline = time.monotonic() + 300
        while time.monotonic() < deadline:
            listing = session.get(f"{url}/v1/posts?filter[status]=queued&per_page=1", timeout=30).json()
            if listing["meta"]["pagination"]["total"] == MIX[0][1]:
                return channel
            time.sleep(1)
    raise RuntimeError("the worker did not publish the due posts within 300 s")


if __name__ == "__main__":
    main()
