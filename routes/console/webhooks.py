"""Webhooks: list, create (the secret shown once), delivery history with each
answer, retry a delivery, send a test, delete."""

from flask import current_app, redirect, request, url_for
from marshmallow import ValidationError

from models import Webhook, WebhookDelivery
from postline.errors import DomainError
from postline.webhooks import events, subscriptions
from routes.console.base import blp, form_errors, load, not_found_is_404, page, principal
from schemas import WebhookCreateSchema

CREATE = WebhookCreateSchema()
HISTORY_LENGTH = 50


def _webhooks_page(status=200, form=None, errors=None, created=None, secret=None):
    webhooks = Webhook.visible_to(principal()).order_by(Webhook.created_at, Webhook.id)
    return page(
        "webhooks.html",
        status,
        title="Webhooks",
        webhooks=list(webhooks),
        event_types=events.TYPES,
        form=form or {"events": list(events.TYPES)},
        errors=errors or {},
        created=created,
        secret=secret,
    )


@blp.get("/webhooks")
def webhook_list():
    """List the webhooks."""
    return _webhooks_page()


@blp.post("/webhooks")
def create_webhook():
    """Create a webhook; show its signing secret once."""
    form = {
        "url": request.form.get("url", "").strip(),
        "events": request.form.getlist("events"),
        "description": request.form.get("description", ""),
    }
    try:
        webhook, secret = subscriptions.create(
            principal(), load(CREATE, form), current_app.config["POSTLINE"]["webhooks"]
        )
    except (DomainError, ValidationError) as error:
        return _webhooks_page(400, form, form_errors(error))
    return _webhooks_page(201, created=webhook, secret=secret)


@blp.get("/webhooks/<webhook_id>")
@not_found_is_404
def show_webhook(webhook_id):
    """Show a webhook and its latest deliveries, each with the receiver's answer."""
    webhook = Webhook.get_visible(principal(), webhook_id)
    deliveries = (
        WebhookDelivery.of(webhook.id)
        .order_by(WebhookDelivery.created_at.desc(), WebhookDelivery.id.desc())
        .limit(HISTORY_LENGTH)
    )
    return page("webhook.html", title=f"Webhook {webhook.url}", webhook=webhook, deliveries=list(deliveries))


@blp.post("/webhooks/<webhook_id>/test")
def test_webhook(webhook_id):
    """Send a webhook.test event to the webhook."""
    events.record_test(Webhook.get_visible(principal(), webhook_id))
    return redirect(url_for("console.show_webhook", webhook_id=webhook_id))


@blp.post("/webhooks/<webhook_id>/deliveries/<delivery_id>/retry")
def retry_delivery(webhook_id, delivery_id):
    """Send a delivery's event again, now."""
    subscriptions.resend(principal(), webhook_id, delivery_id)
    return redirect(url_for("console.show_webhook", webhook_id=webhook_id))


@blp.post("/webhooks/<webhook_id>/delete")
def delete_webhook(webhook_id):
    """Delete a webhook and its delivery history."""
    subscriptions.delete(principal(), webhook_id)
    return redirect(url_for("console.webhook_list"))
