"""A fake social platform on 127.0.0.1 and a publisher that talks to it over HTTP.

The pair exercises the path every real adapter takes: calls that leave the process,
so a time-out is an unknown outcome that must never be re-sent. The publisher is
written against the service's adapter interface (postline/platforms/base.py), so it
lives with the tests, not with the platform fakes of devtools/fakes/.
"""

import http.server
import json
import threading
import time

import requests

from postline.platforms.base import BLOCKED, PERMANENT, RETRYABLE, UNCONFIRMED, Published, PublishError

PLATFORM = "fakeplatform"
TRANSACTIONAL = False


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
    """A Publisher (postline/platforms/protocol.py) bound to one FakePlatform: it takes
    no thread or comment, and no limits of its own."""

    platform = PLATFORM
    transactional = TRANSACTIONAL
    unknown_end_kind = None
    content_limit = None
    threads = False
    comments = False

    def __init__(self, server):
        self.server = server

    def publish(self, post, target, part, call=None):
        try:
            response = requests.post(f"{self.server.url}/posts", json={"text": part.content}, timeout=0.5)
        except requests.Timeout:
            raise PublishError(UNCONFIRMED, "TIMEOUT", "No answer: the post may or may not exist.") from None
        if response.status_code == 201:
            return Published(response.json()["id"], f"{self.server.url}/p/{response.json()['id']}")
        if response.status_code == 429:
            raise PublishError(
                BLOCKED, "RATE_LIMITED", "Rate limited.", resume_at=response.json()["reset"] * 1000
            )
        if response.status_code == 403:
            raise PublishError(BLOCKED, "POLICY", "The platform's content policy refused the post.")
        if response.status_code >= 500:
            raise PublishError(RETRYABLE, "PLATFORM_ERROR", "The platform failed.")
        raise PublishError(PERMANENT, "DUPLICATE", "The platform refused the post.")

    def check(self, post, target, part, call=None):
        raise AssertionError("the fake platform never leaves a part processing")

    def check_content(self, content, media):
        return []

    def check_comment(self, content):
        return []

    def check_options(self, options, media):
        return []
