"""Who a request comes from, and the console's sign-in throttle per client address.

The client's address is the connection's peer, unless the peer is a proxy listed in
`[server] trusted_proxies`: then it is the address that proxy put in
`X-Forwarded-For`, read from the right past any other trusted proxy. A client that
connects directly cannot choose its address by sending the header.

Failed sign-ins are counted per address as well as per user (postline/accounts/users.py
locks a user out): past `[console] max_failed_sign_ins_per_address` in an hour, an
address may not try again until the hour's window has room. The counts live with the
rate limits' (postline/limits/shared_store.py), where every process sees them.
"""

import ipaddress

from flask import current_app, request

from postline import clock
from postline.limits.shared_store import DatabaseCounters
from postline.limits.sliding_window import HOUR, Bucket, Limit, retry_after_seconds

_counters = DatabaseCounters()


def trusted_networks(entries):
    """The networks of `[server] trusted_proxies` (addresses or CIDR ranges); ValueError
    naming one that is neither."""
    networks = []
    for entry in entries:
        try:
            networks.append(ipaddress.ip_network(entry, strict=False))
        except ValueError:
            raise ValueError(f"[server] trusted_proxies: {entry!r} is not an IP address or network") from None
    return tuple(networks)


def client_address():
    """The address this request comes from (see the module's docstring)."""
    trusted = current_app.extensions["postline.trusted_proxies"]
    address = request.remote_addr or ""
    if not _within(address, trusted):
        return address
    hops = [hop.strip() for value in request.headers.getlist("X-Forwarded-For") for hop in value.split(",")]
    for hop in reversed(hops):
        if _ip(hop) is None:
            break  # a malformed entry: who is behind it is unknown, so the proxy answers for it
        address = str(_ip(hop))
        if not _within(address, trusted):
            break
    return address


def sign_in_wait(address, settings):
    """Seconds before `address` may try to sign in again; 0 if it may now."""
    now = clock.now_ms()
    [status] = _counters.peek([_bucket(address, settings)], now)
    return 0 if status.remaining else retry_after_seconds(status, now)


def count_failed_sign_in(address, settings):
    _counters.acquire([_bucket(address, settings)], clock.now_ms())


def _bucket(address, settings):
    return Bucket(f"console sign-in {address}", (Limit(HOUR, settings["max_failed_sign_ins_per_address"]),))


def _ip(text):
    try:
        ip = ipaddress.ip_address(text)
    except ValueError:
        return None
    return ip.ipv4_mapped or ip if ip.version == 6 else ip


def _within(address, networks):
    ip = _ip(address)
    return ip is not None and any(ip in network for network in networks)
