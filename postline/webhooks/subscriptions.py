"""Webhooks: their URLs and signing secrets (docs/webhooks.md).

Events fan out to webhooks in postline/webhooks/events.py; delivery.py sends them.
"""

import base64
import secrets

from models import Webhook, WebhookDelivery
from postline import clock
from postline.errors import Invalid
from postline.keyring import keyring
from postline.net import ssrf
from postline.statuses import DeliveryTrigger
from postline.webhooks import events

SECRET_PREFIX = "whsec_"
# After a rotation the old secret keeps signing beside the new one for this long.
ROTATION_OVERLAP_MS = clock.DAY_MS


def new_secret():
    """`whsec_` + 32 random bytes in standard, padded base64: the Standard Webhooks form,
    which its libraries decode. Secrets issued earlier in base64url stay valid: a
    signature is keyed with the whole string, never its decoded bytes."""
    return SECRET_PREFIX + base64.b64encode(secrets.token_bytes(32)).decode()


# The [webhooks] setting that would let through what each SSRF switch guards.
SETTINGS = {"allow_http": "allow_http", "allow_private": "allow_private_targets"}


def check_url(url, settings):
    """Refuse (Invalid, details field `url`) a URL the service must not call."""
    try:
        ssrf.check_url(url, settings["allow_http"], settings["allow_private_targets"])
    except ssrf.RefusedURL as refusal:
        needed = ssrf.switches_needed(url, refusal.allowed_by, settings["allow_private_targets"])
        raise Invalid.field("url", ssrf.explain(str(refusal), needed, "webhooks", SETTINGS)) from None


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


def update(key, webhook_id, fields, settings):
    """Change a webhook; returns (webhook, the new secret if `rotateSecret` asked for one)."""
    # Checked before any row is locked: the URL check may wait on DNS.
    if "url" in fields:
        check_url(fields["url"], settings)
    if "events" in fields:
        fields["events"] = ordered(fields["events"])
    if fields.get("active"):
        # Enabled again by hand: the service's reason for disabling it no longer stands.
        fields.update(disabled_reason=None, failing_since=None)
    secret = new_secret() if fields.pop("rotate_secret", False) else None

    def rotate(webhook):
        webhook.previous_secret = webhook.secret
        webhook.previous_secret_expires_at = clock.now_ms() + ROTATION_OVERLAP_MS
        webhook.secret = keyring.encrypt(secret)

    webhook = Webhook.update_visible(key, webhook_id, fields, rotate if secret else None)
    return webhook, secret


def disable(webhook, reason, failing_since):
    """Stop sending to a webhook the service judged dead; PATCH `active: true` revives it."""
    now = clock.now_ms()
    Webhook.update(active=False, disabled_reason=reason, failing_since=failing_since, updated_at=now).where(
        Webhook.id == webhook.id
    ).execute()


def delete(key, webhook_id):
    """Delete a webhook and its delivery history."""
    Webhook.get_visible(key, webhook_id).delete_instance()


def ordered(event_types):
    """Event types without duplicates, in the contract's order."""
    return sorted(set(event_types), key=events.TYPES.index)


def signing_secrets(webhook, now_ms):
    """The secrets that sign a delivery now: the current one, then one being rotated out."""
    keys = [keyring.decrypt(webhook.secret)]
    if webhook.previous_secret and webhook.previous_secret_expires_at > now_ms:
        keys.append(keyring.decrypt(webhook.previous_secret))
    return keys


def resend(key, webhook_id, delivery_id):
    """A new delivery of a delivery's event to the same webhook, due now (trigger `manual`)."""
    delivery = delivery_of(key, webhook_id, delivery_id)
    (new_id,) = WebhookDelivery.queue(
        [delivery.webhook], [delivery.event_id], delivery.event_type, DeliveryTrigger.MANUAL, clock.now_ms()
    )
    return WebhookDelivery.get_by_id(new_id)


def delivery_of(key, webhook_id, delivery_id):
    """One delivery of a webhook the key may see; NotFound otherwise."""
    webhook = Webhook.get_visible(key, webhook_id)
    return WebhookDelivery.get_of(webhook.id, delivery_id)
