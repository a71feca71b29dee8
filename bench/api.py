"""The API's hot paths under wrk, each as a ratio to a bare Flask app in the same run.

    python bench/api.py [--backend sqlite|postgresql] [--duration 10] [--root PATH]

Everything goes through the public interface: keys from the CLI, data through the
API, load from `wrk -t2 -c16` (a load generator written in C, so the client does not
compete with the servers for the interpreter). Each path is measured against a bare
Flask app (bench/bare_app.py) that answers the same JSON body, under the same
gunicorn settings (2 sync workers), right before it.

Paths: GET /v1/health with limits off, with limits on in the database and in Redis
(plan figures raised so nothing is refused), GET /v1/posts?filter[status]=queued
&sort=-createdAt on an account of 10,000 posts with the worker running, and
POST /v1/posts. `--root` measures another checkout with this script (before/after).
"""

import argparse
import json
import os
import secrets
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import requests

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

from bench.support import Results, add_results_option, create_key, gunicorn, scratch_database, wrk  # noqa: E402

LISTING = "/v1/posts?filter[status]=queued&sort=-createdAt&per_page=20"
UNLIMITED = "1000000000"
RAISED_PLAN = {f"POSTLINE_PLANS_OCEAN_PER_{window}": UNLIMITED for window in ("MINUTE", "HOUR", "DAY")}
# The ratio each path must reach on SQLite (docs/benchmarks.md); the others are reported.
TARGETS = {
    "GET /v1/health, limits off": 0.5,
    "GET /v1/health, limits on (database)": 0.45,
    "GET /v1/posts (10k posts, worker running)": 0.25,
    "POST /v1/posts": 0.2,
}
# Of the 10,000 posts: queued for later, published by the sandbox now, failing in the sandbox.
MIX = (("queued", 6000), ("done", 3000), ("failed", 1000))


def main():
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--backend", choices=("sqlite", "postgresql"), default="sqlite")
    parser.add_argument("--duration", type=int, default=10, help="seconds of load per measurement")
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
            "POSTLINE_SERVER_LOG_LEVEL": "WARNING",
            "POSTLINE_LIMITS_ENABLED": "false",
            **RAISED_PLAN,
        }
        live_key = create_key(args.root, env, "--plan", "ocean")
        test_key = create_key(args.root, env, "--test")
        measure = Measure(args.root, env, scratch, args.duration, rows, args.only)
        measure.get("GET /v1/health, limits off", "/v1/health", live_key)
        measure.get(
            "GET /v1/health, limits on (database)", "/v1/health", live_key, POSTLINE_LIMITS_ENABLED="true"
        )
        measure.get(
            "GET /v1/health, limits on (Redis)",
            "/v1/health",
            live_key,
            POSTLINE_LIMITS_ENABLED="true",
            POSTLINE_LIMITS_STORAGE="redis://127.0.0.1:6379/0",
            POSTLINE_LIMITS_REDIS_KEY_PREFIX=f"bench-{secrets.token_hex(4)}",
        )
        worker = subprocess.Popen([sys.executable, "worker.py"], cwd=args.root, env=env)
        try:
            channel = seed_posts(args.root, env, test_key)
            measure.get("GET /v1/posts (10k posts, worker running)", LISTING, test_key)
            body = {"channelId": channel, "content": "Benchmark post #launch", "scheduledFor": future_ms()}
            measure.post("POST /v1/posts", "/v1/posts", test_key, body)
        finally:
            worker.terminate()
            worker.wait(30)
    report(args, rows)


def report(args, rows):
    """Print the figures and record them beside their targets."""
    print(f"\n{args.backend}, wrk -t2 -c16 -d{args.duration}s, gunicorn -w 2 ({args.root})")
    print(f"{'path':46} {'req/s':>8} {'bare req/s':>11} {'ratio':>6}")
    results = Results(args.results)
    for label, rate, bare_rate in rows:
        ratio = rate / bare_rate
        print(f"{label:46} {rate:8.0f} {bare_rate:11.0f} {ratio:6.2f}")
        target = TARGETS.get(label) if args.backend == "sqlite" else None
        results.add(
            label,
            args.backend,
            ratio,
            f"{rate:.0f} req/s; bare Flask {bare_rate:.0f} req/s",
            f">= {target}" if target else None,
            ratio >= target if target else None,
        )


class Measure:
    def __init__(self, root, env, scratch, duration, rows, only=""):
        self.root, self.env, self.scratch, self.duration, self.rows = root, env, scratch, duration, rows
        self.only = only

    def get(self, label, path, key, **extra_env):
        self._run(label, "GET", path, key, None, extra_env)

    def post(self, label, path, key, body):
        self._run(label, "POST", path, key, body, {})

    def _run(self, label, method, path, key, body, extra_env):
        if self.only not in label:
            return
        env = {**self.env, **extra_env}
        headers = {"Authorization": f"Bearer {key}"}
        with gunicorn("app:create_app()", self.root, env) as url:
            answer = requests.request(method, url + path, headers=headers, json=body, timeout=30)
            if answer.status_code >= 300:
                raise RuntimeError(f"{method} {path} answered {answer.status_code}: {answer.text[:300]}")
            app_rate = wrk(url + path, method, headers, body, self.duration)
        # The bare app answers the same JSON body, so both pay for encoding as much.
        body_file = Path(self.scratch) / "bare-body.json"
        body_file.write_text(json.dumps(answer.json()))
        bare_env = {**self.env, "BARE_BODY_FILE": str(body_file), "BARE_STATUS": str(answer.status_code)}
        with gunicorn("bench.bare_app:app", HERE.parent, bare_env) as bare_url:
            bare_rate = wrk(bare_url + "/", method, headers, body, self.duration)
        print(f"{label}: {app_rate:.0f} req/s; bare Flask {bare_rate:.0f} req/s", flush=True)
        self.rows.append((label, app_rate, bare_rate))


def future_ms(days=30):
    return int((time.time() + days * 86400) * 1000)


def seed_posts(root, env, key):
    """10,000 posts of a test-mode channel, mixed per MIX; waits until the worker has
    published (or failed) the due ones. Returns the channel id."""
    headers = {"Authorization": f"Bearer {key}"}
    with gunicorn("app:create_app()", root, env) as url:
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
