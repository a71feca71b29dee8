"""Channels: list, create, rename or recolour, delete."""

from flask import redirect, request, url_for
from marshmallow import ValidationError

from models import Channel
from postline import channels
from postline.errors import DomainError
from routes.console.base import blp, form_errors, load, page, principal
from schemas import ChannelCreateSchema, ChannelUpdateSchema

CREATE = ChannelCreateSchema()
UPDATE = ChannelUpdateSchema()


def visible_channels():
    """The mode's channels, by name."""
    return list(Channel.visible_to(principal()).order_by(Channel.name, Channel.id))


def _channels_page(status=200, form=None, errors=None, editing=None):
    return page(
        "channels.html",
        status,
        title="Channels",
        channels=visible_channels(),
        form=form or {},
        errors=errors or {},
        editing=editing,
    )


@blp.get("/channels")
def channel_list():
    """List the channels."""
    return _channels_page()


@blp.post("/channels")
def create_channel():
    """Create a channel."""
    form = {"name": request.form.get("name", ""), "color": request.form.get("color", "")}
    try:
        channels.create(principal(), load(CREATE, form))
    except (DomainError, ValidationError) as error:
        return _channels_page(400, form, form_errors(error))
    return redirect(url_for("console.channel_list"))


@blp.post("/channels/<channel_id>")
def update_channel(channel_id):
    """Rename or recolour a channel."""
    form = {"name": request.form.get("name", ""), "color": request.form.get("color", "")}
    try:
        channels.update(principal(), channel_id, load(UPDATE, form))
    except (DomainError, ValidationError) as error:
        return _channels_page(400, errors=form_errors(error), editing=channel_id)
    return redirect(url_for("console.channel_list"))


@blp.post("/channels/<channel_id>/delete")
def delete_channel(channel_id):
    """Delete a channel and its posts."""
    channels.delete(principal(), channel_id)
    return redirect(url_for("console.channel_list"))
