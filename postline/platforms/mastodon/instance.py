"""A Mastodon instance: its name, and the calls Postline makes of it before any account
is connected there (docs/platforms/mastodon.md, Connecting an instance).

An instance is named by its host (`mastodon.social`) or an address (`https://...`); it
is called under the SSRF rules of webhooks (https, public addresses only), unless
`[mastodon] allow_private_instances` lets an instance on this machine or its network
through, over http:// too (local development: the fake, a test instance). Every call
is one request through postline/net: no redirect, a deadline, a bounded read.

- `discover`: whether it takes PKCE and the `profile` scope (Mastodon 4.3 and later
  say so at /.well-known/oauth-authorization-server; earlier ones answer 404);
- `register`: Postline's app there (`POST /api/v1/apps`); before 4.3 an app without a
  token could be deleted by the instance, so a client-credentials token keeps it;
- `read_limits`: what it says of its statuses and media (`GET /api/v2/instance`, or v1).
"""

import json
import logging
from dataclasses import dataclass
from urllib.parse import urlencode, urlsplit

from postline.net import client, ssrf
from postline.platforms.base import PlatformUnavailable
from postline.platforms.mastodon.limits import Limits

log = logging.getLogger(__name__)

APP_NAME = "Postline"
# What Postline asks of an account: its profile, to post statuses and to upload media.
# Before 4.3 the profile was read with read:accounts; 4.3 added the narrower `profile`.
SCOPES = ("profile", "write:statuses", "write:media")
OLD_SCOPES = ("read:accounts", "write:statuses", "write:media")
METADATA_PATH = "/.well-known/oauth-authorization-server"
SETTING = "allow_private_instances"


class InstanceRefused(Exception):
    """The address names no instance Postline may use (not a URL, a private address, not
    a Mastodon server): `message` says why, for the person who typed it."""

    def __init__(self, message):
        super().__init__(message)
        self.message = message


@dataclass(frozen=True)
class Instance:
    """An instance as Postline names it (`host`, with its port when not the scheme's
    own) and where its API answers (`base_url`)."""

    host: str
    base_url: str


@dataclass(frozen=True)
class Discovered:
    pkce: bool
    scopes: tuple


def policy(settings):
    """Which addresses an instance may have: `[mastodon] allow_private_instances` lets
    private and loopback ones through, over http:// as well."""
    allowed = bool(settings.get(SETTING))
    return client.Policy(allow_http=allowed, allow_private=allowed)


def named(text, settings):
    """The Instance `text` (a host, or an http(s) address with no path) names; InstanceRefused."""
    text = (text or "").strip()
    address = text if "://" in text else f"https://{text}"
    try:
        parts = urlsplit(address)
        port = parts.port
    except ValueError:
        raise InstanceRefused("is not a host name or an address") from None
    if not parts.hostname or parts.path not in ("", "/") or parts.query or parts.fragment:
        raise InstanceRefused("must be the instance's host (mastodon.social), without a path")
    if parts.username is not None or parts.password is not None:
        raise InstanceRefused("must not contain a user name or password")
    hostname = parts.hostname.rstrip(".")
    try:
        hostname = hostname.encode("idna").decode("ascii") if ":" not in hostname else f"[{hostname}]"
    except UnicodeError:
        raise InstanceRefused("is not a valid host name") from None
    default = 443 if parts.scheme == "https" else 80
    host = hostname if port in (None, default) else f"{hostname}:{port}"
    base_url = f"{parts.scheme}://{host}"
    allowed = policy(settings)
    try:
        ssrf.check_url(base_url, allowed.allow_http, allowed.allow_private)
    except ssrf.RefusedURL as refusal:
        names = {"allow_http": SETTING, "allow_private": SETTING}
        raise InstanceRefused(ssrf.explain(str(refusal), refusal.allowed_by, "mastodon", names)) from None
    return Instance(host, base_url)


