"""What rate limiting costs: authenticated GET /v1/health with limits on, as a share
of the same server with limits off, with the counters in SQLite and in Redis.

    python bench/ratelimit.py [--seconds 2] [--rounds 15] [--workers 4] [--clients 8]

Starts three gunicorn servers on 127.0.0.1 sharing one temporary SQLite database
(limits off; on with counters in the database; on with counters in Redis at
127.0.0.1:6379) and loads them in turn from separate client processes, in short
rounds, so that the load other programs put on the machine falls on every
configuration alike. The plans are raised so that no request is ever refused.

Prints requests/s per round and their medians, and the ratio to "off": the median
of the rounds' own ratios. The bar: each ratio at least 0.75 (exit status 1 if
not). It also prints the CPU time one request costs (gunicorn, Redis and the
client), which other programs' load does not change: the ratio the throughput
would have on a machine with nothing else to do.
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

import redis

ROOT = Path(__file__).resolve().parent.parent
REDIS_URL = "redis://127.0.0.1:6379/0"
BAR = 0.75
UNLIMITED = "1000000000"  # the largest plan figure allowed; never reached here
TICKS = os.sysconf("SC_CLK_TCK")


def main():
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--seconds", type=float, default=2.0, help="length of one measurement")
    parser.add_argument("--rounds", type=int, default=15, help="measurements per configuration")
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
                f"{args.rounds} rounds of {args.seconds:g} s per configuration, {os.cpu_count()} CPUs"
            )
            rates, cpu = measure(servers, key, args)
        finally:
            for server in servers.values():
                server.stop()
            delete_redis_keys(env["POSTLINE_LIMITS_REDIS_KEY_PREFIX"])
    return report(rates, cpu)


def measure(servers, key, args):
    """({configuration: [requests/s per round]}, {configuration: CPU seconds per request})."""
    names = list(servers)
    rates = {name: [] for name in names}
    cpu_seconds = dict.fromkeys(names, 0.0)
    requests_done = dict.fromkeys(names, 0)
    with multiprocessing.get_context("fork").Pool(args.clients) as clients:
        for server in servers.values():
            load(clients, server.port, key, args.clients, 1.0)  # warm up every worker
        for round_number in range(1, args.rounds + 1):
            # Each round starts with the next configuration, so none always runs first.
            shift = (round_number - 1) % len(names)
            for name in names[shift:] + names[:shift]:
                server = servers[name]
                before = server.cpu_seconds() + redis_cpu_seconds()
                ok, refused, client_cpu = load(clients, server.port, key, args.clients, args.seconds)
                if refused:
                    raise SystemExit(f"{name}: {refused} requests refused; the plan figures are too low")
                cpu_seconds[name] += server.cpu_seconds() + redis_cpu_seconds() - before + client_cpu
                requests_done[name] += ok
                rates[name].append(ok / args.seconds)
            print(f"round {round_number:2}  " + "  ".join(f"{n} {rates[n][-1]:5.0f}/s" for n in names))
    return rates, {name: cpu_seconds[name] / requests_done[name] for name in names}


def report(rates, cpu):
    """Print medians and ratios to "off"; 1 if a ratio misses the bar."""
    print()
    for name, per_round in rates.items():
        median = statistics.median(per_round)
        print(f"median  {name:<12} {median:6.0f} requests/s   {cpu[name] * 1000:5.2f} ms CPU each")
    failed = False
    for name, per_round in rates.items():
        if name == "off":
            continue
        ratio = statistics.median(on / off for on, off in zip(per_round, rates["off"], strict=True))
        failed |= ratio < BAR
        print(
            f"ratio   {name:<12} {ratio:6.2f} of off (bar {BAR})   "
            f"by CPU per request {cpu['off'] / cpu[name]:.2f}"
        )
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

    def cpu_seconds(self):
        """CPU time used so far by the gunicorn master and its workers."""
        pid = self.process.pid
        with open(f"/proc/{pid}/task/{pid}/children") as file:
            pids = [pid, *map(int, file.read().split())]
        return sum(_process_cpu_seconds(p) for p in pids)

    def stop(self):
        self.process.terminate()
        try:
            self.process.wait(20)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        self.log.close()


def _process_cpu_seconds(pid):
    with open(f"/proc/{pid}/stat") as file:
        fields = file.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICKS  # utime, stime


def redis_cpu_seconds():
    info = redis.Redis.from_url(REDIS_URL).info("cpu")
    return info["used_cpu_user"] + info["used_cpu_sys"]


def delete_redis_keys(prefix):
    client = redis.Redis.from_url(REDIS_URL)
    for name in client.scan_iter(f"{prefix}:*"):
        client.delete(name)


def free_port():
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def load(pool, port, key, clients, seconds):
    """(answered 200, answered 429, client CPU seconds) of `clients` connections for `seconds`."""
    counts = pool.starmap(_client, [(port, key, seconds)] * clients)
    return tuple(sum(column) for column in zip(*counts, strict=True))


def _client(port, key, seconds):
    """One client: request after request for `seconds`."""
    headers = {"Authorization": f"Bearer {key}"}
    ok = refused = 0
    started = time.process_time()
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
    return ok, refused, time.process_time() - started


if __name__ == "__main__":
    sys.exit(main())
