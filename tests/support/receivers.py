"""A webhook receiver for tests: a threaded HTTP(S) server on 127.0.0.1 that records
every request and answers as scripted (status, delay, headers) one request at a time.
It closes each connection after its answer unless made with `keep_alive=True`.
"""

import collections
import datetime
import ssl
import threading
import time
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.x509.oid import NameOID


@dataclass(frozen=True)
class Reply:
    status: int = 200
    delay: float = 0.0
    headers: dict = field(default_factory=dict)
    body: bytes = b"ok"


@dataclass(frozen=True)
class Received:
    path: str
    headers: dict
    body: bytes
    arrived: float  # time.monotonic()
    peer: tuple = None  # the client's (address, port): one per connection


class _Server(ThreadingHTTPServer):
    daemon_threads = True
    block_on_close = False


class Receiver:
    """Answers POSTs with the scripted replies in order, then with `default`; on `port`,
    or a free one (a receiver stopped and started again takes back its port)."""

    def __init__(self, default=Reply(), tls_context=None, keep_alive=False, port=0):
        self.default = default
        self.keep_alive = keep_alive
        self.requests = []
        self.server_names = []  # TLS SNI names the clients sent
        self._replies = collections.deque()
        self._lock = threading.Condition()
        self._stopping = threading.Event()
        self._server = _Server(("127.0.0.1", port), self._handler())
        if tls_context is not None:
            tls_context.sni_callback = lambda sock, name, context: self.server_names.append(name)
            self._server.socket = tls_context.wrap_socket(self._server.socket, server_side=True)
        self._thread = threading.Thread(target=self._server.serve_forever, args=(0.05,), daemon=True)
        self._thread.start()

    @property
    def port(self):
        return self._server.server_address[1]

    def url(self, path="/hook", host="127.0.0.1", scheme="http"):
        return f"{scheme}://{host}:{self.port}{path}"

    def script(self, *replies):
        """Answer the next requests with these replies, in order."""
        self._replies.extend(replies)

    def wait_for(self, count, timeout=10):
        """The first `count` requests, waiting up to `timeout` seconds for them."""
        with self._lock:
            if not self._lock.wait_for(lambda: len(self.requests) >= count, timeout):
                raise AssertionError(f"{len(self.requests)} requests arrived, expected {count}")
            return list(self.requests[:count])

    def stop(self):
        self._stopping.set()
        self._server.shutdown()
        self._server.server_close()
        self._thread.join()

    def _record(self, path, headers, body, peer):
        with self._lock:
            self.requests.append(Received(path, headers, body, time.monotonic(), peer))
            self._lock.notify_all()
            return self._replies.popleft() if self._replies else self.default

    def _handler(self):
        receiver = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def do_POST(self):
                body = self.rfile.read(int(self.headers.get("Content-Length", 0)))
                reply = receiver._record(self.path, dict(self.headers), body, self.client_address)
                if receiver._stopping.wait(reply.delay):
                    return
                self.send_response(reply.status)
                for name, value in reply.headers.items():
                    self.send_header(name, value)
                self.send_header("Content-Length", str(len(reply.body)))
                if not receiver.keep_alive:
                    self.send_header("Connection", "close")
                self.end_headers()
                self.wfile.write(reply.body)

            def handle(self):
                # A client that gave up (time-out tests) leaves a broken pipe behind.
                try:
                    super().handle()
                except (BrokenPipeError, ConnectionResetError, ssl.SSLError):
                    pass

            def log_message(self, format, *args):
                pass

        return Handler


def self_signed_certificate(hostname, directory):
    """Write a self-signed certificate for `hostname` and its key; return (cert, key) paths."""
    key = ec.generate_private_key(ec.SECP256R1())
    name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, hostname)])
    now = datetime.datetime.now(datetime.UTC)
    certificate = (
        x509.CertificateBuilder()
        .subject_name(name)
        .issuer_name(name)
        .public_key(key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - datetime.timedelta(days=1))
        .not_valid_after(now + datetime.timedelta(days=1))
        .add_extension(x509.SubjectAlternativeName([x509.DNSName(hostname)]), critical=False)
        .add_extension(x509.BasicConstraints(ca=True, path_length=None), critical=True)
        .sign(key, hashes.SHA256())
    )
    cert_path, key_path = directory / f"{hostname}.crt", directory / f"{hostname}.key"
    cert_path.write_bytes(certificate.public_bytes(serialization.Encoding.PEM))
    key_path.write_bytes(
        key.private_bytes(
            serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption()
        )
    )
    return cert_path, key_path
