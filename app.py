"""The Postline API application: `gunicorn 'app:create_app()'`."""

from flask import Flask, send_from_directory
from swagger_ui_bundle import swagger_ui_path

import routes
from postline import VERSION, process
from postline.web import cli, errors, hooks, legacy, limits, uploads
from postline.web.api import Api

SWAGGER_ASSETS = "/docs/assets/"


def create_app(overrides=None):
    """Build the app from config.toml, the environment and `overrides` (nested dicts)."""
    settings = process.start(overrides=overrides)

    app = Flask(__name__)
    app.request_class = uploads.Request
    app.json.sort_keys = False  # fields in schema order: id first, error type before message
    app.config.update(
        POSTLINE=settings,
        MAX_CONTENT_LENGTH=settings["server"]["max_body_bytes"],
        API_TITLE="Postline",
        API_VERSION=VERSION,
        OPENAPI_VERSION="3.0.3",
        OPENAPI_URL_PREFIX="/",
        OPENAPI_JSON_PATH="openapi.json",
        OPENAPI_SWAGGER_UI_PATH="docs",
        OPENAPI_SWAGGER_UI_URL=SWAGGER_ASSETS,
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
    # Swagger UI's files ship in a Python package, so /docs works without internet access.
    app.add_url_rule(
        f"{SWAGGER_ASSETS}<path:filename>",
        "swagger_assets",
        lambda filename: send_from_directory(swagger_ui_path, filename),
    )
    limits.init_app(app)
    hooks.init_app(app)
    errors.register(app)
    cli.register(app)
    return app
