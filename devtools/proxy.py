"""A round-robin TCP proxy on a loopback port: the one address in front of several API
servers in the scale-out drill and benchmark (docs/deployment.md, Several servers).

Each connection it accepts goes to the next backend in turn, as nginx's or HAProxy's
round-robin does for connections; bytes are copied both ways until either side closes.
It balances connections, not requests: a client that keeps its connection alive stays
on one server, so the drill opens a connection per request. `served` counts the
connections each backend took.
"""

import contextlib
import itertools
import socket
import threading

from devtools.servers import free_port

CHUNK = 65536


class RoundRobinProxy:
    def __init__(self, backends):
        """`backends`: (host, port) of each server, taken in turn."""
        self.backends = list(backends)
        self.served = dict.fromkeys(self.backends, 0)
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self._next = itertools.cycle(self.backends)
        self._lock = threading.Lock()
        self._listener = socket.create_server(("127.0.0.1", self.port), backlog=128)
        self._closed = False
        threading.Thread(target=self._accept, daemon=True, name="proxy-accept").start()

    def close(self):
        self._closed = True
        with contextlib.suppress(OSError):
            self._listener.close()

    def _accept(self):
        while not self._closed:
            try:
                client, _ = self._listener.accept()
            except OSError:
                return  # closed
            with self._lock:
                backend = next(self._next)
                self.served[backend] += 1
            threading.Thread(target=self._serve, args=(client, backend), daemon=True).start()

    def _serve(self, client, backend):
        try:
            server = socket.create_connection(backend, timeout=60)
        except OSError:
            client.close()
            return
        for sock in (client, server):
            sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        back = threading.Thread(target=_copy, args=(server, client), daemon=True)
        back.start()
        _copy(client, server)
        back.join(60)
        for sock in (client, server):
            sock.close()


def _copy(source, destination):
    """Copy until `source` closes its side, then close `destination`'s writing side."""
    try:
        while chunk := source.recv(CHUNK):
            destination.sendall(chunk)
    except OSError:
        pass
    with contextlib.suppress(OSError):
        destination.shutdown(socket.SHUT_WR)
