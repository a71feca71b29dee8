"""The blueprints: the /v1 resources, one module each, and the service's own pages."""

from routes import api_keys, channels, health, posts, service, usage, webhooks

BLUEPRINTS = (service.blp, health.blp, channels.blp, posts.blp, webhooks.blp, api_keys.blp, usage.blp)


def register(api):
    for blueprint in BLUEPRINTS:
        api.register_blueprint(blueprint)
