"""Where a hot path's time goes: `python bench/hotpaths.py [--backend sqlite|postgresql]`.

Seeds the database bench/api.py measures (10,000 posts of a test-mode channel through
the API, the worker publishing the due ones), keeps the worker running, then answers
`--requests` requests of each path in this process with the served app
(`create_app()` from the same environment: the default configuration, access log on,
written to a file as gunicorn's would be) under cProfile, and prints the top frames
by own time and by cumulative time, with the CPU each request took.

    python bench/hotpaths.py --only health --requests 3000 --limits on
"""

import argparse
import contextlib
import cProfile
import io
import json
import os
import pstats
import secrets
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

from bench.api import LISTING, RAISED_PLAN, future_ms, seed_posts  # noqa: E402
from bench.support import create_key, scratch_database  # noqa: E402


def paths(channel):
    """(name, method, path, body) of each profiled request."""
    body = {"channelId": channel, "content": "Benchmark post #launch", "scheduledFor": future_ms()}
    return [
        ("health", "GET", "/v1/health", None),
        ("listing", "GET", LISTING, None),
        ("creating", "POST", "/v1/posts", body),
    ]


def main():
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--backend", choices=("sqlite", "postgresql"), default="sqlite")
    parser.add_argument("--requests", type=int, default=2000, help="per path")
    parser.add_argument("--only", default="", help="profile only paths whose name contains this")
    parser.add_argument("--limits", choices=("on", "off"), default="off")
    parser.add_argument("--top", type=int, default=25, help="frames to print in each ordering")
    parser.add_argument("--save", type=Path, help="also write each profile to SAVE/<path>.prof (pstats)")
    args = parser.parse_args()
    with (
        tempfile.TemporaryDirectory(prefix="postline-profile-") as scratch,
        scratch_database(args.backend, scratch) as database_url,
    ):
        env = {
            **os.environ,
            "PYTHONPATH": str(HERE.parent),
            "DATABASE_URL": database_url,
            "SECRET_KEY": secrets.token_urlsafe(48),
            "POSTLINE_SERVER_DATA_DIR": scratch,
            "POSTLINE_LIMITS_ENABLED": "true" if args.limits == "on" else "false",
            **RAISED_PLAN,
        }
        if args.limits == "on" and args.backend == "postgresql":
            env["POSTLINE_LIMITS_STORAGE"] = "redis://127.0.0.1:6379/0"
            env["POSTLINE_LIMITS_REDIS_KEY_PREFIX"] = f"profile-{secrets.token_hex(4)}"
        live_key = create_key(HERE.parent, env, "--plan", "ocean")
        test_key = create_key(HERE.parent, env, "--test")
        worker_log = open(Path(scratch) / "worker.log", "w")
        worker = subprocess.Popen(
            [sys.executable, "worker.py"],
            cwd=HERE.parent,
            env=env,
            stdout=worker_log,
            stderr=subprocess.STDOUT,
        )
        try:
            channel = seed_posts(HERE.parent, env, test_key)
            os.environ.update(env)
            for name, method, path, body in paths(channel):
                if args.only in name:
                    key = live_key if name == "health" else test_key  # a plan raised for limits on
                    profile(name, method, path, body, key, args, Path(scratch) / "app.log")
        finally:
            worker.terminate()
            worker.wait(30)
            worker_log.close()


def profile(name, method, path, body, key, args, log_path):
    """Answer `args.requests` requests in this process under cProfile; print the top frames."""
    from werkzeug.test import EnvironBuilder

    from app import create_app

    with open(log_path, "a") as log, contextlib.redirect_stderr(log), _stderr_to(log):
        app = create_app()
        data = json.dumps(body) if body is not None else None
        headers = {"Authorization": f"Bearer {key}"}
        builder = EnvironBuilder(
            path=path, method=method, headers=headers, data=data, content_type="application/json"
        )
        environ = builder.get_environ()
        request_body = environ["wsgi.input"].read()
        statuses = []

        def start_response(status, response_headers, exc_info=None):
            statuses.append(status)

        def answer():
            environ_copy = dict(environ, **{"wsgi.input": io.BytesIO(request_body)})
            b"".join(app(environ_copy, start_response))

        for _ in range(50):  # warm-up: compiled queries, first connections
            answer()
        cpu_started = time.process_time()
        for _ in range(args.requests):
            answer()
        cpu = time.process_time() - cpu_started
        profiler = cProfile.Profile()
        profiler.enable()
        for _ in range(args.requests):
            answer()
        profiler.disable()
    if args.save is not None:
        args.save.mkdir(parents=True, exist_ok=True)
        profiler.dump_stats(args.save / f"{name}.prof")
    bad = [status for status in statuses if not status.startswith("2")]
    if bad:
        raise RuntimeError(f"{name}: {len(bad)} answers were not 2xx: {bad[:3]}")
    print(f"\n== {name}: {method} {path} ({args.backend}, limits {args.limits})")
    print(f"{cpu / args.requests * 1000:.3f} ms of CPU a request ({args.requests} requests, not profiled)")
    for order in ("tottime", "cumulative"):
        out = io.StringIO()
        pstats.Stats(profiler, stream=out).sort_stats(order).print_stats(args.top)
        lines = out.getvalue().splitlines()
        header = next(i for i, line in enumerate(lines) if line.lstrip().startswith("ncalls"))
        print(f"-- by {order}")
        print("\n".join(line for line in lines[header:] if line.strip()))


@contextlib.contextmanager
def _stderr_to(file):
    """File descriptor 2 pointed at `file` (logging's handler holds sys.stderr's fd)."""
    saved = os.dup(2)
    os.dup2(file.fileno(), 2)
    try:
        yield
    finally:
        os.dup2(saved, 2)
        os.close(saved)


if __name__ == "__main__":
    main()
