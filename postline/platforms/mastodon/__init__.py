"""Mastodon: accounts on any instance, each instance with an app Postline registers there
and limits of its own; statuses with media processed asynchronously, visibility and
content warnings, threads and first comments as replies, Mastodon's own
Idempotency-Key, and Mastodon's error classes (docs/platforms/mastodon.md).

- `Mastodon`, its `ADAPTER`: the provider and publisher in the registry;
- `instance`: an instance's name and the calls made of it before an account is
  connected (PKCE and scopes, the app, the limits);
- `oauth`: the account behind a token, and revoking it;
- `limits`: counting as Mastodon counts, and an instance's limits;
- `posting`: media, their processing, and the status.
"""

from dataclasses import dataclass

from models import InstanceApp
from postline.net import transport
from postline.platforms import base
from postline.platforms.mastodon import instance, limits, oauth, posting
from postline.platforms.mastodon.instance import InstanceRefused
from postline.platforms.mastodon.limits import Limits
from postline.platforms.oauth import OAuthProvider

__all__ = ["ADAPTER", "InstanceRefused", "Mastodon"]

DEFAULT_LIMITS = Limits()


class Mastodon(OAuthProvider):
    """Mastodon, connected on the instance each account is on. The server needs no
    settings for it: Postline registers an app on an instance the first time someone
    connects an account there (postline/connections/instances.py), and each
    instance's settings (its `api_base`, the app's `client_id` and `client_secret`,
    `scopes`, and `pkce` on 4.3 and later) are what the OAuth members and calls take.

    Tokens never expire and cannot be refreshed: a refused token means connecting
    again, and removing a connection revokes it. `invalid_client` (the instance no
    longer knows the app) is definite too: the app is registered again next time.
    """

    provider = "mastodon"
    name = "Mastodon"
    scopes = instance.SCOPES  # before 4.3 read:accounts for profile: each instance's in its settings
    pkce = False  # each instance's: its settings' `pkce`
    refreshes = False
    revokes_access_token = True
    definite_refusals = ("invalid_grant", "invalid_client")
    # Connects accounts on any server of the network, registering an app on each
    # (postline/connections/instances.py): no settings needed, `?instance=` names one.
    per_instance = True

    platform = "mastodon"
    transactional = False
    unknown_end_kind = None  # the status is made only once its media are processed
    content_limit = DEFAULT_LIMITS.max_characters  # each instance's own where known (for_accounts)
    # Mastodon's defaults; each instance says its own (GET /api/v2/instance).
    limits = base.Limits(
        DEFAULT_LIMITS.max_characters,
        DEFAULT_LIMITS.max_media,
        1,
        DEFAULT_LIMITS.image_bytes,
        DEFAULT_LIMITS.video_bytes,
    )
    threads = True  # each follow-up part replies to the one before
    comments = True  # a first comment is the author's reply to the post
    # Options checked against the account's instance: a content warning counts against
    # its limit of characters.
    account_options = ("spoilerText",)

    publish = staticmethod(posting.publish)
    check = staticmethod(posting.check)
    profiles = staticmethod(oauth.profiles)
    revoke = staticmethod(oauth.revoke)

    def check_content(self, content, media):
        return limits.check_content(content, media, DEFAULT_LIMITS)

    def check_comment(self, content):
        return limits.check_comment(content, DEFAULT_LIMITS)

    def check_options(self, options, media):
        return limits.check_options(options, media, DEFAULT_LIMITS)

    # An instance, before any account there is connected (postline/connections/instances.py).

    instance_named = staticmethod(instance.named)
    read_limits = staticmethod(instance.read_limits)
    instance_of = staticmethod(oauth.host_of)

    def register_app(self, named, settings, redirect_uri, timeout):
        """Register Postline's app on the instance `named`: what it was registered with."""
        discovered = instance.discover(named, settings, timeout)
        client_id, client_secret = instance.register(named, settings, redirect_uri, discovered, timeout)
        return RegisteredApp(client_id, client_secret, discovered.scopes, discovered.pkce)

    def for_accounts(self, account_ids):
        """Mastodon's rules on the instances of `account_ids` (connections'
        `platform_account_id`s): what each instance last said of its limits, the
        narrowest of them; Mastodon's defaults for an instance that has said nothing."""
        hosts = {oauth.host_of(account_id) for account_id in account_ids}
        known = InstanceApp.limits_of(self.provider, hosts)
        return OnInstances(Limits.narrowest(Limits.stored(known.get(host)) for host in hosts))

    def authorize_url(self, settings, redirect_uri, state, code_verifier):
        """The instance's authorize page for its app, asking for the scopes it was
        registered with (and with a PKCE challenge where the instance takes PKCE)."""
        settings = _endpoints(settings)
        return _InstanceFlow(settings).authorize_url(settings, redirect_uri, state, code_verifier)

    def exchange_code(self, settings, redirect_uri, code, code_verifier, timeout):
        settings = _endpoints(settings)
        return _InstanceFlow(settings).exchange_code(settings, redirect_uri, code, code_verifier, timeout)


def _endpoints(settings):
    """An instance's settings with its OAuth endpoints, where every instance has them."""
    base = settings["api_base"]
    return {**settings, "auth_url": f"{base}/oauth/authorize", "token_url": f"{base}/oauth/token"}


@dataclass(frozen=True)
class RegisteredApp:
    client_id: str
    client_secret: str
    scopes: tuple
    pkce: bool


class _InstanceFlow(OAuthProvider):
    """The OAuth flow on one instance: its app's scopes, its address under the SSRF
    policy of instances (postline/platforms/mastodon/instance.py) rather than trusted."""

    provider = "mastodon"
    definite_refusals = Mastodon.definite_refusals

    def __init__(self, settings):
        self.scopes = tuple(settings.get("scopes") or Mastodon.scopes)
        self.pkce = bool(settings.get("pkce"))

    def session(self, settings, timeout, redirect_uri=None):
        return transport.mount(
            super().session(settings, timeout, redirect_uri), instance.policy(settings), timeout
        )


class OnInstances:
    """Mastodon's rules with some instances' limits (Mastodon.for_accounts): what the
    checks of a post at create and PATCH, and the console's counters, take."""

    platform = Mastodon.platform
    threads = Mastodon.threads
    comments = Mastodon.comments
    account_options = Mastodon.account_options

    def __init__(self, rules):
        self.rules = rules
        self.content_limit = rules.max_characters

    def check_content(self, content, media):
        return limits.check_content(content, media, self.rules)

    def check_comment(self, content):
        return limits.check_comment(content, self.rules)

    def check_options(self, options, media):
        return limits.check_options(options, media, self.rules)


ADAPTER = Mastodon()
