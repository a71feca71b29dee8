"""The web console at /console: server-rendered pages for people, over the same domain
functions the /v1 views call (docs/console.md). One module per page; each
adds its views to the one blueprint of routes/console/base.py."""

# Each page module adds its views to the blueprint when imported.
from routes.console import auth, channels, connections, imports, keys, posts, schedules, usage, webhooks  # noqa: F401
from routes.console.base import blp

# Pages in the navigation bar, in order: (endpoint, label).
NAVIGATION = [
    ("console.calendar", "Calendar"),
    ("console.import_page", "Import"),
    ("console.channel_list", "Channels"),
    ("console.connection_list", "Connections"),
    ("console.api_keys", "API keys"),
    ("console.webhook_list", "Webhooks"),
    ("console.usage_page", "Usage"),
    ("console.user_settings", "Settings"),
]


def register(app):
    app.register_blueprint(blp)
    app.jinja_env.globals["console_navigation"] = NAVIGATION
