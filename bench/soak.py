"""Soak: mixed traffic at a steady rate on PostgreSQL against gunicorn and the worker,
sampled every 10 s; does anything grow once warmed up?

    python bench/soak.py [--minutes 10] [--rate 100] [--warm-up 2]

Load comes from `wrk` (a load generator written in C) running a Lua script of the mix:
reads (a posts listing, a channel, health), writes (one post, published at once by the
worker in test mode, and a batch of ten), and webhooks (every post's events go to a
receiver on 127.0.0.1; their delivery history is read too). Each connection waits
between its requests so the rate stays near `--rate` requests per second whatever the
latency. wrk runs 10 seconds at a time; each run is one sample: its requests, error
rate (non-2xx answers and socket errors), p99 latency, and the resident memory of the
gunicorn master, each gunicorn worker and the worker process. After the samples, the
script prints whether any figure grew more than 10% from the first samples after the
warm-up to the last ones, and exits 1 if one did.

PostgreSQL cleans up the dead rows of updates and deletes with autovacuum, on by
default. A server with autovacuum off (this repository's CI machine has it off) keeps
every dead row, and any write-heavy service's queries slow down on it: there the soak
plays autovacuum's part, a VACUUM (ANALYZE) of its scratch database every minute
(autovacuum's default naptime), and says so.
"""

import argparse
import contextlib
import re
import shutil
import subprocess
import sys
import tempfile
import threading
from pathlib import Path

import psycopg2
import requests

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

from bench.support import LOCAL_WEBHOOKS, Receiver, create_key, scratch_database  # noqa: E402
from devtools.servers import WORKER_COMMAND, ServerProcess, environment  # noqa: E402

SAMPLE_SECONDS = 10
CONNECTIONS = 8
# Rate limits off: one key writing 20 posts a second is far over POST /v1/posts' own
# limit, and the soak is about what traffic leaves behind, not about refusals (limits
# have benchmarks of their own in bench/api.py). Usage is still counted.
NO_LIMITS = {"POSTLINE_LIMITS_ENABLED": "false"}
# Growth beyond this, from the first samples after the warm-up to the last, is reported.
GROWTH_LIMIT = 0.10
# Samples averaged at each end, so one noisy sample does not decide.
ENDS = 3
# Autovacuum's default naptime: how often the soak vacuums when the server does not.
VACUUM_SECONDS = 60

# The mix, one entry per request in a cycle of twenty: 12 reads, 5 writes (4 single
# posts, 1 batch of ten), 3 reads of webhook deliveries.
MIX_LUA = """
local key, channel, webhook = "{key}", "{channel}", "{webhook}"
local delay_ms = {delay_ms}
local cycle = {{
  "list", "post", "channel", "list", "health", "post", "deliveries", "list", "channel", "batch",
  "list", "post", "health", "deliveries", "list", "channel", "post", "list", "deliveries", "health",
}}
local counter = 0

function setup(thread)
  thread:set("offset", math.random(1, #cycle))
end

function init(args)
  counter = offset or 1
  wrk.headers["Authorization"] = "Bearer " .. key
  wrk.headers["Content-Type"] = "application/json"
end

function delay()
  return delay_ms
end

local function post_body(n)
  return '{{"channelId": "' .. channel .. '", "content": "Soak post ' .. n .. ' #soak"}}'
end

function request()
  counter = counter + 1
  local kind = cycle[(counter % #cycle) + 1]
  if kind == "list" then
    return wrk.format("GET", "/v1/posts?filter[status]=done&sort=-createdAt&per_page=20")
  elseif kind == "channel" then
    return wrk.format("GET", "/v1/channels/" .. channel)
  elseif kind == "health" then
    return wrk.format("GET", "/v1/health")
  elseif kind == "deliveries" then
    return wrk.format("GET", "/v1/webhooks/" .. webhook .. "/deliveries?per_page=20")
  elseif kind == "post" then
    return wrk.format("POST", "/v1/posts", nil, post_body(counter))
  else
    local items = {{}}
    for i = 1, 10 do
      items[i] = post_body(counter .. "-" .. i)
    end
    return wrk.format("POST", "/v1/posts/batch", nil, '{{"posts": [' .. table.concat(items, ",") .. ']}}')
  end
end
"""


