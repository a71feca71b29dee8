"""Who an account is and where it lives: a handle is a domain name that resolves to a
DID (the entryway's resolveHandle, `[bluesky] service_url`); the DID's document (the
PLC directory for did:plc, `[bluesky] plc_url`; the host's /.well-known/did.json for
did:web) names the account's PDS, the server every other call goes to, and the handle
again, which must match (the bidirectional check: a DID can claim any handle, only
the handle's own resolution proves it)."""

from dataclasses import dataclass
from urllib.parse import quote, unquote

import regex

from postline.platforms.base import PlatformUnavailable
from postline.platforms.bluesky import xrpc

# atproto's handle syntax: labels of letters, digits and hyphens; the last starts with a letter.
HANDLE = regex.compile(
    r"(?:[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?\.)+[a-zA-Z](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?"
)
MAX_HANDLE = 253
PDS_SERVICE = "#atproto_pds"
PDS_TYPE = "AtprotoPersonalDataServer"


class SignInRefused(Exception):
    """Bluesky refused what the user gave to sign in: `field` names it as the API does
    (`handle`, `appPassword`), `message` says why."""

    def __init__(self, field, message):
        super().__init__(message)
        self.field = field
        self.message = message


@dataclass(frozen=True)
class Identity:
    did: str
    handle: str
    pds: str


def normalized(handle):
    """`handle` as Bluesky compares it: no leading @, lower case; SignInRefused when it is not one."""
    handle = (handle or "").strip().removeprefix("@").lower()
    if len(handle) > MAX_HANDLE or not HANDLE.fullmatch(handle):
        raise SignInRefused("handle", "must be a Bluesky handle, such as alice.bsky.social")
    return handle


def resolve(settings, handle, timeout):
    """The Identity of `handle` (normalized), checked both ways; SignInRefused naming
    `handle` when it names no account or its DID does not name it back,
    PlatformUnavailable when Bluesky cannot say now."""
    answer = xrpc.send(
        settings,
        "GET",
        xrpc.method_url(settings["service_url"], "com.atproto.identity.resolveHandle", {"handle": handle}),
        timeout,
    )
    did = answer.body.get("did") if answer.status == 200 else None
    if answer.status == 400 and answer.error in ("HandleNotFound", "InvalidRequest"):
        raise SignInRefused("handle", f"Bluesky knows no account with the handle {handle}")
    if not isinstance(did, str) or not did.startswith("did:"):
        raise PlatformUnavailable(f"bluesky: resolving {handle} answered HTTP {answer.status}")
    document = document_of(settings, did, timeout)
    claimed = [name.lower() for name in document.get("alsoKnownAs") or [] if isinstance(name, str)]
    if f"at://{handle}" not in claimed:
        raise SignInRefused(
            "handle",
            f"{handle} resolves to {did}, whose DID document does not name it: the handle is not verified",
        )
    return Identity(did, handle, pds_of(document, did))


def document_of(settings, did, timeout):
    """The DID document of `did` (did:plc or did:web); PlatformUnavailable when it cannot be read."""
    if did.startswith("did:plc:"):
        url = f"{settings['plc_url'].rstrip('/')}/{quote(did)}"
    elif did.startswith("did:web:"):
        url = f"https://{unquote(did.removeprefix('did:web:'))}/.well-known/did.json"
    else:
        raise PlatformUnavailable(f"bluesky: {did} is neither a did:plc nor a did:web")
    answer = xrpc.send(settings, "GET", url, timeout)
    if answer.status != 200 or answer.body.get("id") != did:
        raise PlatformUnavailable(f"bluesky: the DID document of {did} answered HTTP {answer.status}")
    return answer.body


def pds_of(document, did):
    """The URL of the account's PDS, from its DID document's #atproto_pds service."""
    for service in document.get("service") or []:
        if not isinstance(service, dict) or service.get("type") != PDS_TYPE:
            continue
        if service.get("id") in (PDS_SERVICE, f"{did}{PDS_SERVICE}"):
            endpoint = service.get("serviceEndpoint")
            if isinstance(endpoint, str) and endpoint.startswith(("https://", "http://")):
                return endpoint.rstrip("/")
    raise PlatformUnavailable(f"bluesky: the DID document of {did} names no PDS")
