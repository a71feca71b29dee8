"""Webhooks: their URLs and signing secrets (decisions.md section 10).

Events fan out to webhooks in postline/events.py; postline/webhook_delivery.py sends them.
"""

import base64
import secrets

from models import Webhook, WebhookDelivery
from postline import clock, events, ssrf
from postline.errors import ApiError
from postline.keyring import keyring

SECRET_PREFIX = "whsec_"
# After a rotation the old secret keeps signing beside the new one for this long.
ROTATION_OVERLAP_MS = clock.DAY_MS


def new_secret():
    """`whsec_` + 32 random bytes, base64url without padding."""
    return SECRET_PREFIX + base64.urlsafe_b64encode(secrets.token_bytes(32)).rstrip(b"=").decode()


def check_url(url, settings):
    """Refuse (400, details field `url`) a URL the service must not call."""
    try:
        ssrf.check_url(url, settings["allow_http"], settings["allow_private_targets"])
    except ssrf.RefusedURL as refusal:
        raise ApiError.validation("url", str(refusal)) from None


def create(key, fields, settings):
    """A new webhook for the key's account and mode; returns (webhook, secret)."""
    check_url(fields["url"], settings)
    secret = new_secret()
    webhook = Webhook.create_for(
        key,
        url=fields["url"],
        events=ordered(fields["events"]),
        description=fields.get("description"),
        secret=keyring.encrypt(secret),
    )
    return webhook, secret


def check_update(fields, settings):
    """Validate a PATCH before any row is locked: the URL check may wait on DNS."""
    if "url" in fields:
        check_url(fields["url"], settings)
    if "events" in fields:
        fields["events"] = ordered(fields["events"])


def update(webhook, fields):
    """Apply a checked PATCH to a locked webhook; returns the new secret if `rotateSecret`
    asked for one, else None."""
    secret = None
    if fields.pop("rotate_secret", False):
        secret = new_secret()
        webhook.previous_secret = webhook.secret
        webhook.previous_secret_expires_at = clock.now_ms() + ROTATION_OVERLAP_MS
        webhook.secret = keyring.encrypt(secret)
    for name, value in fields.items():
        setattr(webhook, name, value)
    webhook.save()
    return secret


def ordered(event_types):
    """Event types without duplicates, in the contract's order."""
    return sorted(set(event_types), key=events.TYPES.index)


def signing_secrets(webhook, now_ms):
    """The secrets that sign a delivery now: the current one, then one being rotated out."""
    keys = [keyring.decrypt(webhook.secret)]
    if webhook.previous_secret and webhook.previous_secret_expires_at > now_ms:
        keys.append(keyring.decrypt(webhook.previous_secret))
    return keys


def resend(delivery):
    """A new delivery of the same event to the same webhook, due now (trigger `manual`)."""
    (delivery_id,) = WebhookDelivery.queue(
        [delivery.webhook], [delivery.event_id], delivery.event_type, "manual", clock.now_ms()
    )
    return WebhookDelivery.get_by_id(delivery_id)