def discover(instance, settings, timeout):
    """What the instance's OAuth server takes: PKCE (S256) and the `profile` scope on 4.3
    and later, neither before."""
    status, answer = _call("GET", instance, METADATA_PATH, settings, timeout)
    if status == 429 or status >= 500:
        raise PlatformUnavailable(f"mastodon: {instance.host}{METADATA_PATH} answered HTTP {status}")
    if status != 200 or not isinstance(answer, dict):
        return Discovered(pkce=False, scopes=OLD_SCOPES)  # before 4.3: 404
    methods = answer.get("code_challenge_methods_supported") or []
    supported = answer.get("scopes_supported") or []
    return Discovered(pkce="S256" in methods, scopes=SCOPES if "profile" in supported else OLD_SCOPES)


def register(instance, settings, redirect_uri, discovered, timeout):
    """Register Postline's app on the instance: (client_id, client_secret). InstanceRefused
    when it is no Mastodon server or refuses the app, PlatformUnavailable when it may work later."""
    fields = {"client_name": APP_NAME, "redirect_uris": redirect_uri, "scopes": " ".join(discovered.scopes)}
    status, answer = _call("POST", instance, "/api/v1/apps", settings, timeout, json_body=fields)
    if status == 429 or status >= 500:
        raise PlatformUnavailable(f"mastodon: {instance.host} answered HTTP {status} to POST /api/v1/apps")
    if status == 422:
        raise InstanceRefused(f"{instance.host} refused Postline's app: {_said(answer)}")
    if status != 200:
        said = f"POST /api/v1/apps answered {status}"
        raise InstanceRefused(f"{instance.host} is not a Mastodon server ({said})")
    if not isinstance(answer, dict) or not answer.get("client_id") or not answer.get("client_secret"):
        raise InstanceRefused(f"{instance.host} answered POST /api/v1/apps without client credentials")
    if not discovered.pkce:
        _keep_app(instance, settings, answer, discovered, timeout)
    return answer["client_id"], answer["client_secret"]


def _keep_app(instance, settings, app, discovered, timeout):
    """Before 4.3 an instance deletes apps that hold no token (after a day): a
    client-credentials token keeps Postline's. Best effort: a failure is logged."""
    form = {
        "grant_type": "client_credentials",
        "client_id": app["client_id"],
        "client_secret": app["client_secret"],
        "scope": " ".join(discovered.scopes),
    }
    try:
        status, _ = _call("POST", instance, "/oauth/token", settings, timeout, form=form)
    except PlatformUnavailable as failure:
        status = failure.message
    if status != 200:
        log.warning("mastodon: %s gave the new app no client-credentials token (%s)", instance.host, status)


def read_limits(instance, settings, timeout):
    """The instance's Limits (GET /api/v2/instance; before 4.0, v1). PlatformUnavailable."""
    status, answer = _call("GET", instance, "/api/v2/instance", settings, timeout)
    if status == 404:
        status, answer = _call("GET", instance, "/api/v1/instance", settings, timeout)
    if status != 200 or not isinstance(answer, dict):
        raise PlatformUnavailable(f"mastodon: {instance.host} did not say its limits (HTTP {status})")
    return Limits.from_instance(answer)


def _call(method, instance, path, settings, timeout, json_body=None, form=None):
    """(status, JSON answer or None) of one request to the instance; PlatformUnavailable
    when no answer came."""
    headers, body = {"Accept": "application/json"}, None
    if json_body is not None:
        headers["Content-Type"], body = "application/json", json.dumps(json_body).encode()
    elif form is not None:
        headers["Content-Type"], body = "application/x-www-form-urlencoded", urlencode(form).encode()
    try:
        response = client.request(method, instance.base_url + path, policy(settings), timeout, body, headers)
    except client.Refused as refusal:
        raise InstanceRefused(refusal.message) from None
    except client.RequestFailed as failure:
        raise PlatformUnavailable(f"mastodon: {instance.host}: {failure.message}") from None
    try:
        return response.status, json.loads(response.body) if response.body else None
    except ValueError:
        return response.status, None


def _said(answer):
    error = answer.get("error") if isinstance(answer, dict) else None
    return str(error)[:200] if error else "no reason given"
