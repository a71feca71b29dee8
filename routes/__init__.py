"""The blueprints: the /v1 resources, one module each, the service's own pages, the
public media URLs, /docs and the icon, and the web console; and the webhook events the
document describes."""

from routes import (
    api_keys,
    channels,
    connections,
    console,
    docs,
    health,
    imports,
    media,
    platforms,
    posts,
    public_media,
    schedules,
    series,
    service,
    usage,
    webhooks,
)
from schemas import EVENTS

BLUEPRINTS = (
    service.blp,
    health.blp,
    channels.blp,
    schedules.blp,
    connections.blp,
    platforms.blp,
    posts.blp,
    series.blp,
    imports.blp,
    media.blp,
    webhooks.blp,
    api_keys.blp,
    usage.blp,
)


def register(api, app):
    for blueprint in BLUEPRINTS:
        api.register_blueprint(blueprint)
    api.document_events(EVENTS)
    imports.init_app(app)
    if app.config["POSTLINE"]["server"]["metrics"]:
        api.register_blueprint(service.metrics_blp)
    # Not through `api`: these answer without a key and stay out of the OpenAPI document.
    app.register_blueprint(public_media.blp)
    app.register_blueprint(docs.blp)
    console.register(app)
