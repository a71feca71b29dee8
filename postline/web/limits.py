"""The app's rate limiter (postline/limits/limiter.py), built once from the settings."""

from flask import current_app

from postline.limits.limiter import Limiter


def init_app(app):
    app.extensions["postline.limiter"] = Limiter.from_settings(app.config["POSTLINE"])


def limiter():
    """The configured Limiter, or None when `[limits] enabled` is false."""
    return current_app.extensions["postline.limiter"]


def admit(key, endpoint):
    """Count a request of `key` to `endpoint`, or refuse it; the tightest limit's Status,
    or None when limits are off."""
    active = limiter()
    return None if active is None else active.admit(key, endpoint)


def standing(key):
    """The key's windows now (Limiter.standing), or None when limits are off."""
    active = limiter()
    return None if active is None else active.standing(key)
