"""Bulk import benchmark: `python bench/imports.py [--rows 10000]`.

End to end, as a client sees it: gunicorn (2 workers) and one real `python worker.py`
on a scratch SQLite file and, when PostgreSQL is reachable, a scratch database. A
test-mode key's channel gets a CSV of --rows posts (each with its own time and text)
through `POST /v1/posts/import` over HTTP; the clock runs from sending it until
`GET /v1/imports/:id` answers `status: done`, the worker having created every row a
chunk per transaction. Reported: the seconds it took (target: under 60 s for 10,000
rows on SQLite, docs/imports.md) and the rows per second, and the seconds the POST
itself took (it reads and checks the whole file before answering 202).
"""

import argparse
import subprocess
import sys
import time
from pathlib import Path

import requests

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.support import Results, add_results_option, create_key, gunicorn, on_each_backend, wait  # noqa: E402
from devtools.servers import environment  # noqa: E402
from models import WorkerHeartbeat  # noqa: E402
from postline import db, process  # noqa: E402

SECRET = "bench-" + "x" * 40
TARGET_SECONDS = 60
FIRST_DUE = 1_900_000_000_000  # 2030-03-17: every row in the future


def csv_body(channel_id, rows):
    lines = ["channelId,content,scheduledFor"]
    lines += [f"{channel_id},Imported post number {n} #bench,{FIRST_DUE + n * 60_000}" for n in range(rows)]
    return ("\n".join(lines) + "\n").encode()


def measure(database_url, data_dir, rows):
    """(seconds until done, seconds the POST took) for one import of `rows` rows."""
    db.close()
    server = {"data_dir": data_dir, "secret_key": SECRET, "log_level": "WARNING"}
    process.start({"database": {"url": database_url}, "server": server})
    env = environment(database_url, data_dir, SECRET, POSTLINE_LIMITS_ENABLED="false")
    key = create_key(ROOT, env, "--test", "--name", "bench-imports")
    worker = subprocess.Popen([sys.executable, "worker.py"], cwd=ROOT, env=env)
    try:
        wait(lambda: WorkerHeartbeat.select().count() > 0, 60, "the worker did not start")
        with gunicorn("app:create_app()", ROOT, env) as url, requests.Session() as session:
            session.headers["Authorization"] = f"Bearer {key}"
            channel = session.post(f"{url}/v1/channels", json={"name": "Bench"}, timeout=30).json()["data"][
                "id"
            ]
            body = csv_body(channel, rows)
            started = time.perf_counter()
            answer = session.post(
                f"{url}/v1/posts/import", data=body, headers={"Content-Type": "text/csv"}, timeout=60
            )
            posted = time.perf_counter() - started
            if answer.status_code != 202:
                raise RuntimeError(f"the import answered {answer.status_code}: {answer.text[:500]}")
            import_id = answer.json()["data"]["id"]

            def done():
                data = session.get(f"{url}/v1/imports/{import_id}", timeout=30).json()["data"]
                if data["status"] == "done" and data["created"] != rows:
                    raise RuntimeError(
                        f"done with {data['created']} of {rows} created: {data['rejected'][:3]}"
                    )
                return data["status"] == "done"

            wait(done, TARGET_SECONDS * 5, f"the import was not done within {TARGET_SECONDS * 5} s")
            return time.perf_counter() - started, posted
    finally:
        worker.terminate()
        worker.wait(60)


def main():
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--rows", type=int, default=10_000, help="rows in the imported CSV")
    add_results_option(parser)
    args = parser.parse_args()
    results = Results(args.results)

    def report(backend, database_url, data_dir):
        seconds, posted = measure(database_url, data_dir, args.rows)
        met = seconds < TARGET_SECONDS if backend == "sqlite" else None
        target = f"< {TARGET_SECONDS} s" if backend == "sqlite" else None
        rate = args.rows / seconds
        detail = f"{args.rows:,} CSV rows, POST to done ({posted:.1f} s of it the POST); {rate:,.0f} rows/s"
        print(f"{backend:11} {args.rows:,} rows imported in {seconds:.1f} s ({detail})")
        results.add(f"import {args.rows:,} CSV rows (s)", backend, seconds, detail, target, met)

    on_each_backend(report)


if __name__ == "__main__":
    main()
