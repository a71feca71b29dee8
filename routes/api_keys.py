"""API keys: create (shown once), list, rename, re-scope and revoke."""

from flask import g
from flask.views import MethodView

from models import ApiKey
from postline.accounts import keys
from postline.web.api import Blueprint, requires
from postline.web.envelopes import DeletedSchema, created, deleted, envelope, list_envelope, single
from postline.web.idempotency import idempotent
from postline.web.listing import Listing, links_next_page, scope
from routes import examples
from schemas import ApiKeyCreatedSchema, ApiKeyCreateSchema, ApiKeySchema, ApiKeyUpdateSchema

blp = Blueprint("api-keys", __name__, url_prefix="/v1/api-keys", description="API keys.")

LISTING = Listing(
    "ApiKey", ApiKey, sorts={"createdAt": ApiKey.created_at, "name": ApiKey.name}, noun="API keys"
)


@blp.route("")
class ApiKeys(MethodView):
    @blp.doc(operationId="listApiKeys")
    @requires("api-keys:read")
    @blp.arguments(LISTING.query_schema, location="query")
    @blp.response(200, list_envelope(ApiKeySchema), example=examples.page(examples.KEY))
    @links_next_page
    def get(self, args):
        """List the keys of this account and mode

        Revoked keys are not listed. A test key lists test keys, a live key live keys.
        """
        return LISTING.page(scope(g.api_key), args, g.request_id)

    @blp.doc(operationId="createApiKey")
    @requires("api-keys:write")
    @idempotent(envelope(ApiKeyCreatedSchema), examples.data(examples.KEY_CREATED))
    @blp.arguments(ApiKeyCreateSchema, example=examples.KEY_CREATE)
    @blp.response(201, envelope(ApiKeyCreatedSchema), example=examples.data(examples.KEY_CREATED))
    def post(self, fields):
        """Create a key; the full key appears in this answer only

        Without `permissions` the new key gets every permission of the creating key.
        A key cannot grant what it does not hold, and a test key cannot create a live key.
        """
        record, full_key = keys.create(g.api_key, fields)
        record.key = full_key
        return created(single(record), "api-keys.ApiKeyById", key_id=record.id)


@blp.route("/<key_id>")
class ApiKeyById(MethodView):
    @blp.doc(operationId="getApiKey")
    @requires("api-keys:read")
    @blp.response(200, envelope(ApiKeySchema), example=examples.data(examples.KEY))
    def get(self, key_id):
        """Retrieve a key (never its secret)

        The record shows the key's prefix, permissions and when it was last used.
        """
        return single(ApiKey.get_visible(g.api_key, key_id))

    @blp.doc(operationId="updateApiKey")
    @requires("api-keys:write")
    @blp.arguments(ApiKeyUpdateSchema, example=examples.KEY_UPDATE)
    @blp.response(200, envelope(ApiKeySchema), example=examples.data({**examples.KEY, **examples.KEY_UPDATE}))
    def patch(self, fields, key_id):
        """Rename a key or change its permissions (never beyond the caller's own)

        Granting a permission the calling key lacks is a 403 naming `permissions`.
        """
        return single(keys.update(g.api_key, key_id, fields))

    @blp.doc(operationId="deleteApiKey")
    @requires("api-keys:write")
    @blp.response(200, envelope(DeletedSchema), example=examples.deleted(examples.KEY_ID))
    def delete(self, key_id):
        """Revoke a key; it answers 401 from the next request on

        A key may revoke itself. The record is kept for audit but no longer listed.
        """
        keys.revoke(g.api_key, key_id)
        return deleted(key_id)
