"""Which URLs the service may call (docs/api-notes.md: Webhook URLs).

A URL is checked twice. When a webhook is created or changed, `check_url` refuses
anything that names, or resolves to, an address inside a private network. When a
delivery is sent, `pin` resolves the hostname once, checks every address, and
returns the one to connect to, so a DNS answer that changes between the check
and the connection (DNS rebinding) cannot steer the request inside.

IPv4 addresses are accepted only in dotted-decimal form: resolvers read
`2130706433`, `0x7f.1` and `0177.0.0.1` as 127.0.0.1, and so would we if we let
them through to the resolver.
"""

import functools
import ipaddress
import re
import socket
from dataclasses import dataclass
from urllib.parse import urlsplit

from postline import config

MAX_URL_LENGTH = 2048
DEFAULT_PORTS = {"https": 443, "http": 80}
LABEL = re.compile(r"(?!-)[a-z0-9_-]{1,63}(?<!-)")
# A last label that resolvers read as a number makes the whole host an IPv4 address.
NUMERIC_LABEL = re.compile(r"(0x[0-9a-f]*|[0-9]+)")
UNSAFE_CHARACTERS = re.compile(r"[\x00-\x20\x7f\\]")

# Never reachable from here, whatever the stdlib's idea of "global" (it varies by
# Python version). IPv6 forms that embed an IPv4 address are judged by that address.
BLOCKED_NETWORKS = tuple(
    ipaddress.ip_network(network)
    for network in (
        "0.0.0.0/8",  # "this network"; 0.0.0.0 reaches the local host
        "10.0.0.0/8",
        "100.64.0.0/10",  # carrier-grade NAT
        "127.0.0.0/8",
        "169.254.0.0/16",  # link-local, cloud metadata (169.254.169.254)
        "172.16.0.0/12",
        "192.0.0.0/24",
        "192.0.2.0/24",
        "192.88.99.0/24",
        "192.168.0.0/16",
        "198.18.0.0/15",
        "198.51.100.0/24",
        "203.0.113.0/24",
        "224.0.0.0/4",  # multicast
        "240.0.0.0/4",  # reserved, and the broadcast address
        "::/96",  # unspecified, loopback, IPv4-compatible
        "::ffff:0:0/96",  # IPv4-mapped
        "100::/64",
        "2001::/23",  # IETF protocol assignments, Teredo
        "2001:db8::/32",
        "fc00::/7",  # unique local
        "fe80::/10",  # link-local
        "fec0::/10",  # site-local (deprecated)
        "ff00::/8",  # multicast
    )
)
NAT64 = ipaddress.ip_network("64:ff9b::/96")


class RefusedURL(ValueError):
    """A URL the service will not call; the message says why, for the client.

    `allowed_by` names the policy switch that would let it through ("allow_http" or
    "allow_private"), where one would, so callers can name their setting for it.
    """

    def __init__(self, message, allowed_by=None):
        super().__init__(message)
        self.allowed_by = allowed_by


def explain(message, allowed_by, section, names):
    """`message`, naming what would allow the URL where something would: the settings
    of `section` ([webhooks]...) that `names` maps the switches `allowed_by` to ("allow_http"
    and "allow_private", one or several: switches_needed), their environment variables,
    and `serve --dev`, which turns them all on."""
    switches = (allowed_by,) if isinstance(allowed_by, str) else tuple(allowed_by or ())
    settings = [names[switch] for switch in switches if switch in names]
    if not settings:
        return message
    verb = "allows" if len(settings) == 1 else "allow"
    variables = " ".join(f"{config.env_name((section, setting))}=true" for setting in settings)
    return (
        f"{message} ([{section}] {' and '.join(f'{setting} = true' for setting in settings)} {verb} it, "
        f"for local development only: {variables}, or `python3 tasks.py serve --dev`)"
    )


def switches_needed(url, allowed_by, allow_private):
    """The switches that would let `url` through, refused for `allowed_by`: an http:// URL
    to an internal address needs allow_private as well as allow_http (unless it is on)."""
    if allowed_by != "allow_http" or allow_private:
        return (allowed_by,) if allowed_by else ()
    try:
        check_url(url, allow_http=True)
    except RefusedURL as refusal:
        if refusal.allowed_by == "allow_private":
            return ("allow_http", "allow_private")
    return ("allow_http",)


@dataclass(frozen=True)
class Target:
    """Where one delivery goes: the URL's parts and the checked address to connect to."""

    scheme: str
    hostname: str
    port: int
    path: str
    address: str


def resolve(hostname, port):
    """The addresses `hostname` resolves to, in the resolver's order (tests replace this)."""
    infos = socket.getaddrinfo(hostname, port, type=socket.SOCK_STREAM)
    return list(dict.fromkeys(info[4][0] for info in infos))


