"""Bulk imports: posts from a CSV or NDJSON file, checked on a dry run, created by the
worker a chunk at a time, with their progress (docs/imports.md)."""

from flask import current_app, g, request
from flask.views import MethodView

from models import Import
from postline import imports
from postline.errors import Invalid
from postline.web.api import CSV, NDJSON, RAW_TYPES, Blueprint, requires
from postline.web.body import body_limit, raw_body
from postline.web.envelopes import envelope, locate, single
from postline.web.idempotency import idempotent
from postline.web.openapi import answers
from routes.examples import CHANNEL_ID, NOW
from schemas import ImportQuerySchema, ImportSchema, check_import_rows

blp = Blueprint("imports", __name__, url_prefix="/v1", description="Bulk imports of posts from files.")

FORMATS = {CSV: imports.CSV, NDJSON: imports.NDJSON}
IMPORT_ID = "imp_01jd3xf0t4y8u2i6o0p4a8s2d6"
CSV_EXAMPLE = (
    "channelId,content,scheduledFor,timezone,x.content\n"
    f"{CHANNEL_ID},Postline 1.0 is out.,2030-01-15T09:00:00,Europe/Berlin,Postline 1.0 is out on X.\n"
    f"{CHANNEL_ID},Webhooks are in.,2030-01-16T09:00:00,Europe/Berlin,\n"
)
NDJSON_EXAMPLE = (
    f'{{"channelId": "{CHANNEL_ID}", "content": "Postline 1.0 is out.", '
    '"scheduledFor": "2030-01-15T08:00:00Z"}\n'
    '{"channel": "Product launches", "content": "Webhooks are in.", "scheduledFor": "2030-01-16T08:00:00Z"}\n'
)
REQUEST_BODY = {
    "required": True,
    "description": "The file as it is: UTF-8, at most `[imports] max_bytes` (20 MB), a line at most 64 KB.",
    "content": {
        CSV: {"schema": {"type": "string", "format": "binary"}, "example": CSV_EXAMPLE},
        NDJSON: {"schema": {"type": "string", "format": "binary"}, "example": NDJSON_EXAMPLE},
    },
}
STARTED = {
    "id": IMPORT_ID,
    "dryRun": False,
    "format": "csv",
    "status": "pending",
    "total": 2,
    "accepted": 2,
    "created": 0,
    "rejected": [],
    "completedAt": None,
    "createdAt": NOW,
    "updatedAt": NOW,
}
CHECKED = {
    **STARTED,
    "dryRun": True,
    "status": "done",
    "total": 3,
    "rejected": [
        {"line": 4, "errors": [{"field": "scheduledFor", "message": "is not a valid ISO 8601 timestamp"}]}
    ],
    "completedAt": NOW,
}
# The 200 answers a dry run, and replays an earlier answer to the same Idempotency-Key.
DRY_RUN_ANSWER = {
    **answers(413)["responses"],
    "200": {
        "description": "A dry run's answer, or the replay of the first answer to this Idempotency-Key "
        "(with `Idempotent-Replayed: true`)"
    },
}
DONE = {**STARTED, "status": "done", "created": 2, "completedAt": NOW + 1200, "updatedAt": NOW + 1200}


@blp.route("/posts/import")
class PostImport(MethodView):
    @blp.doc(operationId="importPosts", requestBody=REQUEST_BODY, responses=DRY_RUN_ANSWER)
    @requires("posts:write", content_types=RAW_TYPES)
    @body_limit("imports", "max_bytes")
    @idempotent(envelope(ImportSchema), {"data": CHECKED})
    @blp.arguments(ImportQuerySchema, location="query")
    @blp.response(202, envelope(ImportSchema), example={"data": STARTED})
    def post(self, query):
        """Import posts from a CSV or NDJSON file

        Each row is a post (`channelId` or `channel` by name, `content`, `scheduledFor` or
        `queue`, `timezone`, `media` keys or URLs, per-platform columns such as `x.content`):
        docs/imports.md. `dryRun=true` checks every row as creating it would and answers
        200 with the rejected rows and their reasons, creating nothing. Otherwise the
        answer is 202 and the worker creates the posts in chunks: follow `Location`
        (GET /v1/imports/{import_id}). The same file sent again creates nothing: the answer
        is its first import. A file that cannot be read (not UTF-8, a line over 64 KB, an
        unknown column) is a 400 naming the line or column.
        """
        charset = request.mimetype_params.get("charset", "utf-8").lower()
        if charset not in ("utf-8", "utf8"):
            raise Invalid.field("Content-Type", f"charset must be utf-8, not {charset}")
        settings = current_app.config["POSTLINE"]
        kind = FORMATS[request.mimetype]
        record = imports.submit(g.api_key, raw_body(), kind, query["dry_run"], check_import_rows, settings)
        locate("imports.ImportById", import_id=record.id)
        return single(record), 200 if record.dry_run else 202


@blp.route("/imports/<import_id>")
class ImportById(MethodView):
    @blp.doc(operationId="getImport")
    @requires("posts:read")
    @blp.response(200, envelope(ImportSchema), example={"data": DONE})
    def get(self, import_id):
        """Retrieve an import and its progress

        `created` and `rejected` grow as the worker goes through the file; `status` is
        `done` once every row is created or rejected, each rejected row with its line
        and reasons. A dry run's id answers its report as the dry run did (`dryRun:
        true`, nothing created): it is kept, and never stands for its file's import.
        """
        return single(Import.get_visible(g.api_key, import_id))


def init_app(app):
    """Give `flask import-posts` (postline/web/cli.py) the rows' checks of this route, so
    that a file is read the same way whichever way it comes."""
    app.extensions["postline.check_import_rows"] = check_import_rows
