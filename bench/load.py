"""A small HTTP load generator for the benchmarks: keep-alive connections in separate
processes (so the client is not one GIL), each sending requests back to back."""

import http.client
import json
import multiprocessing
import statistics
import time
from urllib.parse import urlsplit


def _worker(url, method, path, headers, body, duration, results):
    parts = urlsplit(url)
    connection = http.client.HTTPConnection(parts.hostname, parts.port, timeout=30)
    payload = None if body is None else json.dumps(body).encode()
    send_headers = dict(headers)
    if payload is not None:
        send_headers["Content-Type"] = "application/json"
    count = errors = 0
    latencies = []
    deadline = time.perf_counter() + duration
    while time.perf_counter() < deadline:
        started = time.perf_counter()
        connection.request(method, path, body=payload, headers=send_headers)
        response = connection.getresponse()
        response.read()
        latencies.append(time.perf_counter() - started)
        if response.status >= 400:
            errors += 1
        count += 1
    connection.close()
    results.put((count, errors, latencies))


def throughput(url, method="GET", path="/", headers=None, body=None, duration=10.0, clients=4):
    """Requests per second over `duration` seconds with `clients` concurrent connections."""
    results = multiprocessing.Queue()
    processes = [
        multiprocessing.Process(
            target=_worker, args=(url, method, path, headers or {}, body, duration, results)
        )
        for _ in range(clients)
    ]
    for process in processes:
        process.start()
    totals = [results.get() for _ in processes]
    for process in processes:
        process.join()
    count = sum(t[0] for t in totals)
    errors = sum(t[1] for t in totals)
    if errors:
        raise RuntimeError(f"{errors} of {count} requests to {method} {path} failed")
    return count / duration


def latency(url, path, headers=None, requests=300):
    """Median and p95 latency in ms of sequential requests from one connection."""
    parts = urlsplit(url)
    connection = http.client.HTTPConnection(parts.hostname, parts.port, timeout=30)
    samples = []
    for _ in range(requests):
        started = time.perf_counter()
        connection.request("GET", path, headers=headers or {})
        response = connection.getresponse()
        response.read()
        if response.status != 200:
            raise RuntimeError(f"GET {path} answered {response.status}")
        samples.append((time.perf_counter() - started) * 1000)
    connection.close()
    samples.sort()
    return statistics.median(samples), samples[int(len(samples) * 0.95)]