def is_public(address):
    """True if `address` (an ipaddress object) is a public unicast address."""
    if address.version == 6:
        if address.ipv4_mapped is not None:
            return False
        if address in NAT64:
            return is_public(ipaddress.IPv4Address(int(address) & 0xFFFFFFFF))
        if address.sixtofour is not None:
            return is_public(address.sixtofour)
    if any(address in network for network in BLOCKED_NETWORKS if network.version == address.version):
        return False
    return address.is_global


def check_url(url, allow_http=False, allow_private=False):
    """Refuse (RefusedURL) a URL that is malformed or points inside a private network.

    A hostname that does not resolve now is accepted: its DNS may not be live yet,
    and `pin` checks it again before every delivery.
    """
    scheme, hostname, port, _, literal = _parse(url, allow_http)
    if literal is not None:
        _check_address(literal, allow_private)
        return
    _check_name(hostname, allow_private)
    try:
        addresses = resolve(hostname, port)
    except (OSError, UnicodeError):
        return
    for address in addresses:
        _check_address(_ip(address), allow_private, hostname)


def pin(url, allow_http=False, allow_private=False):
    """The Target to connect to: resolved once, every address checked (RefusedURL if not)."""
    scheme, hostname, port, path, literal = _parse(url, allow_http)
    if literal is not None:
        _check_address(literal, allow_private)
        return Target(scheme, hostname, port, path, str(literal))
    _check_name(hostname, allow_private)
    try:
        addresses = resolve(hostname, port)
    except (OSError, UnicodeError) as error:
        raise RefusedURL(f"could not resolve {hostname}: {error}") from None
    if not addresses:
        raise RefusedURL(f"{hostname} has no address")
    checked = [_ip(address) for address in addresses]
    for address in checked:
        _check_address(address, allow_private, hostname)
    return Target(scheme, hostname, port, path, str(checked[0]))


@functools.lru_cache(maxsize=1024)
def _parse(url, allow_http):
    """(scheme, hostname, port, path with query, ip_address or None) of an acceptable URL.
    A function of its arguments alone, kept for the URLs in use (a webhook's, sent to
    thousands of times); resolving the name and checking its addresses are not kept."""
    if len(url) > MAX_URL_LENGTH:
        raise RefusedURL(f"must be at most {MAX_URL_LENGTH} characters")
    if UNSAFE_CHARACTERS.search(url):
        raise RefusedURL("must not contain spaces, control characters or backslashes")
    try:
        parts = urlsplit(url)
        port = parts.port
    except ValueError as error:
        raise RefusedURL(f"is not a valid URL ({error})") from None
    schemes = ("https", "http") if allow_http else ("https",)
    if parts.scheme not in schemes:
        if parts.scheme == "http":
            raise RefusedURL("must be an https:// URL", allowed_by="allow_http")
        raise RefusedURL("must be an https:// URL" if not allow_http else "must be an http(s):// URL")
    if parts.username is not None or parts.password is not None:
        raise RefusedURL("must not contain a user name or password")
    if not parts.hostname:
        raise RefusedURL("must name a host")
    if port == 0:
        raise RefusedURL("port must be between 1 and 65535")
    path = parts.path or "/"
    if parts.query:
        path += "?" + parts.query
    if not path.isascii():
        raise RefusedURL("path and query must be ASCII (percent-encode other characters)")
    hostname = parts.hostname.rstrip(".")
    port = port or DEFAULT_PORTS[parts.scheme]
    if ":" in hostname:
        return parts.scheme, hostname, port, path, _ip(hostname)
    try:
        hostname = hostname.encode("idna").decode("ascii")
    except UnicodeError:
        raise RefusedURL("is not a valid hostname") from None
    labels = hostname.split(".")
    if NUMERIC_LABEL.fullmatch(labels[-1]):
        return parts.scheme, hostname, port, path, _dotted_decimal(hostname)
    if len(hostname) > 253 or not all(LABEL.fullmatch(label) for label in labels):
        raise RefusedURL("is not a valid hostname")
    return parts.scheme, hostname, port, path, None


def _dotted_decimal(hostname):
    try:
        return ipaddress.IPv4Address(hostname)
    except ValueError:
        raise RefusedURL(
            "IPv4 addresses must be written as four decimal numbers (no hex, octal or short forms)"
        ) from None


def _ip(text):
    try:
        return ipaddress.ip_address(text)
    except ValueError:
        raise RefusedURL(f"{text} is not a valid IP address") from None


def _check_name(hostname, allow_private):
    if not allow_private and (hostname == "localhost" or hostname.endswith(".localhost")):
        raise RefusedURL("must not point to localhost", allowed_by="allow_private")


def _check_address(address, allow_private, hostname=None):
    if allow_private or is_public(address):
        return
    # The rule, not the address a name resolves to: that would map the network inside.
    where = f"{hostname} resolves to one" if hostname else str(address)
    message = f"must not point to a private, loopback or reserved address ({where})"
    raise RefusedURL(message, allowed_by="allow_private")
