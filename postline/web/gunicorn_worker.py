"""gunicorn's threaded worker, with a deadline on reading a request's headers.

With gunicorn's sync workers one client that sends its headers slowly (a line every
few seconds) holds a whole worker process, and a few such sockets took the service
down. The threaded worker (`gthread`) holds one thread per connection being read
instead (and a connection that sends nothing for 5 s goes back to its poller, without
a thread), but it waits for the rest of a request's headers as long as the client
keeps sending. This
subclass gives every request `header_timeout` seconds, from the moment its connection
is handed to the threads (accepted, or readable again when kept alive) to the end of
its headers; past it the connection is shut, a read blocked on it ends, and the
thread is free (a connection still waiting for a thread ends at once when it gets
one, so a queue of slow clients drains too). The body and the app's own work are not
bounded here (an upload may take long): a buffering reverse proxy in front bounds
them (docs/deployment.md). HTTP/1.1 only, the one protocol gunicorn serves by default
(an HTTP/2 connection lives in one `handle` call).

A worker also accepts a connection only while one of its threads is free. gunicorn's
worker accepts whatever it can, so the worker that woke first took most of the
connections a client opened at once and kept alive (12 to 15 of wrk's 16, measured), and
answered them with one process while the other idled; now they wait in the listen
queue for a worker with a free thread.

gunicorn.conf.py names this class as `worker_class`. The module is the one place that
knows the worker's methods `enqueue_req`, `finish_request`, `handle`, `handle_request`
and `murder_pending` (its main loop calls the last at least once a second), and the
`worker_connections` its loop reads; tests/security/test_slow_clients.py runs it in a
real gunicorn.
"""

import contextlib
import socket
import threading
import time

from gunicorn.workers.gthread import ThreadWorker

CLASS_PATH = "postline.web.gunicorn_worker.HeaderDeadlineWorker"


def configure(header_timeout):
    """Give requests `header_timeout` seconds to send their headers; returns the
    `worker_class` for gunicorn.conf.py."""
    HeaderDeadlineWorker.header_timeout = header_timeout
    return CLASS_PATH


class HeaderDeadlineWorker(ThreadWorker):
    header_timeout = 10
    _serving = 0  # connections handed to the threads and not yet given back

    @property
    def worker_connections(self):
        """The most connections gunicorn's loop lets this worker hold before it stops
        accepting: none more while each of its threads has one (`_serving`), else
        gunicorn's `worker_connections` setting."""
        return 0 if self._serving >= self.cfg.threads else self._most_connections

    @worker_connections.setter
    def worker_connections(self, value):
        self._most_connections = value

    def init_process(self):
        self._reading = {}  # connection -> when its headers are overdue
        self._reading_lock = threading.Lock()
        super().init_process()

    def enqueue_req(self, conn):
        """Hand `conn` to the threads; its request's headers are due `header_timeout`
        from now, whether a thread takes it at once or it waits for one."""
        with self._reading_lock:
            self._reading[conn] = time.monotonic() + self.header_timeout
        self._serving += 1  # the main loop's thread alone counts, here and below
        super().enqueue_req(conn)

    def finish_request(self, conn, fs):
        self._serving -= 1
        super().finish_request(conn, fs)

    def handle(self, conn):
        """Serve a request on `conn` (in a thread); it is no longer read once this ends."""
        try:
            return super().handle(conn)
        finally:
            self._headers_read(conn)

    def handle_request(self, req, conn):
        self._headers_read(conn)  # gunicorn calls this once the headers are in
        return super().handle_request(req, conn)

    def murder_pending(self):
        """gunicorn's sweep of idle connections, and the shutting of overdue ones."""
        super().murder_pending()
        now = time.monotonic()
        with self._reading_lock:
            overdue = [conn for conn, deadline in self._reading.items() if deadline <= now]
            for conn in overdue:
                del self._reading[conn]
        for conn in overdue:
            self.log.info(
                "closing a connection from %s: no complete headers in %ss", conn.client, self.header_timeout
            )
            with contextlib.suppress(OSError):
                conn.sock.shutdown(socket.SHUT_RDWR)

    def _headers_read(self, conn):
        with self._reading_lock:
            self._reading.pop(conn, None)
