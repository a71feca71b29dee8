"""The outbound client's kept-alive sessions (postline/net/client.py): one connection
for requests one after another while the checked address stays the same, a new one
when it changes, a request sent again when the far side had closed an idle connection,
every request's own deadline, and a small body written with its headers.
"""

import socket
import threading
import time

import pytest

from postline.net import client
from tests.support.receivers import Reply

LOCAL = client.Policy(allow_http=True, allow_private=True)


def test_requests_one_after_another_share_one_connection(receiver):
    inbox = receiver(keep_alive=True)
    with client.Session(LOCAL, timeout=5) as session:
        answers = [session.request("POST", inbox.url(), b"{}") for _ in range(3)]
    assert [answer.status for answer in answers] == [200, 200, 200]
    assert len({request.peer for request in inbox.wait_for(3)}) == 1


def test_a_receiver_that_closes_gets_a_connection_per_request(receiver):
    inbox = receiver()  # answers with Connection: close
    with client.Session(LOCAL, timeout=5) as session:
        for _ in range(3):
            session.request("POST", inbox.url(), b"{}")
    assert len({request.peer for request in inbox.wait_for(3)}) == 3


def test_the_address_is_checked_again_for_every_request(receiver, dns):
    inbox = receiver(keep_alive=True)
    dns["hooks.example.test"] = ["127.0.0.1"]
    url = inbox.url(host="hooks.example.test")
    with client.Session(LOCAL, timeout=5) as session:
        assert session.request("POST", url, b"{}").status == 200
        # The name now resolves elsewhere: the open connection to 127.0.0.1 is not used.
        dns["hooks.example.test"] = ["127.0.0.2"]
        with pytest.raises(client.RequestFailed, match="connection refused"):
            session.request("POST", url, b"{}")
        strict = client.Session(client.Policy(allow_http=True), timeout=5)
        dns["hooks.example.test"] = ["127.0.0.1"]
        with pytest.raises(client.Refused):
            strict.request("POST", url, b"{}")
    assert len(inbox.requests) == 1


def test_a_small_body_goes_out_in_the_same_write_as_the_headers(receiver, monkeypatch):
    writes = []
    open_socket = client._open_socket

    class Recording:
        def __init__(self, sock):
            self._sock = sock

        def sendall(self, data):
            writes.append(bytes(data))
            return self._sock.sendall(data)

        def __getattr__(self, name):
            return getattr(self._sock, name)

    monkeypatch.setattr(client, "_open_socket", lambda *args: Recording(open_socket(*args)))
    inbox = receiver(keep_alive=True)
    small, large = b"{" + b" " * 1000 + b"}", b"x" * (client.ONE_WRITE_BYTES + 1)
    with client.Session(LOCAL, timeout=5) as session:
        assert session.request("POST", inbox.url(), small).status == 200
        assert session.request("POST", inbox.url(), large).status == 200
    assert [request.body for request in inbox.wait_for(2)] == [small, large]
    assert writes[0].startswith(b"POST /hook HTTP/1.1\r\n") and writes[0].endswith(b"\r\n\r\n" + small)
    assert writes[1].endswith(b"\r\n\r\n") and writes[2] == large
    assert len(writes) == 3


def test_a_connection_the_far_side_closed_while_idle_is_replaced():
    """A server that keeps no connection open but does not say so (no Connection:
    close): the second request meets a closed socket and is sent again on a new one."""
    listener = socket.create_server(("127.0.0.1", 0))
    connections = []

    def serve():
        for _ in range(2):
            connection, _ = listener.accept()
            connections.append(connection)
            connection.recv(65536)
            connection.sendall(b"HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok")
            connection.close()

    thread = threading.Thread(target=serve, daemon=True)
    thread.start()
    url = f"http://127.0.0.1:{listener.getsockname()[1]}/hook"
    with client.Session(LOCAL, timeout=5) as session:
        first = session.request("POST", url, b"{}")
        time.sleep(0.1)  # the server has closed the connection by now
        second = session.request("POST", url, b"{}")
    thread.join(5)
    listener.close()
    assert (first.status, first.body, second.status, second.body) == (200, b"ok", 200, b"ok")
    assert len(connections) == 2


# Times itself: one at a time with the drills (tests/conftest.py).
@pytest.mark.quiet
def test_each_request_has_its_own_deadline(receiver):
    inbox = receiver(keep_alive=True)
    inbox.script(Reply(), Reply(delay=3))
    with client.Session(LOCAL, timeout=0.5) as session:
        assert session.request("POST", inbox.url(), b"{}").status == 200
        started = time.monotonic()
        with pytest.raises(client.RequestFailed, match="timed out|no answer within 0.5 s"):
            session.request("POST", inbox.url(), b"{}")
        assert time.monotonic() - started < 1.5
