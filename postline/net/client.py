"""The one outbound HTTP client: webhook deliveries, OAuth and the platform adapters
all leave the process through it.

Every request:
- resolves the host once and checks each address against the SSRF policy
  (postline/net/ssrf.py), then connects to the checked address it pinned, keeping
  the hostname for `Host`, TLS SNI and the certificate check (no DNS rebinding);
- follows no redirect (a 3xx is answered as it is);
- verifies TLS certificates against the system's CAs;
- ends after `timeout` seconds in all, connect to last byte, however slowly the far
  side trickles bytes;
- reads at most `max_bytes` of the answer's body (`request`), or hands it over chunk
  by chunk for the caller to bound (`stream`: media imports).

A `Session` sends several requests one after another (webhook deliveries to one
receiver) over one kept-alive connection, for as long as each request's URL pins the
same address: the address check is made afresh for every request, and a request whose
URL now resolves elsewhere gets a connection of its own.

A failure raises RequestFailed, whose `sent` says whether the request may have
reached the far side: a platform call that timed out after it left must never be
sent again blindly.
"""

import contextlib
import functools
import http.client
import os
import socket
import ssl
import threading
import time
from dataclasses import dataclass, field

from postline.net import ssrf

DEFAULT_MAX_BYTES = 1024 * 1024
STREAM_CHUNK_BYTES = 256 * 1024
ONE_WRITE_BYTES = 64 * 1024


@dataclass(frozen=True)
class Policy:
    """Which URLs may be called: `allow_http` for http://, `allow_private` for internal
    addresses (both for local development; `trusted` targets, such as a platform's API
    base from config, skip the address check)."""

    allow_http: bool = False
    allow_private: bool = False


TRUSTED = Policy(allow_http=True, allow_private=True)


class RequestFailed(Exception):
    """No usable answer; `message` says why in words, `sent` whether the request may
    have reached the far side."""

    def __init__(self, message, sent):
        super().__init__(message)
        self.message = message
        self.sent = sent


class Refused(RequestFailed):
    """The URL was refused before anything was sent (`message` says why; `allowed_by`
    is the Policy switch that would let it through, if one would)."""

    def __init__(self, message, allowed_by=None):
        super().__init__(message, sent=False)
        self.allowed_by = allowed_by


@dataclass
class Response:
    status: int
    headers: http.client.HTTPMessage
    body: bytes
    elapsed_ms: int
    truncated: bool = field(default=False)

    def text(self):
        return self.body.decode(errors="replace")


@functools.cache
def tls_context():
    """Certificates are checked against the system's CAs and the URL's hostname."""
    return ssl.create_default_context()


def request(method, url, policy, timeout, body=None, headers=None, max_bytes=DEFAULT_MAX_BYTES):
    """Send one request and return its Response (any status), or raise RequestFailed."""
    with Session(policy, timeout) as session:
        return session.request(method, url, body, headers, max_bytes)


@contextlib.contextmanager
def stream(method, url, policy, timeout, body=None, headers=None):
    """Send one request and yield its Answer once the headers are in; the body is read
    from it piece by piece, within the same total deadline. Raises RequestFailed."""
    with Session(policy, timeout) as session, session.stream(method, url, body, headers) as answer:
        yield answer


