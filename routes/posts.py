"""Posts: schedule, read, edit, delete, one at a time or in batches of up to 100."""

from flask import g
from flask.views import MethodView

from models import Post
from postline.posts import lifecycle, tallies, targets
from postline.statuses import PostStatus
from postline.web.api import Blueprint, requires
from postline.web.envelopes import DeletedSchema, batch_envelope, deleted, envelope, list_envelope, single
from postline.web.idempotency import idempotent
from postline.web.listing import TIMESTAMP_OPERATORS, Filter, Listing, scope
from schemas import (
    BatchDeletedSchema,
    PostBatchCreateSchema,
    PostBatchDeleteSchema,
    PostBatchUpdateSchema,
    PostCreateSchema,
    PostSchema,
    PostUpdateSchema,
)

blp = Blueprint("posts", __name__, url_prefix="/v1/posts", description="Scheduled posts.")

LISTING = Listing(
    "Post",
    Post,
    filters=[
        Filter("status", Post.status, ("eq", "ne", "in"), choices=PostStatus.ALL),
        Filter("channelId", Post.channel, ("eq", "ne", "in")),
        Filter("scheduledFor", Post.scheduled_for, TIMESTAMP_OPERATORS, kind="timestamp"),
        Filter("createdAt", Post.created_at, TIMESTAMP_OPERATORS, kind="timestamp"),
        Filter("content", Post.content, ("contains",)),
    ],
    sorts={"scheduledFor": Post.scheduled_for, "createdAt": Post.created_at, "status": Post.status},
    default_sort="scheduledFor",
)


@blp.route("")
class Posts(MethodView):
    @requires("posts:read")
    @blp.arguments(LISTING.query_schema, location="query")
    @blp.response(200, list_envelope(PostSchema))
    def get(self, args):
        """List posts"""
        total = tallies.count_for_listing(g.api_key, LISTING.named_filters(args))
        page = LISTING.page(scope(g.api_key), args, g.request_id, total=total)
        targets.attach(page["data"])
        return page

    @requires("posts:write")
    @idempotent(envelope(PostSchema))
    @blp.arguments(PostCreateSchema)
    @blp.response(201, envelope(PostSchema))
    def post(self, fields):
        """Schedule a post

        `scheduledFor` omitted means as soon as possible; `status: "draft"` holds the post
        until a PATCH queues it.
        """
        return single(lifecycle.create(g.api_key, [fields])[0])


@blp.route("/batch")
class PostBatch(MethodView):
    @requires("posts:write")
    @idempotent(batch_envelope(PostSchema))
    @blp.arguments(PostBatchCreateSchema)
    @blp.response(201, batch_envelope(PostSchema))
    def post(self, body):
        """Create up to 100 posts, all or none"""
        return {"data": lifecycle.create(g.api_key, body["posts"], lifecycle.batch_path)}

    @requires("posts:write")
    @blp.arguments(PostBatchUpdateSchema)
    @blp.response(200, batch_envelope(PostSchema))
    def patch(self, body):
        """Update up to 100 posts, all or none"""
        changes = [(item.pop("id"), item) for item in body["posts"]]
        return {"data": lifecycle.update(g.api_key, changes, lifecycle.batch_path)}

    @requires("posts:write")
    @blp.arguments(PostBatchDeleteSchema)
    @blp.response(200, envelope(BatchDeletedSchema))
    def delete(self, body):
        """Delete up to 100 posts, all or none"""
        deleted = lifecycle.delete(g.api_key, body["ids"], lambda index: f"ids[{index}]")
        return single({"deleted": deleted})


@blp.route("/<id:post_id>")
class PostById(MethodView):
    @requires("posts:read")
    @blp.response(200, envelope(PostSchema))
    def get(self, post_id):
        """Retrieve a post"""
        return single(Post.get_visible(g.api_key, post_id))

    @requires("posts:write")
    @blp.arguments(PostUpdateSchema)
    @blp.response(200, envelope(PostSchema))
    def patch(self, fields, post_id):
        """Edit a post and queue it again

        Allowed while the post is draft, queued, failed or blocked; resets attempts.
        """
        return single(lifecycle.update(g.api_key, [(post_id, fields)])[0])

    @requires("posts:write")
    @blp.response(200, envelope(DeletedSchema))
    def delete(self, post_id):
        """Delete a post (not while it is publishing)"""
        lifecycle.delete(g.api_key, [post_id], lambda index: "id")
        return deleted(post_id)
