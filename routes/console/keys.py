"""API keys: list, create (the full key shown once), revoke."""

from flask import redirect, request, url_for
from marshmallow import ValidationError

from models import LIVE, ApiKey
from postline.accounts import keys
from postline.errors import DomainError
from routes.console.base import blp, form_errors, load, page, principal
from schemas import ApiKeyCreateSchema

CREATE = ApiKeyCreateSchema()


def _keys_page(status=200, **context):
    listed = ApiKey.visible_to(principal()).order_by(ApiKey.created_at.desc(), ApiKey.id.desc())
    return page(
        "keys.html", status, title="API keys", keys=list(listed), permissions=keys.PERMISSIONS, **context
    )


@blp.get("/keys")
def api_keys():
    """List this mode's API keys."""
    return _keys_page(form={}, errors={})


@blp.post("/keys")
def create_key():
    """Create a key with the chosen permissions and mode; show it once."""
    form = {
        "name": request.form.get("name", ""),
        "permissions": request.form.getlist("permissions"),
        "mode": request.form.get("mode", ""),
        "expiresIn": request.form.get("expiresIn", ""),
    }
    try:
        fields = load(CREATE, form)
        # A person may make keys of either mode, whichever mode the console shows.
        record, full_key = keys.create(principal(LIVE), fields)
    except (DomainError, ValidationError) as error:
        return _keys_page(400, form=form, errors=form_errors(error))
    return _keys_page(201, form={}, errors={}, created=record, full_key=full_key)


@blp.post("/keys/<key_id>/revoke")
def revoke_key(key_id):
    """Revoke a key: it answers 401 from its next request on."""
    keys.revoke(principal(), key_id)
    return redirect(url_for("console.api_keys"))
