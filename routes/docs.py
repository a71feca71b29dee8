"""The interactive API reference at /docs, and the service's icon: pages for people,
without an API key, outside the OpenAPI document.

/docs is Swagger UI, its files served from the swagger_ui_bundle package (no internet
access needed), with one addition of Postline's (routes/static/try-it-out.js): "Try
it out" on an operation whose example body names the example channel sends it with the
first channel the entered key sees instead, so that the examples work as sent on an
install that has a channel (docs/api.md, The OpenAPI document).
"""

from flask import Blueprint, render_template, send_from_directory
from swagger_ui_bundle import swagger_ui_path

from routes import examples

blp = Blueprint("docs", __name__, template_folder="templates", static_folder="static")

ASSETS = "/docs/assets/"
# A day: the icon changes with a release, if ever.
ICON_MAX_AGE = 86_400


@blp.get("/docs")
def reference():
    """Show the interactive API reference."""
    return render_template(
        "api_reference.html", assets=ASSETS, spec_url="/openapi.json", example_channel=examples.CHANNEL_ID
    )


@blp.get(f"{ASSETS}<path:filename>")
def swagger_asset(filename):
    """Send one of Swagger UI's files."""
    return send_from_directory(swagger_ui_path, filename)


@blp.get("/docs/try-it-out.js")
def try_it_out():
    """Send the script that fills the example channel in."""
    return send_from_directory(blp.static_folder, "try-it-out.js")


@blp.get("/favicon.ico")
def favicon():
    """Send the service's icon (browsers ask for it on every page of the console and /docs)."""
    return send_from_directory(blp.static_folder, "favicon.ico", max_age=ICON_MAX_AGE)
