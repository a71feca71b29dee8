"""Every benchmark, then one table: `python3 tasks.py bench` (or `python bench/run.py`).

Runs bench/api.py and bench/queues.py (SQLite, and PostgreSQL when reachable), bench/worker.py,
bench/webhooks.py, bench/publishing.py, bench/platforms.py, bench/media.py,
bench/imports.py and (PostgreSQL only) bench/scaleout.py one after another, each in a
process of its own with `--results`, their own output going to bench/last-run.log, and
prints one table: each figure, what it was measured from, its target and whether it was
met.
Needs `wrk` and `curl` (Debian: apt-get install wrk curl). About fifty minutes.
"""

import json
import os
import platform
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

from bench.support import postgres_admin_url  # noqa: E402

LOG = HERE / "last-run.log"


def runs():
    yield ["api.py", "--backend", "sqlite"]
    if postgres_admin_url() is not None:
        yield ["api.py", "--backend", "postgresql"]
    yield ["queues.py", "--backend", "sqlite"]
    if postgres_admin_url() is not None:
        yield ["queues.py", "--backend", "postgresql"]
    yield ["worker.py"]
    yield ["webhooks.py"]
    yield ["publishing.py"]
    yield ["platforms.py"]
    yield ["media.py"]
    yield ["imports.py"]
    if postgres_admin_url() is not None:
        yield ["scaleout.py"]


def main():
    missing = [tool for tool in ("wrk", "curl") if shutil.which(tool) is None]
    if missing:
        raise SystemExit(f"missing: {', '.join(missing)} (Debian: apt-get install {' '.join(missing)})")
    with tempfile.NamedTemporaryFile(suffix=".jsonl") as results, LOG.open("w") as log:
        for run in runs():
            started = time.monotonic()
            print(f"bench/{' '.join(run)} ...", end=" ", flush=True)
            done = subprocess.run(
                [sys.executable, HERE / run[0], *run[1:], "--results", results.name],
                stdout=log,
                stderr=subprocess.STDOUT,
                cwd=HERE.parent,
            )
            status = "done" if done.returncode == 0 else f"FAILED (exit {done.returncode}; see {LOG})"
            print(f"{status} in {time.monotonic() - started:.0f} s", flush=True)
        rows = [json.loads(line) for line in Path(results.name).read_text().splitlines()]
    print_table(rows)
    if any(row["met"] is False for row in rows):
        raise SystemExit(1)


def print_table(rows):
    cores = len(os.sched_getaffinity(0))
    print(
        f"\n{platform.node()}: {cores} cores, Python {platform.python_version()}, {time.strftime('%Y-%m-%d')}"
    )
    print(f"{'figure':52} {'backend':10} {'value':>8} {'target':>8} {'met':>4}  measured from")
    for row in rows:
        met = {True: "yes", False: "NO", None: ""}[row["met"]]
        target = row["target"] or ""
        figure = f"{row['benchmark']:52} {row['backend']:10} {row['value']:8.2f}"
        print(f"{figure} {target:>8} {met:>4}  {row['detail']}")


if __name__ == "__main__":
    main()
