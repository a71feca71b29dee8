"""Channels: groups of posts and the platform connections they publish to."""

from flask import g
from flask.views import MethodView

from models import Channel
from postline import channels
from postline.connections import records
from postline.web.api import Blueprint, requires
from postline.web.envelopes import DeletedSchema, created, deleted, envelope, list_envelope, single
from postline.web.idempotency import idempotent
from postline.web.listing import TIMESTAMP_OPERATORS, Filter, Listing, links_next_page, scope
from postline.web.openapi import answers
from routes import examples
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
    @blp.doc(operationId="listChannels")
    @requires("channels:read")
    @blp.arguments(LISTING.query_schema, location="query")
    @blp.response(200, list_envelope(ChannelSchema), example=examples.page(examples.CHANNEL))
    @links_next_page
    def get(self, args):
        """List channels

        Newest first by default; filter by `name` (contains) or `createdAt`.
        """
        page = LISTING.page(scope(g.api_key), args, g.request_id)
        records.attach_connection_ids(page["data"])
        return page

    @blp.doc(operationId="createChannel")
    @requires("channels:write")
    @idempotent(envelope(ChannelSchema), examples.data(examples.CHANNEL))
    @blp.arguments(ChannelCreateSchema, example=examples.CHANNEL_CREATE)
    @blp.response(201, envelope(ChannelSchema), example=examples.data(examples.CHANNEL))
    def post(self, fields):
        """Create a channel

        A channel groups posts and the platform connections they publish to. Without
        `color`, one of a palette is assigned.
        """
        channel = channels.create(g.api_key, fields)
        return created(single(channel), "channels.ChannelById", channel_id=channel.id)


@blp.route("/<channel_id>")
class ChannelById(MethodView):
    @blp.doc(operationId="getChannel")
    @requires("channels:read")
    @blp.response(200, envelope(ChannelSchema), example=examples.data(examples.CHANNEL))
    def get(self, channel_id):
        """Retrieve a channel

        Another account's channel, or the other mode's, is a 404 like one that never existed.
        """
        return single(Channel.get_visible(g.api_key, channel_id))

    @blp.doc(operationId="updateChannel")
    @requires("channels:write")
    @blp.arguments(ChannelUpdateSchema, example=examples.CHANNEL_UPDATE)
    @blp.response(
        200, envelope(ChannelSchema), example=examples.data({**examples.CHANNEL, **examples.CHANNEL_UPDATE})
    )
    def patch(self, fields, channel_id):
        """Update a channel's name or color

        Send only what changes; the answer is the whole channel.
        """
        return single(channels.update(g.api_key, channel_id, fields))

    @blp.doc(operationId="deleteChannel", **answers(409))
    @requires("channels:write")
    @blp.response(200, envelope(DeletedSchema), example=examples.deleted(examples.CHANNEL_ID))
    def delete(self, channel_id):
        """Delete a channel and all its posts

        Refused with 409 CHANNEL_BUSY while one of its posts is publishing.
        """
        channels.delete(g.api_key, channel_id)
        return deleted(channel_id)
