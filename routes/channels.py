"""Channels: groups of posts and the platform connections they publish to."""

from flask import g
from flask.views import MethodView

from models import Channel
from postline import channels
from postline.web.api import Blueprint, requires
from postline.web.envelopes import DeletedSchema, deleted, envelope, list_envelope, single
from postline.web.idempotency import idempotent
from postline.web.listing import TIMESTAMP_OPERATORS, Filter, Listing, scope
from schemas import ChannelCreateSchema, ChannelSchema, ChannelUpdateSchema

blp = Blueprint("channels", __name__, url_prefix="/v1/channels", description="Channels group posts.")

LISTING = Listing(
    "Channel",
    Channel,
    filters=[
        Filter("name", Channel.name, ("contains",)),
        Filter("createdAt", Channel.created_at, TIMESTAMP_OPERATORS, kind="timestamp"),
    ],
    sorts={"createdAt": Channel.created_at, "name": Channel.name},
)


@blp.route("")
class Channels(MethodView):
    @requires("channels:read")
    @blp.arguments(LISTING.query_schema, location="query")
    @blp.response(200, list_envelope(ChannelSchema))
    def get(self, args):
        """List channels"""
        return LISTING.page(scope(g.api_key), args, g.request_id)

    @requires("channels:write")
    @idempotent(envelope(ChannelSchema))
    @blp.arguments(ChannelCreateSchema)
    @blp.response(201, envelope(ChannelSchema))
    def post(self, fields):
        """Create a channel"""
        return single(channels.create(g.api_key, fields))


@blp.route("/<channel_id>")
class ChannelById(MethodView):
    @requires("channels:read")
    @blp.response(200, envelope(ChannelSchema))
    def get(self, channel_id):
        """Retrieve a channel"""
        return single(Channel.get_visible(g.api_key, channel_id))

    @requires("channels:write")
    @blp.arguments(ChannelUpdateSchema)
    @blp.response(200, envelope(ChannelSchema))
    def patch(self, fields, channel_id):
        """Update a channel's name or color"""
        return single(channels.update(g.api_key, channel_id, fields))

    @requires("channels:write")
    @blp.response(200, envelope(DeletedSchema))
    def delete(self, channel_id):
        """Delete a channel and all its posts

        Refused with 409 CHANNEL_BUSY while one of its posts is publishing.
        """
        channels.delete(g.api_key, channel_id)
        return deleted(channel_id)
