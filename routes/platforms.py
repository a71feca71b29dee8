"""Platforms: the networks this server publishes to, and which a key can connect now."""

from flask import g
from flask.views import MethodView
from marshmallow import Schema

from postline import platforms
from postline.connections import catalog
from postline.web import cursors
from postline.web.api import Blueprint, any_key
from postline.web.envelopes import list_envelope
from postline.web.listing import items_page, links_next_page, page_fields
from routes import examples
from schemas import PlatformProviderSchema

blp = Blueprint(
    "platforms",
    __name__,
    url_prefix="/v1/platforms",
    description="The networks this server publishes to, and whether each is ready to connect.",
)

PageQuerySchema = Schema.from_dict(page_fields(), name="PlatformsQuery")
LISTED_FOR = cursors.fingerprint("platforms")
ORDER = list(platforms.PROVIDERS)


@blp.route("")
class Platforms(MethodView):
    @blp.doc(operationId="listPlatforms")
    @any_key()
    @blp.arguments(PageQuerySchema, location="query")
    @blp.response(
        200, list_envelope(PlatformProviderSchema), example=examples.page(*examples.PLATFORM_PROVIDERS)
    )
    @links_next_page
    def get(self, args):
        """List the platforms this server publishes to

        One item per provider (what accounts are connected through), in a fixed order:
        its platforms, whether this server's settings for it are complete (`configured`),
        whether the calling key can connect an account of it now (`available`: a live
        key, and configured; Bluesky and Mastodon need no settings), and what one post
        may carry on each platform (`limits`). Any valid key may call it.
        """
        providers = catalog.providers(g.api_key.mode)
        return items_page(providers, _place, args, LISTED_FOR, g.request_id)


def _place(provider):
    """A provider's place in the registry's order: what a cursor keeps."""
    return ORDER.index(provider["provider"])
