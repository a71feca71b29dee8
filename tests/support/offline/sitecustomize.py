"""Loaded by every Python process started with this directory on PYTHONPATH (see
`offline_env` in tests/support/__init__.py): such a process resolves no hostname but
localhost, so a server fed generated URLs (webhooks, media imports) sends no DNS query
off the machine, as the test process's own `dns` fixture (tests/conftest.py) ensures
in-process. Literal addresses pass untouched."""

import ipaddress
import socket

_getaddrinfo = socket.getaddrinfo


def _is_literal(host):
    try:
        ipaddress.ip_address(host.split("%", 1)[0])
    except ValueError:
        return False
    return True


def getaddrinfo(host, *args, **kwargs):
    name = host.decode() if isinstance(host, bytes) else host
    if name is not None and name != "localhost" and not _is_literal(name):
        raise socket.gaierror(socket.EAI_NONAME, "Name or service not known (tests resolve no hostname)")
    return _getaddrinfo(host, *args, **kwargs)


socket.getaddrinfo = getaddrinfo
