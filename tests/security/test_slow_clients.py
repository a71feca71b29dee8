"""Clients that send their requests slowly cannot starve the API: the shipped gunicorn
configuration (gunicorn.conf.py) answers /healthz at once while the probe's four slow
sockets trickle their headers, and closes a connection whose headers are not in
within `[server] header_timeout` (docs/security.md, Slow clients); and a worker whose
threads are all taken leaves new connections to the others (docs/deployment.md)."""

import json
import socket
import threading
import time
from urllib.parse import urlsplit

import pytest
import requests

# Times answers beside slow sockets: one at a time (tests/conftest.py).
pytestmark = pytest.mark.quiet


class SlowSocket:
    """The probe's client: a request line, then one header line every `every` seconds."""

    def __init__(self, base, every):
        url = urlsplit(base)
        self.sock = socket.create_connection((url.hostname, url.port), timeout=30)
        self.sock.sendall(b"GET /healthz HTTP/1.1\r\nHost: postline\r\n")
        self.closed_after = None
        self._opened = time.monotonic()
        self._every = every
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._trickle, daemon=True)
        self._thread.start()

    def _trickle(self):
        while not self._stop.wait(self._every):
            try:
                self.sock.sendall(b"X-Slow: 1\r\n")
            except OSError:
                break
        self.sock.settimeout(0.05)
        try:
            closed = self.sock.recv(1) == b""
        except TimeoutError:
            closed = False
        except OSError:
            closed = True
        if closed:
            self.closed_after = time.monotonic() - self._opened

    def stop(self):
        self._stop.set()
        self._thread.join(5)
        self.sock.close()


def healthz_seconds(base):
    started = time.monotonic()
    answer = requests.get(f"{base}/healthz", timeout=30)
    assert answer.status_code in (200, 503), answer.text  # 503: no worker runs in this test
    return time.monotonic() - started


def test_four_slow_sockets_do_not_delay_healthz(gunicorn):
    base = gunicorn(workers=2)  # the shipped configuration otherwise
    slow = [SlowSocket(base, every=5) for _ in range(4)]
    try:
        time.sleep(0.5)
        latencies = []
        deadline = time.monotonic() + 12  # two header lines from each socket
        while time.monotonic() < deadline:
            latencies.append(healthz_seconds(base))
            time.sleep(0.2)
    finally:
        for client in slow:
            client.stop()
    print(
        f"\n/healthz during four slow sockets: {len(latencies)} answers, "
        f"slowest {max(latencies) * 1000:.0f} ms"
    )
    assert max(latencies) < 1.0


def test_headers_not_in_within_the_timeout_close_the_connection(gunicorn, make_key):
    base = gunicorn(workers=1, POSTLINE_SERVER_THREADS="1", POSTLINE_SERVER_HEADER_TIMEOUT="2")
    slow = SlowSocket(base, every=0.5)
    time.sleep(4)
    slow.stop()
    assert slow.closed_after is not None and slow.closed_after < 4, slow.closed_after
    # The one thread is free again, and a request whose body comes slowly is not cut:
    # only the headers have a deadline.
    assert healthz_seconds(base) < 1.0
    url = urlsplit(base)
    body = json.dumps({"name": "Slow body"}).encode()
    with socket.create_connection((url.hostname, url.port), timeout=30) as sock:
        sock.sendall(
            b"POST /v1/channels HTTP/1.1\r\nHost: postline\r\nContent-Type: application/json\r\n"
            + f"Authorization: Bearer {make_key()}\r\nContent-Length: {len(body)}\r\n"
            "Connection: close\r\n\r\n".encode()
            + body[:5]
        )
        time.sleep(3)
        sock.sendall(body[5:])
        answer = b""
        while chunk := sock.recv(65536):
            answer += chunk
    assert answer.startswith(b"HTTP/1.1 201"), answer[:300]


def test_a_worker_with_no_free_thread_leaves_new_connections_to_the_others(gunicorn):
    # One thread a worker: the slow socket takes one worker's only thread, and every new
    # connection must go to the other worker (gunicorn's own worker took a share of
    # them too, and left each waiting for the slow one's header timeout).
    base = gunicorn(workers=2, POSTLINE_SERVER_THREADS="1")
    slow = SlowSocket(base, every=5)
    try:
        time.sleep(0.5)
        latencies = [healthz_seconds(base) for _ in range(12)]
    finally:
        slow.stop()
    assert max(latencies) < 1.0, latencies
