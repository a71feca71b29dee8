"""gunicorn.conf.py: each gunicorn has a control socket of its own, in the data
directory and named by its address, so that a second one on the host takes nothing
from the first."""

import socket
import time
from urllib.parse import urlsplit


def test_two_gunicorns_have_a_control_socket_each(gunicorn, data_dir):
    ports = [urlsplit(gunicorn(workers=1)).port for _ in range(2)]
    expected = sorted(f"gunicorn-127.0.0.1-{port}.ctl" for port in ports)
    deadline = time.monotonic() + 10  # the master opens it once its workers are spawned
    while sorted(path.name for path in data_dir.glob("gunicorn-*.ctl")) != expected:
        assert time.monotonic() < deadline, list(data_dir.iterdir())
        time.sleep(0.1)
    for name in expected:
        with socket.socket(socket.AF_UNIX) as control:
            control.connect(str(data_dir / name))  # each one answers: none was taken over
