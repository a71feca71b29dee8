"""Starting and stopping the platform fakes (devtools/fakes) as the tests' fixtures do:
on a port that stays the same from test to test, so that tests whose settings point
at a fake can share an app (tests/support/apps.py), and stopped without waiting.
"""

import contextlib
import random
import socket
import threading

_ports = {}  # fake class -> the port its last instance in this process listened on
# Ports below Linux's ephemeral range (32768-60999), which the system never hands out
# for a port-0 bind or an outgoing connection: one closed between two tests stays free.
STEADY_PORTS = range(20_000, 32_000)


def on_steady_port(fake_class):
    """A new `fake_class` (fresh state, a server of its own) on the port the last one of
    its class in this process had. If that port was taken meanwhile, on another: the
    test then merely gets an app of its own."""
    for port in (_ports.get(fake_class), random.choice(STEADY_PORTS)):
        if port is None:
            continue
        try:
            fake = fake_class(port=port)
        except (OSError, SystemExit):  # werkzeug's make_server exits when the port is taken
            continue
        break
    else:
        fake = fake_class()
    _ports[fake_class] = fake.server.server_port
    return fake


def close(fake):
    """`fake.close()` at once. Its server loop (socketserver's serve_forever) looks for
    the shutdown request between waits of half a second for a connection: a connection
    ends the wait. Four fakes a test cost two seconds of waiting before."""
    closing = threading.Thread(target=fake.close)
    closing.start()
    address = fake.server.server_address[:2]
    while closing.is_alive():
        with contextlib.suppress(OSError):
            socket.create_connection(address, timeout=1).close()
        closing.join(0.005)
