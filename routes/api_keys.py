"""API keys: create (shown once), list, rename, re-scope and revoke."""

from flask import g
from flask.views import MethodView

from models import ApiKey
from postline.accounts import keys
from postline.web.api import Blueprint, requires
from postline.web.envelopes import DeletedSchema, deleted, envelope, list_envelope, single
from postline.web.idempotency import idempotent
from postline.web.listing import Listing, scope
from schemas import ApiKeyCreatedSchema, ApiKeyCreateSchema, ApiKeySchema, ApiKeyUpdateSchema

blp = Blueprint("api-keys", __name__, url_prefix="/v1/api-keys", description="API keys.")

LISTING = Listing("ApiKey", ApiKey, sorts={"createdAt": ApiKey.created_at, "name": ApiKey.name})


@blp.route("")
class ApiKeys(MethodView):
    @requires("api-keys:read")
    @blp.arguments(LISTING.query_schema, location="query")
    @blp.response(200, list_envelope(ApiKeySchema))
    def get(self, args):
        """List the keys of this account and mode"""
        return LISTING.page(scope(g.api_key), args, g.request_id)

    @requires("api-keys:write")
    @idempotent(envelope(ApiKeyCreatedSchema))
    @blp.arguments(ApiKeyCreateSchema)
    @blp.response(201, envelope(ApiKeyCreatedSchema))
    def post(self, fields):
        """Create a key; the full key appears in this answer only

        Without `permissions` the new key gets every permission of the creating key.
        A key cannot grant what it does not hold, and a test key cannot create a live key.
        """
        record, full_key = keys.create(g.api_key, fields)
        record.key = full_key
        return single(record)


@blp.route("/<key_id>")
class ApiKeyById(MethodView):
    @requires("api-keys:read")
    @blp.response(200, envelope(ApiKeySchema))
    def get(self, key_id):
        """Retrieve a key (never its secret)"""
        return single(ApiKey.get_visible(g.api_key, key_id))

    @requires("api-keys:write")
    @blp.arguments(ApiKeyUpdateSchema)
    @blp.response(200, envelope(ApiKeySchema))
    def patch(self, fields, key_id):
        """Rename a key or change its permissions (never beyond the caller's own)"""
        return single(keys.update(g.api_key, key_id, fields))

    @requires("api-keys:write")
    @blp.response(200, envelope(DeletedSchema))
    def delete(self, key_id):
        """Revoke a key; it answers 401 from the next request on"""
        keys.revoke(g.api_key, key_id)
        return deleted(key_id)
