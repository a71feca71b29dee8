"""The /v1 blueprints, one module per resource, and the public media URLs beside them."""

from routes import api_keys, channels, health, media, posts, public_media, usage, webhooks

BLUEPRINTS = (health.blp, channels.blp, posts.blp, media.blp, webhooks.blp, api_keys.blp, usage.blp)


def register(api, app):
    for blueprint in BLUEPRINTS:
        api.register_blueprint(blueprint)
    # Not through `api`: these answer without a key and stay out of the OpenAPI document.
    app.register_blueprint(public_media.blp)