class Session:
    """Requests one after another over one connection, kept alive while the pinned
    address stays the same and the far side allows it; `close()` (or leaving a `with`
    block) ends it. One thread at a time.

    A request on a kept-alive connection that the far side had closed meanwhile (its
    idle timeout) fails before any answer; it is sent once more, on a new connection.
    Use sessions only where a request arriving twice is harmless (webhook deliveries:
    receivers tell them apart by their event id)."""

    def __init__(self, policy, timeout):
        self.policy = policy
        self.timeout = timeout
        self._connection = None
        self._target = None

    def __enter__(self):
        return self

    def __exit__(self, *exc_info):
        self.close()

    def close(self):
        if self._connection is not None:
            self._connection.close()
            self._connection = None

    def request(self, method, url, body=None, headers=None, max_bytes=DEFAULT_MAX_BYTES):
        """Send one request and return its Response (any status), or raise RequestFailed."""
        started = time.monotonic()
        with self.stream(method, url, body, headers) as answer:
            payload = answer.read(max_bytes + 1)
        elapsed = int((time.monotonic() - started) * 1000)
        truncated = len(payload) > max_bytes
        return Response(answer.status, answer.headers, payload[:max_bytes], elapsed, truncated)

    @contextlib.contextmanager
    def stream(self, method, url, body=None, headers=None):
        """As the module's `stream`, on this session's connection."""
        try:
            target = ssrf.pin(url, self.policy.allow_http, self.policy.allow_private)
        except ssrf.RefusedURL as refusal:
            raise Refused(str(refusal), refusal.allowed_by) from None
        reused = self._connect_to(target)
        deadline = _Deadline(self._connection, self.timeout)
        kept = False
        try:
            answer = self._send(target, method, body, headers or {}, deadline, reused)
            yield answer
            kept = answer.reusable()
        finally:
            deadline.cancel()
            if not kept:
                self.close()

    def _connect_to(self, target):
        """Keep the open connection if it leads to the same pinned address; True if kept."""
        if self._connection is not None and self._target == target and self._connection.sock is not None:
            return True
        self.close()
        self._connection, self._target = _connection(target, self.timeout), target
        return False

    def _send(self, target, method, body, headers, deadline, reused):
        connection = self._connection
        sent = False
        try:
            connection.connect()
            sent = True  # from here on, some of the request may have reached the far side
            connection.request(method, target.path, body, headers)
            response = connection.getresponse()
        except (http.client.RemoteDisconnected, ConnectionResetError, BrokenPipeError) as error:
            if not reused or deadline.expired:
                raise RequestFailed(deadline.describe(error), sent) from None
            # The far side closed the idle connection before reading this request.
            connection.close()
            return self._send(target, method, body, headers, deadline, reused=False)
        except (OSError, http.client.HTTPException) as error:
            raise RequestFailed(deadline.describe(error), sent) from None
        # A socket shut at the deadline reads as the end of the headers, not as an error.
        if deadline.expired:
            raise RequestFailed(f"no answer within {self.timeout:g} s", sent=True)
        return Answer(response, deadline)


class Answer:
    """An answer whose headers are in and whose body is yet to be read."""

    def __init__(self, response, deadline):
        self.status = response.status
        self.headers = response.headers
        self._response = response
        self._deadline = deadline

    def read(self, amount):
        """Up to `amount` bytes of the body (fewer at its end)."""
        try:
            return self._response.read(amount)
        except (OSError, http.client.HTTPException) as error:
            raise RequestFailed(self._deadline.describe(error), sent=True) from None

    def reusable(self):
        """Whether the connection may carry another request: the body read to its end
        and the far side not closing it."""
        return self._response.isclosed() and not self._response.will_close and not self._deadline.expired

    def chunks(self, size=STREAM_CHUNK_BYTES):
        """The whole body, chunk by chunk; RequestFailed if it is not all in by the deadline."""
        while chunk := self.read(size):
            yield chunk
        # A body without a length ends when the socket does, and the deadline shuts it.
        if self._deadline.expired:
            raise RequestFailed(self._deadline.describe(TimeoutError()), sent=True)


def _describe(error):
    if isinstance(error, TimeoutError):
        return "timed out"
    if isinstance(error, ssl.SSLCertVerificationError):
        return f"TLS certificate rejected: {error.verify_message}"
    if isinstance(error, ConnectionRefusedError):
        return "connection refused"
    if isinstance(error, http.client.HTTPException):
        return f"invalid HTTP answer: {type(error).__name__}"
    return f"connection failed: {error}"


def _connection(target, timeout):
    if target.scheme == "https":
        return _PinnedHTTPSConnection(target, timeout, tls_context())
    return _PinnedHTTPConnection(target, timeout)


