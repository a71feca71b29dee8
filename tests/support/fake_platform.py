"""What the platform fakes share (FakeApi: a server on 127.0.0.1 that counts what
it received; run_as_process), and a generic fake platform with a publisher that
talks to it over HTTP: calls that leave the process, so a time-out is an unknown
outcome that must never be re-sent.
"""

import argparse
import http.server
import json
import threading
import time
from collections import Counter

import requests
from werkzeug.serving import WSGIRequestHandler, make_server
from werkzeug.wrappers import Request, Response

from postline.platforms.base import BLOCKED, PERMANENT, RETRYABLE, UNCONFIRMED, Published, PublishError

PLATFORM = "fakeplatform"
TRANSACTIONAL = False


class QuietHandler(WSGIRequestHandler):
    def log_request(self, *args, **kwargs):
        pass  # a line per request would drown a benchmark's output


def answer(payload, status=200):
    return Response(json.dumps(payload), status, content_type="application/json")


class FakeApi:
    """A platform's API on a free loopback port (fake_x.py, fake_tiktok.py): a threaded
    server answering `self.route(request)` after `delay` seconds, counting `requests`
    per "METHOD /path". Subclasses set their own state, then call this __init__ last
    (it starts serving), and keep `access_tokens` as {token: {"expires_at": s}}."""

    def __init__(self, delay=0.0, port=0):
        self.delay = delay
        self.requests = Counter()
        self._lock = threading.Lock()
        self.server = make_server("127.0.0.1", port, self.wsgi, threaded=True, request_handler=QuietHandler)
        self.server.daemon_threads = True
        self.url = f"http://127.0.0.1:{self.server.server_port}"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def expire_access_tokens(self):
        """Every access token issued so far stops working (as after `expires_in`)."""
        with self._lock:
            for token in self.access_tokens.values():
                token["expires_at"] = 0

    def close(self):
        self.server.shutdown()
        self.server.server_close()

    def wsgi(self, environ, start_response):
        request = Request(environ)
        with self._lock:
            self.requests[f"{request.method} {request.path}"] += 1
        if self.delay:
            time.sleep(self.delay)
        try:
            response = self.route(request)
        finally:
            request.close()  # uploaded parts spool to temporary files
        return response(environ, start_response)


def run_as_process(fake_class, description):
    """`python -m tests.support.fake_<platform> --port N --delay S`: serve until Ctrl-C,
    the URL printed first (bench/publishing.py reads it)."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("--port", type=int, default=0)
    parser.add_argument("--delay", type=float, default=0.0, help="seconds every answer waits")
    arguments = parser.parse_args()
    fake = fake_class(delay=arguments.delay, port=arguments.port)
    print(fake.url, flush=True)
    try:
        while True:
            time.sleep(3600)
    except KeyboardInterrupt:
        fake.close()


class FakePlatform:
    """Answers POST /posts with the next scripted reply: ("ok"|"500"|"429"|"403"|"400"|"hang")."""

    def __init__(self):
        self.replies = []
        self.received = []
        platform = self

        class Handler(http.server.BaseHTTPRequestHandler):
            def do_POST(self):
                body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
                platform.received.append(body)
                reply = platform.replies.pop(0) if platform.replies else "ok"
                if reply == "hang":
                    time.sleep(2)
                    return
                status, payload = {
                    "ok": (201, {"id": f"fp_{len(platform.received)}"}),
                    "500": (500, {"error": "internal"}),
                    "429": (429, {"error": "slow down", "reset": 1_900_000_000}),
                    "403": (403, {"error": "against the content policy"}),
                    "400": (400, {"error": "duplicate"}),
                }[reply]
                data = json.dumps(payload).encode()
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

            def log_message(self, *args):
                pass

        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def close(self):
        self.server.shutdown()
        self.server.server_close()


class Publisher:
    """A publisher module's interface, bound to one FakePlatform."""

    PLATFORM = PLATFORM
    TRANSACTIONAL = TRANSACTIONAL

    def __init__(self, platform):
        self.platform = platform

    def publish(self, post, target, call=None):
        try:
            response = requests.post(f"{self.platform.url}/posts", json={"text": post.content}, timeout=0.5)
        except requests.Timeout:
            raise PublishError(UNCONFIRMED, "TIMEOUT", "No answer: the post may or may not exist.") from None
        if response.status_code == 201:
            return Published(response.json()["id"], f"{self.platform.url}/p/{response.json()['id']}")
        if response.status_code == 429:
            raise PublishError(
                BLOCKED, "RATE_LIMITED", "Rate limited.", resume_at=response.json()["reset"] * 1000
            )
        if response.status_code == 403:
            raise PublishError(BLOCKED, "POLICY", "The platform's content policy refused the post.")
        if response.status_code >= 500:
            raise PublishError(RETRYABLE, "PLATFORM_ERROR", "The platform failed.")
        raise PublishError(PERMANENT, "DUPLICATE", "The platform refused the post.")
