"""What this server offers of each provider in the registry (`GET /v1/platforms`;
docs/api-notes.md, Platforms): its platforms, whether its settings are complete, whether
a key may connect an account of it now, and what one post may carry on each platform.

- `configured`: nothing to set for a provider that needs no app of the server's
  (Bluesky signs in with an app password, Mastodon registers an app on each instance);
  otherwise its section names the app (`client_id`, and `client_secret` unless the
  provider can be a public client, with PKCE) and the URLs it is reached at.
- `available`: configured, and the key is a live one (a test-mode key connects no
  account: it adds simulated connections of any platform instead).
"""

from dataclasses import asdict

from models import LIVE
from postline import platforms
from postline.connections import instances
from postline.connections.settings import provider_settings

URLS = ("auth_url", "token_url", "api_base")


def providers(mode):
    """Every provider of the registry, in its order, as `GET /v1/platforms` shows it to a
    key of `mode`."""
    return [describe(name, mode) for name in platforms.PROVIDERS]


def describe(name, mode):
    adapter = platforms.provider(name)
    ready = configured(name)
    return {
        "provider": name,
        "name": adapter.name,
        "platforms": [publisher.platform for publisher in adapter.platforms],
        "configured": ready,
        "available": ready and mode == LIVE,
        "limits": {publisher.platform: asdict(publisher.limits) for publisher in adapter.platforms},
    }


def configured(name):
    """Whether the server holds all that connecting an account of provider `name` takes."""
    adapter = platforms.provider(name)
    if getattr(adapter, "password_sign_in", False) or instances.per_instance(name):
        return True
    settings = provider_settings(name)
    needed = ("client_id", *URLS) + (() if adapter.pkce else ("client_secret",))
    return all(settings.get(key) for key in needed)
