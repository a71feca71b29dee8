"""Providers with an app per server (Mastodon): accounts live on many servers
("instances"), each with its own OAuth server, so there is no app to configure.
Postline registers one on an instance the first time someone connects an account
there and keeps it (InstanceApp: its client_id and client_secret encrypted like
tokens), and every call about an account on that instance takes that instance's
settings (docs/platforms/mastodon.md, Connecting an instance).

- `named`: the instance an OAuth run starts on (`?instance=`, or `[<provider>]
  instance`), checked under the SSRF rules (400 naming `instance`);
- `app_settings`: its settings, the app registered first when it has none, or one
  registered for another redirect URI (Postline's public URL changed);
- `run_settings`: those of the instance a run was started on, at its callback;
- `connection_settings`: those of a connection's instance (any other provider's: its
  section), for the calls made for it: publishing, verifying, revoking;
- `refused`: an instance that no longer knows the app (`invalid_client`) gets it
  registered again at the next run.
"""

import json
import logging

from models import InstanceApp
from postline import clock, platforms
from postline.connections import settings
from postline.errors import Invalid, PlatformDown
from postline.keyring import keyring
from postline.platforms.mastodon import InstanceRefused

log = logging.getLogger(__name__)


def per_instance(provider):
    """Whether `provider` registers an app on each server instead of having settings."""
    return bool(getattr(platforms.provider(provider), "per_instance", False))


def named(provider, requested):
    """The instance a run of `provider` starts on: `requested`, else the provider's
    `instance` setting; 400 naming `instance` when there is none or it is refused.
    None for a provider of one server, which takes no `instance` (400 if given)."""
    adapter = platforms.provider(provider)
    if not per_instance(provider):
        if requested:
            raise Invalid.field("instance", f"{adapter.name} has one server: leave `instance` out")
        return None
    section = settings.provider_settings(provider)
    text = requested or section.get("instance")
    if not text:
        example = "such as mastodon.social"
        raise Invalid.field("instance", f"required: the {adapter.name} server the account is on, {example}")
    try:
        return adapter.instance_named(text, section)
    except InstanceRefused as refusal:
        raise Invalid.field("instance", refusal.message) from None


def app_settings(provider, instance):
    """The settings of Postline's app on `instance`, registered there first when needed.
    Invalid naming `instance` when the server refuses (not a Mastodon server, or not
    one Postline may call), PlatformDown when it cannot answer now."""
    adapter = platforms.provider(provider)
    section = settings.provider_settings(provider)
    redirect = settings.redirect_uri(provider)
    app = InstanceApp.of(provider, instance.host)
    try:
        if app is None or app.redirect_uri != redirect or app.base_url != instance.base_url:
            app = _register(adapter, provider, instance, section, redirect)
        elif app.limits is None:
            _read_limits(adapter, provider, instance, section)
            app = InstanceApp.of(provider, instance.host)
    except InstanceRefused as refusal:
        raise Invalid.field("instance", refusal.message) from None
    except platforms.PlatformUnavailable as failure:
        raise PlatformDown(f"{instance.host} cannot be reached now: {failure.message}") from None
    return _settings(section, app)


def run_settings(provider, host):
    """The settings of the instance an OAuth run was started on (its OAuthState's
    `instance`); the provider's section for a provider of one server. None when the
    instance's app was forgotten meanwhile."""
    if host is None:
        return settings.provider_settings(provider)
    app = InstanceApp.of(provider, host)
    return (
        _settings(settings.provider_settings(provider), app) if app is not None and app.redirect_uri else None
    )


def connection_settings(connection):
    """The settings of the calls made for `connection`: its instance's where its
    provider has an app per server, else the provider's section."""
    section = settings.provider_settings(connection.provider)
    if not per_instance(connection.provider):
        return section
    host = platforms.provider(connection.provider).instance_of(connection.platform_account_id)
    app = InstanceApp.of(connection.provider, host)
    return _settings(section, app) if app is not None else section


def refused(provider, host, error):
    """Note a refusal at a run's callback: `invalid_client` means the instance no
    longer knows Postline's app (instances before Mastodon 4.3 deleted unused ones),
    so the next run registers it again."""
    if host is not None and getattr(error, "code", None) == "invalid_client":
        log.warning("%s: %s no longer knows Postline's app: it is registered again next time", provider, host)
        InstanceApp.forget(provider, host)


def _register(adapter, provider, instance, section, redirect):
    registered = adapter.register_app(instance, section, redirect, settings.timeout())
    now = clock.now_ms()
    fields = {
        InstanceApp.base_url: instance.base_url,
        InstanceApp.client_id: keyring.encrypt(registered.client_id),
        InstanceApp.client_secret: keyring.encrypt(registered.client_secret),
        InstanceApp.redirect_uri: redirect,
        InstanceApp.scopes: list(registered.scopes),
        InstanceApp.pkce: registered.pkce,
        InstanceApp.updated_at: now,
    }
    # Two runs registering on one instance at once: the later app is kept (a run
    # started with the other one then fails at its callback, and is started again).
    (
        InstanceApp.insert(
            {
                **fields,
                InstanceApp.provider: provider,
                InstanceApp.host: instance.host,
                InstanceApp.created_at: now,
            }
        )
        .on_conflict(conflict_target=[InstanceApp.provider, InstanceApp.host], update=fields)
        .execute()
    )
    _read_limits(adapter, provider, instance, section)
    return InstanceApp.of(provider, instance.host)


def _read_limits(adapter, provider, instance, section):
    """Keep what the instance says of its limits now; when it cannot say, its
    statuses are checked against Mastodon's defaults until publishing reads them."""
    try:
        limits = adapter.read_limits(instance, section, settings.timeout())
    except (platforms.PlatformUnavailable, InstanceRefused) as failure:
        log.warning("%s: %s did not say its limits: %s", provider, instance.host, failure.message)
        return
    InstanceApp.store_limits(provider, instance.host, limits.kept(), clock.now_ms())


def _settings(section, app):
    """The settings of the calls on `app`'s instance: the provider's section, with the
    instance (`instance`, `api_base`), the app, and the limits it last said."""
    return {
        **section,
        "instance": app.host,
        "api_base": app.base_url,
        "client_id": keyring.decrypt(app.client_id),
        "client_secret": keyring.decrypt(app.client_secret),
        "scopes": list(app.scopes),
        "pkce": app.pkce,
        "limits": json.loads(app.limits) if app.limits else None,
        "limits_read_at": app.limits_read_at,
    }
