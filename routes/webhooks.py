"""Webhooks: endpoints that receive the account's events, and their delivery history."""

from flask import current_app, g
from flask.views import MethodView

from models import Webhook, WebhookDelivery
from postline import tallies
from postline.web.api import Blueprint, requires
from postline.web.choices import DELIVERY_STATUS, DELIVERY_TRIGGER
from postline.web.envelopes import DeletedSchema, created, deleted, envelope, list_envelope, single
from postline.web.idempotency import idempotent
from postline.web.listing import TIMESTAMP_OPERATORS, Filter, Listing, links_next_page, scope
from postline.webhooks import events, subscriptions
from routes import examples
from schemas import (
    WebhookCreateSchema,
    WebhookDeliverySchema,
    WebhookSchema,
    WebhookUpdateSchema,
    WebhookWithSecretSchema,
)

blp = Blueprint(
    "webhooks", __name__, url_prefix="/v1/webhooks", description="Webhooks push events to your endpoint."
)

LISTING = Listing("Webhook", Webhook)
DELIVERY_LISTING = Listing(
    "WebhookDelivery",
    WebhookDelivery,
    filters=[
        Filter("status", WebhookDelivery.status, ("eq", "ne", "in"), choices=DELIVERY_STATUS),
        Filter("event", WebhookDelivery.event_type, ("eq", "ne", "in"), choices=events.TYPES),
        Filter("trigger", WebhookDelivery.trigger, ("eq", "ne", "in"), choices=DELIVERY_TRIGGER),
        Filter("createdAt", WebhookDelivery.created_at, TIMESTAMP_OPERATORS, kind="timestamp"),
    ],
    default_sort="-createdAt",
    scope=WebhookDelivery.of,
    noun="deliveries",
)


DELIVERY = "webhooks.DeliveryById"  # where a delivery made by a POST is


def _settings():
    return current_app.config["POSTLINE"]["webhooks"]


@blp.route("")
class Webhooks(MethodView):
    @blp.doc(operationId="listWebhooks")
    @requires("webhooks:read")
    @blp.arguments(LISTING.query_schema, location="query")
    @blp.response(200, list_envelope(WebhookSchema), example=examples.page(examples.WEBHOOK))
    @links_next_page
    def get(self, args):
        """List webhooks

        Oldest first by default. Secrets are never shown again after the answer that made them.
        """
        return LISTING.page(scope(g.api_key), args, g.request_id)

    @blp.doc(operationId="createWebhook")
    @requires("webhooks:write")
    @idempotent(envelope(WebhookWithSecretSchema), examples.data(examples.WEBHOOK_WITH_SECRET))
    @blp.arguments(WebhookCreateSchema, example=examples.WEBHOOK_CREATE)
    @blp.response(201, envelope(WebhookWithSecretSchema), example=examples.data(examples.WEBHOOK_WITH_SECRET))
    def post(self, fields):
        """Create a webhook; its signing secret appears in this answer only

        The URL must be https and reach the public internet: localhost, private,
        link-local and other internal addresses are refused (400, details field `url`).
        """
        webhook, secret = subscriptions.create(g.api_key, fields, _settings())
        webhook.new_secret = secret
        return created(single(webhook), "webhooks.WebhookById", webhook_id=webhook.id)