def main():
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--minutes", type=float, default=10, help="how long to soak (default 10)")
    parser.add_argument("--rate", type=int, default=100, help="requests per second to aim at (default 100)")
    parser.add_argument(
        "--warm-up", type=float, default=2, help="minutes left out of the growth check (default 2)"
    )
    args = parser.parse_args()
    if shutil.which("wrk") is None:
        sys.exit("wrk is not installed (Debian: apt-get install wrk)")
    samples = int(args.minutes * 60 // SAMPLE_SECONDS)
    warm_up = min(int(args.warm_up * 60 // SAMPLE_SECONDS), max(0, samples - 2 * ENDS))
    with tempfile.TemporaryDirectory(prefix="postline-soak-") as data_dir:
        with scratch_database("postgresql", data_dir) as database_url:
            env = environment(
                database_url,
                data_dir,
                "soak-secret-" + "x" * 32,
                POSTLINE_WORKER_POLL_INTERVAL="0.25",
                **LOCAL_WEBHOOKS,
                **NO_LIMITS,
            )
            with vacuumed(database_url):
                rows = soak(env, data_dir, samples, args.rate)
    print_table(rows)
    grown = growth(rows[warm_up:])
    print(f"\nafter a warm-up of {warm_up} samples, from the first {ENDS} samples to the last {ENDS}:")
    for name, before, after in grown:
        change = (after - before) / before if before else 0.0
        verdict = "GREW" if change > GROWTH_LIMIT else "steady"
        print(f"  {name:24} {before:10.1f} -> {after:10.1f}  {change:+6.1%}  {verdict}")
    if any(before and (after - before) / before > GROWTH_LIMIT for _, before, after in grown):
        print(f"something grew more than {GROWTH_LIMIT:.0%} after the warm-up")
        sys.exit(1)
    print(f"nothing grew more than {GROWTH_LIMIT:.0%} after the warm-up")


def soak(env, data_dir, samples, rate):
    """Start everything, run `samples` wrk runs of SAMPLE_SECONDS; the rows of figures."""
    key = create_key(HERE.parent, env, "--account", "soak", "--test")
    receiver = Receiver()
    server = ServerProcess.gunicorn(env, 2)
    worker = ServerProcess(WORKER_COMMAND, env)
    try:
        session = requests.Session()
        session.headers["Authorization"] = f"Bearer {key}"
        channel = session.post(f"{server.url}/v1/channels", json={"name": "Soak"}, timeout=30)
        channel = channel.json()["data"]["id"]
        events = ["post.created", "post.delivered", "post.failed"]
        webhook = session.post(
            f"{server.url}/v1/webhooks", json={"url": receiver.url, "events": events}, timeout=30
        )
        webhook = webhook.json()["data"]["id"]
        delay_ms = max(1, int(1000 * CONNECTIONS / rate))
        script = Path(data_dir) / "mix.lua"
        script.write_text(MIX_LUA.format(key=key, channel=channel, webhook=webhook, delay_ms=delay_ms))
        print(f"soak: {samples} samples of {SAMPLE_SECONDS} s, ~{rate} req/s over {CONNECTIONS} connections")
        rows = []
        for index in range(samples):
            figures = run_wrk(server.url, script)
            figures["seconds"] = (index + 1) * SAMPLE_SECONDS
            figures.update(memory(server.process.pid, worker.process.pid))
            figures["undelivered"] = undelivered(session, server.url, webhook)
            rows.append(figures)
            print(one_line(figures), flush=True)
            for process in (server, worker):
                if process.process.poll() is not None:
                    raise RuntimeError(f"a process exited:\n{process.output()}")
        return rows
    finally:
        worker.stop(30)
        server.stop(30)
        receiver.stop()


@contextlib.contextmanager
def vacuumed(database_url):
    """While the block runs, VACUUM (ANALYZE) the database every VACUUM_SECONDS if the
    server's autovacuum is off; nothing if it is on."""
    connection = psycopg2.connect(database_url)
    connection.autocommit = True  # VACUUM cannot run inside a transaction
    cursor = connection.cursor()
    cursor.execute("SHOW autovacuum")
    if cursor.fetchone()[0] == "on":
        connection.close()
        yield
        return
    print(f"the server's autovacuum is off: the soak runs VACUUM (ANALYZE) every {VACUUM_SECONDS} s")
    stop = threading.Event()

    def vacuum():
        while not stop.wait(VACUUM_SECONDS):
            cursor.execute("VACUUM (ANALYZE)")

    thread = threading.Thread(target=vacuum, daemon=True)
    thread.start()
    try:
        yield
    finally:
        stop.set()
        thread.join()
        connection.close()


def run_wrk(url, script):
    output = subprocess.run(
        ["wrk", "-t2", f"-c{CONNECTIONS}", f"-d{SAMPLE_SECONDS}s", "--latency", "-s", str(script), url],
        capture_output=True,
        text=True,
        check=True,
        timeout=SAMPLE_SECONDS + 60,
    ).stdout
    requests_done = int(re.search(r"(\d+) requests in", output).group(1))
    non_2xx = re.search(r"Non-2xx or 3xx responses: (\d+)", output)
    socket_errors = re.search(r"Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)", output)
    errors = int(non_2xx.group(1)) if non_2xx else 0
    errors += sum(int(n) for n in socket_errors.groups()) if socket_errors else 0
    return {
        "requests": requests_done,
        "rate": requests_done / SAMPLE_SECONDS,
        "error_rate": errors / requests_done if requests_done else 1.0,
        "p99_ms": to_ms(re.search(r"99%\s+([\d.]+)(us|ms|s)", output).groups()),
    }


def to_ms(match):
    value, unit = match
    return float(value) * {"us": 0.001, "ms": 1.0, "s": 1000.0}[unit]


def rss_mb(pid):
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    raise RuntimeError(f"no VmRSS for {pid}")


def children(pid):
    with open(f"/proc/{pid}/task/{pid}/children") as file:
        return sorted(int(child) for child in file.read().split())


def memory(master, worker):
    """RSS in MB of the gunicorn master, its workers (in pid order) and the worker."""
    figures = {"rss master": rss_mb(master)}
    for index, child in enumerate(children(master), start=1):
        figures[f"rss gunicorn {index}"] = rss_mb(child)
    figures["rss worker"] = rss_mb(worker)
    return figures


def undelivered(session, url, webhook):
    """Deliveries not yet succeeded: the worker keeping up with the events, or not."""
    listing = session.get(
        f"{url}/v1/webhooks/{webhook}/deliveries?filter[status]=pending&per_page=1", timeout=30
    )
    return listing.json()["meta"]["pagination"]["total"] if listing.ok else -1


COLUMNS = ["seconds", "rate", "error_rate", "p99_ms"]


def one_line(row):
    memory_figures = " ".join(
        f"{name.removeprefix('rss ')}={value:.1f}" for name, value in row.items() if name.startswith("rss")
    )
    return (
        f"{row['seconds']:5d} s  {row['rate']:6.1f} req/s  errors {row['error_rate']:.2%}  "
        f"p99 {row['p99_ms']:7.1f} ms  RSS MB {memory_figures}  pending deliveries {row['undelivered']}"
    )


def print_table(rows):
    names = [name for name in rows[0] if name.startswith("rss")]
    header = [
        "s",
        "req/s",
        "errors",
        "p99 ms",
        *[name.removeprefix("rss ") + " MB" for name in names],
        "pending",
    ]
    print("\n" + " | ".join(header))
    print(" | ".join("---" for _ in header))
    for row in rows:
        cells = [
            str(row["seconds"]),
            f"{row['rate']:.1f}",
            f"{row['error_rate']:.2%}",
            f"{row['p99_ms']:.1f}",
            *[f"{row.get(name, 0):.1f}" for name in names],
            str(row["undelivered"]),
        ]
        print(" | ".join(cells))


def growth(rows):
    """(figure, mean of the first ENDS rows, mean of the last ENDS rows) per figure."""
    if len(rows) < 2 * ENDS:
        return []
    names = ["p99_ms", "error_rate", *[name for name in rows[0] if name.startswith("rss")]]

    def mean(part, name):
        return sum(row.get(name, 0) for row in part) / len(part)

    return [(name, mean(rows[:ENDS], name), mean(rows[-ENDS:], name)) for name in names]


if __name__ == "__main__":
    main()
