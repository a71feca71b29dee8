"""Channels: groups of posts and the platform connections they publish to."""

import secrets

from flask import g
from flask.views import MethodView

from models import Channel
from postline.api import Blueprint, deleted, requires, single
from postline.listing import TIMESTAMP_OPERATORS, Filter, Listing
from schemas import (
    ChannelCreateSchema,
    ChannelSchema,
    ChannelUpdateSchema,
    DeletedSchema,
    envelope,
    list_envelope,
)

blp = Blueprint("channels", __name__, url_prefix="/v1/channels", description="Channels group posts.")

PALETTE = ("#4F46E5", "#0EA5E9", "#10B981", "#F59E0B", "#EF4444", "#8B5CF6", "#EC4899", "#64748B")

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
        return LISTING.page(Channel.visible_to(g.api_key), args, g.request_id)

    @requires("channels:write")
    @blp.arguments(ChannelCreateSchema)
    @blp.response(201, envelope(ChannelSchema))
    def post(self, fields):
        """Create a channel"""
        fields.setdefault("color", secrets.choice(PALETTE))
        return single(Channel.create_for(g.api_key, **fields))


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
        channel = Channel.get_visible(g.api_key, channel_id)
        for name, value in fields.items():
            setattr(channel, name, value)
        channel.save()
        return single(channel)

    @requires("channels:write")
    @blp.response(200, envelope(DeletedSchema))
    def delete(self, channel_id):
        """Delete a channel and its posts"""
        Channel.get_visible(g.api_key, channel_id).delete_instance()
        return deleted(channel_id)