@blp.route("/<webhook_id>")
class WebhookById(MethodView):
    @blp.doc(operationId="getWebhook")
    @requires("webhooks:read")
    @blp.response(200, envelope(WebhookSchema), example=examples.data(examples.WEBHOOK))
    def get(self, webhook_id):
        """Retrieve a webhook (never its secret)

        Its delivery history is at `/v1/webhooks/{webhook_id}/deliveries`.
        """
        return single(Webhook.get_visible(g.api_key, webhook_id))

    @blp.doc(operationId="updateWebhook")
    @requires("webhooks:write")
    @blp.arguments(WebhookUpdateSchema, example=examples.WEBHOOK_UPDATE)
    @blp.response(
        200,
        envelope(WebhookWithSecretSchema),
        example=examples.data({**examples.WEBHOOK, **examples.WEBHOOK_UPDATE}),
    )
    def patch(self, fields, webhook_id):
        """Update a webhook, or rotate its secret

        With `rotateSecret: true` the answer holds the new secret, once. For 24 hours
        deliveries carry two `v1=` signatures, by the new and by the old secret.
        """
        webhook, secret = subscriptions.update(g.api_key, webhook_id, fields, _settings())
        if secret:
            webhook.new_secret = secret
        return single(webhook)

    @blp.doc(operationId="deleteWebhook")
    @requires("webhooks:write")
    @blp.response(200, envelope(DeletedSchema), example=examples.deleted(examples.WEBHOOK_ID))
    def delete(self, webhook_id):
        """Delete a webhook and its delivery history

        Deliveries still pending are dropped with it.
        """
        subscriptions.delete(g.api_key, webhook_id)
        return deleted(webhook_id)


@blp.route("/<webhook_id>/test")
class WebhookTest(MethodView):
    @blp.doc(operationId="sendWebhookTest")
    @requires("webhooks:write")
    @blp.response(201, envelope(WebhookDeliverySchema), example=examples.data(examples.TEST_DELIVERY))
    def post(self, webhook_id):
        """Send a `webhook.test` event to the webhook

        The event goes to this webhook alone, whether or not it subscribes to
        `webhook.test` and even while it is inactive. The answer is the delivery,
        `pending` until the worker has sent it.
        """
        delivery = events.record_test(Webhook.get_visible(g.api_key, webhook_id))
        return created(single(delivery), DELIVERY, webhook_id=webhook_id, delivery_id=delivery.id)


@blp.route("/<webhook_id>/deliveries")
class Deliveries(MethodView):
    @blp.doc(operationId="listWebhookDeliveries")
    @requires("webhooks:read")
    @blp.arguments(DELIVERY_LISTING.query_schema, location="query")
    @blp.response(200, list_envelope(WebhookDeliverySchema), example=examples.page(examples.DELIVERY))
    @links_next_page
    def get(self, args, webhook_id):
        """List a webhook's deliveries, newest first

        Each delivery shows its attempts so far, the receiver's last answer (status and
        first 1 KB) and when the next attempt is due. Kept for 30 days.
        """
        webhook = Webhook.get_visible(g.api_key, webhook_id)
        total = tallies.DELIVERIES.count_for_listing((webhook.id,), DELIVERY_LISTING.named_filters(args))
        return DELIVERY_LISTING.page((webhook.id,), args, g.request_id, total=total)


@blp.route("/<webhook_id>/deliveries/<delivery_id>")
class DeliveryById(MethodView):
    @blp.doc(operationId="getWebhookDelivery")
    @requires("webhooks:read")
    @blp.response(200, envelope(WebhookDeliverySchema), example=examples.data(examples.DELIVERY))
    def get(self, webhook_id, delivery_id):
        """Retrieve one delivery

        The same record as in the delivery history.
        """
        return single(subscriptions.delivery_of(g.api_key, webhook_id, delivery_id))


@blp.route("/<webhook_id>/deliveries/<delivery_id>/retry")
class DeliveryRetry(MethodView):
    @blp.doc(operationId="retryWebhookDelivery")
    @requires("webhooks:write")
    @blp.response(
        201,
        envelope(WebhookDeliverySchema),
        example=examples.data({**examples.TEST_DELIVERY, "trigger": "manual"}),
    )
    def post(self, webhook_id, delivery_id):
        """Send a delivery's event again, now

        The answer is a new delivery of the same event (trigger `manual`), with the
        usual retries if it fails; the original delivery is left as it was.
        """
        delivery = subscriptions.resend(g.api_key, webhook_id, delivery_id)
        return created(single(delivery), DELIVERY, webhook_id=webhook_id, delivery_id=delivery.id)
