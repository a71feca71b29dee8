"""Posts: schedule, read, edit, delete, one at a time or in batches of up to 100."""

from flask import current_app, g
from flask.views import MethodView

from models import Post
from postline import tallies
from postline.posts import lifecycle, targets
from postline.web.api import Blueprint, requires
from postline.web.choices import POST_STATUS
from postline.web.envelopes import (
    DeletedSchema,
    created,
    deleted,
    envelope,
    list_envelope,
    single,
    written,
    written_envelope,
)
from postline.web.idempotency import idempotent
from postline.web.listing import TIMESTAMP_OPERATORS, Filter, Listing, links_next_page, scope
from postline.web.openapi import answers
from routes import examples, scheduling_examples
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
        Filter("id", Post.id, ("in",)),  # a batch's posts: its 201's Location
        Filter("status", Post.status, ("eq", "ne", "in"), choices=POST_STATUS),
        Filter("channelId", Post.channel, ("eq", "ne", "in")),
        Filter("scheduledFor", Post.scheduled_for, TIMESTAMP_OPERATORS, kind="timestamp"),
        Filter("createdAt", Post.created_at, TIMESTAMP_OPERATORS, kind="timestamp"),
        Filter("content", Post.content, ("contains",)),
    ],
    sorts={"scheduledFor": Post.scheduled_for, "createdAt": Post.created_at, "status": Post.status},
    default_sort="scheduledFor",
)


def _settings():
    return current_app.config["POSTLINE"]["posts"]


@blp.route("")
class Posts(MethodView):
    @blp.doc(operationId="listPosts")
    @requires("posts:read")
    @blp.arguments(LISTING.query_schema, location="query")
    @blp.response(
        200, list_envelope(PostSchema), example=examples.page(examples.POST, examples.PUBLISHED_POST)
    )
    @links_next_page
    def get(self, args):
        """List posts

        Sorted by `scheduledFor` by default. Filter by `status`, `channelId`, `scheduledFor`,
        `createdAt` and `content` with `filter[field][operator]=value`; totals are exact.
        """
        total = tallies.POSTS.count_for_listing(scope(g.api_key), LISTING.named_filters(args))
        page = LISTING.page(scope(g.api_key), args, g.request_id, total=total)
        targets.attach(page["data"])
        return page

    @blp.doc(operationId="createPost")
    @requires("posts:write")
    @idempotent(written_envelope(PostSchema), examples.data(examples.POST))
    @blp.arguments(PostCreateSchema, examples=scheduling_examples.POST_CREATE_EXAMPLES)
    @blp.response(201, written_envelope(PostSchema), example=examples.data(examples.POST))
    def post(self, fields):
        """Schedule a post

        `scheduledFor` (Unix ms, or ISO 8601) omitted means as soon as possible; a number
        that looks like Unix seconds, or a time more than an hour in the past, is refused.
        `status: "draft"` holds the post until a PATCH queues it. With a test-mode key
        the built-in sandbox publishes it, so you can watch the whole lifecycle.
        `queue: true` takes the channel's next free slot instead, `recurrence` makes the
        post the first of a series, and `evergreen` repeats it after each publication
        (docs/scheduling.md); the examples show each.
        """
        (post,) = lifecycle.create(g.api_key, [fields], _settings())
        return created(written(post, post.warnings), "posts.PostById", post_id=post.id)


@blp.route("/batch")
class PostBatch(MethodView):
    @blp.doc(operationId="createPostBatch")
    @requires("posts:write")
    @idempotent(written_envelope(PostSchema, many=True), {"data": [examples.POST]})
    @blp.arguments(PostBatchCreateSchema, examples=scheduling_examples.POSTS_CREATE_EXAMPLES)
    @blp.response(201, written_envelope(PostSchema, many=True), example={"data": [examples.POST]})
    def post(self, body):
        """Create up to 100 posts, all or none

        One invalid item fails the batch; every item's problems are reported, named like
        `posts[3].content`.
        """
        posts = lifecycle.create(g.api_key, body["posts"], _settings(), lifecycle.batch_path)
        # Where the batch is: its posts, listed in one page (docs/api.md, Posts).
        ids = {"filter[id][in]": ",".join(post.id for post in posts), "per_page": len(posts)}
        warnings = [warning for post in posts for warning in post.warnings]
        return created(written(posts, warnings), "posts.Posts", **ids)

    @blp.doc(operationId="updatePostBatch", **answers(409, 404))
    @requires("posts:write")
    @blp.arguments(PostBatchUpdateSchema, example=examples.POSTS_UPDATE)
    @blp.response(200, written_envelope(PostSchema, many=True), example={"data": [examples.POST]})
    def patch(self, body):
        """Update up to 100 posts, all or none

        Each item names its post by `id` and carries the fields to change, as a PATCH of
        one post does; an unknown id is a 404, a post being published a 409.
        """
        changes = [(item.pop("id"), item) for item in body["posts"]]
        posts = lifecycle.update(g.api_key, changes, _settings(), lifecycle.batch_path)
        return written(posts, [warning for post in posts for warning in post.warnings])

    @blp.doc(operationId="deletePostBatch", **answers(409, 404))
    @requires("posts:write")
    @blp.arguments(PostBatchDeleteSchema, example=examples.POSTS_DELETE)
    @blp.response(200, envelope(BatchDeletedSchema), example=examples.data({"deleted": [examples.POST_ID]}))
    def delete(self, body):
        """Delete up to 100 posts, all or none

        An unknown id is a 404 naming it; a post being published is a 409.
        """
        deleted = lifecycle.delete(g.api_key, body["ids"], lambda index: f"ids[{index}]")
        return single({"deleted": deleted})


@blp.route("/<post_id>")
class PostById(MethodView):
    @blp.doc(operationId="getPost")
    @requires("posts:read")
    @blp.response(200, envelope(PostSchema), example=examples.data(examples.PUBLISHED_POST))
    def get(self, post_id):
        """Retrieve a post

        `status` and `targets` tell where publishing stands: each target's state, the
        platform's post id and URL once published, and why it failed if it did.
        """
        return single(Post.get_visible(g.api_key, post_id))

    @blp.doc(operationId="updatePost", **answers(409))
    @requires("posts:write")
    @blp.arguments(PostUpdateSchema, example=examples.POST_UPDATE)
    @blp.response(
        200,
        written_envelope(PostSchema),
        example=examples.data({**examples.POST, "content": examples.POST_UPDATE["content"]}),
    )
    def patch(self, fields, post_id):
        """Edit a post and queue it again

        Allowed while the post is draft, queued, failed or blocked; resets attempts.
        """
        (post,) = lifecycle.update(g.api_key, [(post_id, fields)], _settings())
        return written(post, post.warnings)

    @blp.doc(operationId="deletePost", **answers(409))
    @requires("posts:write")
    @blp.response(200, envelope(DeletedSchema), example=examples.deleted(examples.POST_ID))
    def delete(self, post_id):
        """Delete a post (not while it is publishing)

        Deleting a published post removes Postline's record, not the platform's post.
        """
        lifecycle.delete(g.api_key, [post_id], lambda index: "id")
        return deleted(post_id)
