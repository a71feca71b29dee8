"""What rate limiting costs: authenticated GET /v1/health with limits on, as a share
of the same server with limits off, with the counters in SQLite and in Redis.

    python bench/ratelimit.py [--seconds 5] [--rounds 3] [--workers 4] [--clients 8]

Starts three gunicorn servers on 127.0.0.1 sharing one temporary SQLite database
(limits off; on with counters in the database; on with counters in Redis at
127.0.0.1:6379), then loads them in turn, round after round, from separate client
processes. Prints requests/s per round, the median per configuration and the
ratios to "off". The plans are raised so that no request is ever refused. The bar:
each ratio at least 0.75.
"""

import argparse
import http.client
import multiprocessing
import os
import secrets
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
REDIS_URL = "redis://127.0.0.1:6379/0"
BAR = 0.75
UNLIMITED = "1000000000"  # the largest plan figure allowed; never reached here


def main():
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--seconds", type=float, default=5.0, help="length of one measurement")
    parser.add_argument("--rounds", type=int, default=3, help="measurements per configuration")
    parser.add_argument("--workers", type=int, default=4, help="gunicorn workers per server")
    parser.add_argument("--clients", type=int, default=8, help="concurrent client connections")
    args = parser.parse_args()

    with tempfile.TemporaryDirectory(prefix="postline-bench-") as scratch:
        env = {
            **os.environ,
            "DATABASE_URL": f"sqlite:///{scratch}/postline.db",
            "SECRET_KEY": secrets.token_urlsafe(48),
            "POSTLINE_SERVER_DATA_DIR": scratch,
            "POSTLINE_SERVER_LOG_LEVEL": "WARNING",
            "POSTLINE_PLANS_FREE_PER_MINUTE": UNLIMITED,
            "POSTLINE_PLANS_FREE_PER_HOUR": UNLIMITED,
            "POSTLINE_PLANS_FREE_PER_DAY": UNLIMITED,
            "POSTLINE_LIMITS_REDIS_KEY_PREFIX": f"postline-bench-{secrets.token_hex(4)}",
            "PYTHONPATH": str(ROOT),
        }
        key = create_key(env)
        configurations = {
            "off": {"POSTLINE_LIMITS_ENABLED": "false"},
            "on, SQLite": {"POSTLINE_LIMITS_ENABLED": "true", "POSTLINE_LIMITS_STORAGE": ""},
            "on, Redis": {"POSTLINE_LIMITS_ENABLED": "true", "POSTLINE_LIMITS_STORAGE": REDIS_URL},
        }
        servers = {}
        try:
            for name, extra in configurations.items():
                servers[name] = Server({**env, **extra}, args.workers)
            for server in servers.values():
                server.wait_until_listening()
            print(
                f"GET /v1/health, {args.workers} gunicorn workers per server, {args.clients} clients, "
                f"{args.seconds:g} s per measurement, {os.cpu_count()} CPUs"
            )
            for server in servers.values():
                load(server.port, key, args.clients, 1.0)  # warm up every worker
            results = {name: [] for name in servers}
            for round_number in range(1, args.rounds + 1):
                for name, server in servers.items():
                    rate, refused = load(server.port, key, args.clients, args.seconds)
                    if refused:
                        raise SystemExit(f"{name}: {refused} requests refused; the plan figures are too low")
                    results[name].append(rate)
                    print(f"round {round_number}  {name:<12} {rate:8.0f} requests/s")
        finally:
            for server in servers.values():
                server.stop()

    medians = {name: statistics.median(rates) for name, rates in results.items()}
    print()
    for name, rate in medians.items():
        print(f"median  {name:<12} {rate:8.0f} requests/s")
    failed = False
    for name, rate in medians.items():
        if name == "off":
            continue
        ratio = rate / medians["off"]
        failed |= ratio < BAR
        print(f"ratio   {name:<12} {ratio:8.2f} of off (bar {BAR})")
    return 1 if failed else 0


def create_key(env):
    done = subprocess.run(
        [sys.executable, "-m", "flask", "--app", "app", "create-key", "--name", "bench"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    return done.stdout.strip().splitlines()[-1]


class Server:
    def __init__(self, env, workers):
        self.port = free_port()
        self.log = tempfile.TemporaryFile()
        self.process = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "gunicorn",
                "app:create_app()",
                "--bind",
                f"127.0.0.1:{self.port}",
                "--workers",
                str(workers),
            ],
            cwd=ROOT,
            env=env,
            stdout=self.log,
            stderr=subprocess.STDOUT,
        )

    def wait_until_listening(self, timeout=60):
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                self.log.seek(0)
                raise SystemExit(f"gunicorn exited:\n{self.log.read().decode()}")
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=1):
                    return
            except OSError:
                time.sleep(0.1)
        raise SystemExit("gunicorn did not start listening")

    def stop(self):
        self.process.terminate()
        try:
            self.process.wait(20)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        self.log.close()


def free_port():
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def load(port, key, clients, seconds):
    """(requests/s answered 200, number answered 429) with `clients` concurrent connections."""
    with multiprocessing.get_context("fork").Pool(clients) as pool:
        pending = pool.starmap_async(_client, [(port, key, seconds)] * clients)
        counts = pending.get(timeout=seconds + 60)
    ok = sum(c[0] for c in counts)
    refused = sum(c[1] for c in counts)
    return ok / seconds, refused


def _client(port, key, seconds):
    """One client: request after request for `seconds`; (ok, refused) counts."""
    headers = {"Authorization": f"Bearer {key}"}
    ok = refused = 0
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        connection.request("GET", "/v1/health", headers=headers)
        response = connection.getresponse()
        response.read()
        connection.close()
        if response.status == 200:
            ok += 1
        elif response.status == 429:
            refused += 1
        else:
            raise RuntimeError(f"unexpected status {response.status}")
    return ok, refused


if __name__ == "__main__":
    sys.exit(main())
