"""The /v1 blueprints, one module per resource."""

from routes import api_keys, channels, health, posts, usage, webhooks

BLUEPRINTS = (health.blp, channels.blp, posts.blp, webhooks.blp, api_keys.blp, usage.blp)


def register(api):
    for blueprint in BLUEPRINTS:
        api.register_blueprint(blueprint)
