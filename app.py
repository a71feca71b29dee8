"""The Postline API application: `gunicorn 'app:create_app()'`."""

import routes
from postline import VERSION, process
from postline.web import cli, encoding, errors, hooks, legacy, limits, uploads
from postline.web.api import Api
from postline.web.flask_app import PostlineFlask


def create_app(overrides=None):
    """Build the app from config.toml, the environment and `overrides` (nested dicts)."""
    settings = process.start(overrides=overrides)

    app = PostlineFlask(__name__)
    app.request_class = uploads.Request
    app.json = encoding.JSONProvider(app)
    app.config.update(
        POSTLINE=settings,
        MAX_CONTENT_LENGTH=settings["server"]["max_body_bytes"],
        API_TITLE="Postline",
        API_VERSION=VERSION,
        OPENAPI_VERSION="3.0.3",
        OPENAPI_URL_PREFIX="/",
        OPENAPI_JSON_PATH="openapi.json",  # /docs, which reads it, is routes/docs.py
        API_SPEC_OPTIONS={
            "info": {"description": "Schedule social media posts through a REST API."},
            "servers": [{"url": settings["server"]["public_url"]}],
            "components": {
                "securitySchemes": {
                    "bearerAuth": {
                        "type": "http",
                        "scheme": "bearer",
                        "bearerFormat": "service_sk_<mode>_<prefix>_<secret>",
                    }
                }
            },
            "security": [{"bearerAuth": []}],
        },
    )
    api = Api(app)
    routes.register(api, app)
    legacy.register(app)
    limits.init_app(app)
    hooks.init_app(app)
    errors.register(app)
    cli.register(app)
    return app
