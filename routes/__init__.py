"""The /v1 blueprints, one module per resource."""

from routes import api_keys, channels, health, usage

BLUEPRINTS = (health.blp, channels.blp, api_keys.blp, usage.blp)


def register(api):
    for blueprint in BLUEPRINTS:
        api.register_blueprint(blueprint)