class _OneWrite:
    """Sends a body of up to ONE_WRITE_BYTES in the same write as the headers.
    http.client writes them apart: two system calls, and a receiver woken twice for
    one request (a webhook delivery's CPU in the worker: 227 -> 213 us). A larger body
    or a stream goes as http.client sends it."""

    def _send_output(self, message_body=None, encode_chunked=False):
        if not isinstance(message_body, bytes) or len(message_body) > ONE_WRITE_BYTES:
            return super()._send_output(message_body, encode_chunked)
        # http.client's own way to end the headers (its buffer of header lines, then
        # an empty line), with the body after them.
        self._buffer.extend((b"", b""))
        message = b"\r\n".join(self._buffer) + message_body
        del self._buffer[:]
        self.send(message)
        return None


class _PinnedHTTPConnection(_OneWrite, http.client.HTTPConnection):
    """Connects to the address ssrf.pin checked; the Host header names the URL's host."""

    def __init__(self, target, timeout):
        super().__init__(target.hostname, target.port, timeout=timeout)
        self.address = target.address

    def connect(self):
        if self.sock is None:
            self.sock = _open_socket(self.address, self.port, self.timeout)


class _PinnedHTTPSConnection(_OneWrite, http.client.HTTPSConnection):
    """As above over TLS: SNI and the certificate check use the URL's hostname."""

    def __init__(self, target, timeout, context):
        super().__init__(target.hostname, target.port, timeout=timeout, context=context)
        self.address = target.address

    def connect(self):
        if self.sock is not None:
            return
        sock = _open_socket(self.address, self.port, self.timeout)
        try:
            self.sock = self._context.wrap_socket(sock, server_hostname=self.host)
        except BaseException:
            sock.close()
            raise


def _open_socket(address, port, timeout):
    sock = socket.create_connection((address, port), timeout)
    # As http.client's own connect: a large body goes out after the headers in writes
    # of its own, and Nagle's algorithm would hold one until the last is acknowledged.
    sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    return sock


class _Deadline:
    """Ends a request after `seconds` in all, however slowly the far side trickles bytes.

    The socket timeout bounds each read; this bounds their sum: the process's one
    watcher thread shuts the socket once the time is up, which wakes a blocked read
    with an error.
    """

    def __init__(self, connection, seconds):
        self.seconds = seconds
        self.at = time.monotonic() + seconds
        self.expired = False
        self._connection = connection
        _watcher.watch(self)

    def expire(self):
        self.expired = True
        sock = self._connection.sock
        if sock is not None:
            with contextlib.suppress(OSError):
                # The plain socket's shutdown, also for a TLS socket: it only wakes the reader.
                socket.socket.shutdown(sock, socket.SHUT_RDWR)

    def describe(self, error):
        """Why a request failed, in words: the deadline if it passed, else the error."""
        return f"no answer within {self.seconds:g} s" if self.expired else _describe(error)

    def cancel(self):
        _watcher.forget(self)


class _Watcher:
    """One thread per process that looks at every request in flight each `TICK`
    seconds and expires those past their deadline (a timer thread per request costs
    more than the request itself to a fast receiver). It sleeps while none are in flight."""

    TICK = 0.05

    def __init__(self):
        self._active = set()
        self._lock = threading.Lock()
        self._busy = threading.Event()
        self._pid = None  # the process the thread runs in: a forked child starts its own

    def watch(self, deadline):
        with self._lock:
            self._active.add(deadline)
            if not self._busy.is_set():  # set() notifies under a lock of its own each time
                self._busy.set()
            if self._pid != os.getpid():
                self._pid = os.getpid()
                threading.Thread(target=self._run, name="request-deadlines", daemon=True).start()

    def forget(self, deadline):
        with self._lock:
            self._active.discard(deadline)

    def _run(self):
        while True:
            self._busy.wait()
            time.sleep(self.TICK)
            now = time.monotonic()
            with self._lock:
                due = [deadline for deadline in self._active if deadline.at <= now]
                self._active.difference_update(due)
                if not self._active:
                    self._busy.clear()
            for deadline in due:
                deadline.expire()


_watcher = _Watcher()
