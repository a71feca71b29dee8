"""Posts: a week or month calendar in the user's time zone, and a form to schedule or
edit one (with an image or a video; its thread, first comment and per-platform texts
are post_versions.py's), retry or resend it, or delete it."""

import datetime
import zoneinfo

from flask import current_app, g, redirect, request, url_for
from marshmallow import ValidationError

from models import Connection, Media, Post
from postline import platforms
from postline.errors import DomainError
from postline.media import library
from postline.posts import lifecycle, targets
from postline.statuses import PostStatus
from postline.web import uploads
from routes.console import post_scheduling, post_versions
from routes.console.base import (
    blp,
    check_csrf,
    form_errors,
    load,
    not_found_is_404,
    page,
    principal,
    safe_next,
    upload_form,
)
from routes.console.channels import visible_channels
from schemas import PostCreateSchema, PostUpdateSchema

CREATE = PostCreateSchema()
UPDATE = PostUpdateSchema()
# What each platform takes in one post's text, as its adapter says, shown beside the
# box as it fills up (docs/console.md). The API checks the platforms of the
# channel's connections when the post is saved.
CONTENT_LIMITS = {
    name: publisher.content_limit
    for name, publisher in platforms.PUBLISHERS.items()
    if publisher.content_limit is not None
}
API_CONTENT_LIMIT = 10000
LOCAL_INPUT = "%Y-%m-%dT%H:%M"
# The post form's parts: a text per platform, up to 25 thread parts each with its file,
# the first comment, the schedule and repeat fields, the image and its alt text.
POST_FORM_PARTS = 256
UNCONFIRMED = "DELIVERY_UNCONFIRMED"


def _zone():
    return zoneinfo.ZoneInfo(g.user.time_zone)


@blp.app_template_filter("local")
def local(ms, fmt="%Y-%m-%d %H:%M"):
    """A Unix-ms time in the user's zone ("never" for none)."""
    if ms is None:
        return "never"
    return datetime.datetime.fromtimestamp(ms / 1000, _zone()).strftime(fmt)


@blp.app_template_global()
def needs_attention(post):
    """Failed, blocked and unconfirmed posts are highlighted, their error shown."""
    return post.status in (PostStatus.FAILED, PostStatus.BLOCKED)


@blp.app_template_global()
def retry_note(post):
    """What happens next to a post that needs attention, in the user's time zone: a failed
    post keeps `failed` (the API's status) while it waits for its next attempt."""
    if not needs_attention(post):
        return None
    if post.next_attempt_at is not None:
        return f"will be retried at {local(post.next_attempt_at)}"
    if post.last_error_code == UNCONFIRMED:
        return None  # the Resend button says what to do
    return "will not be retried on its own"


@blp.app_template_global()
def retry_label(post):
    """What the one-click button on a post says: "resend" once a send went unconfirmed
    (check the platform first), "retry" for other failed and blocked posts, else None."""
    if not needs_attention(post):
        return None
    return "Resend" if post.last_error_code == UNCONFIRMED else "Retry"


@blp.get("/")
def home():
    """Open the calendar."""
    return redirect(url_for("console.calendar"))


@blp.get("/calendar")
def calendar():
    """Show a week or a month of posts in the user's time zone."""
    view = "month" if request.args.get("view") == "month" else "week"
    zone = _zone()
    try:
        day = datetime.date.fromisoformat(request.args.get("date", ""))
    except ValueError:
        day = datetime.datetime.now(zone).date()
    if view == "week":
        first = day - datetime.timedelta(days=day.weekday())
        days = [first + datetime.timedelta(days=n) for n in range(7)]
        previous, following = first - datetime.timedelta(days=7), first + datetime.timedelta(days=7)
    else:
        month_start = day.replace(day=1)
        first = month_start - datetime.timedelta(days=month_start.weekday())
        following = (month_start + datetime.timedelta(days=32)).replace(day=1)
        weeks = -(-((following - first).days) // 7)
        days = [first + datetime.timedelta(days=n) for n in range(weeks * 7)]
        previous = (month_start - datetime.timedelta(days=1)).replace(day=1)
    start_ms = _midnight_ms(days[0], zone)
    end_ms = _midnight_ms(days[-1] + datetime.timedelta(days=1), zone)
    posts = list(
        Post.visible_to(principal())
        .where((Post.scheduled_for >= start_ms) & (Post.scheduled_for < end_ms))
        .order_by(Post.scheduled_for, Post.id)
    )
    by_day = {d: [] for d in days}
    for post in posts:
        by_day.setdefault(datetime.datetime.fromtimestamp(post.scheduled_for / 1000, zone).date(), []).append(
            post
        )
    return page(
        "calendar.html",
        title="Calendar",
        view=view,
        day=day,
        days=days,
        by_day=by_day,
        today=datetime.datetime.now(zone).date(),
        month=day.month,
        previous=previous,
        following=following,
        channels={channel.id: channel for channel in visible_channels()},
        attention=[post for post in posts if needs_attention(post)],
    )


def _midnight_ms(day, zone):
    return int(datetime.datetime.combine(day, datetime.time(), zone).timestamp() * 1000)


def _content_limits():
    """CONTENT_LIMITS, with the console user's own accounts' limit where a platform's
    differs by account (Mastodon's, each instance's: the narrowest of them)."""
    accounts = {}
    for connection in Connection.visible_to(principal()):
        accounts.setdefault(connection.platform, []).append(connection.platform_account_id)
    return {
        name: platforms.for_accounts(name, accounts[name]).content_limit if name in accounts else limit
        for name, limit in CONTENT_LIMITS.items()
    }


def _post_form(post=None, status=200, form=None, errors=None, field_errors=None):
    if post is not None and form is None:
        form = {
            "channelId": post.channel_id,
            "content": post.content or "",
            "scheduledFor": local(post.scheduled_for, LOCAL_INPUT),
            "media": post.media,
            **post_versions.shown(post),
        }
    media = list(Media.visible_to(principal()).where(Media.id.in_((form or {}).get("media") or [])))
    return page(
        "post.html",
        status,
        title="Edit post" if post else "New post",
        post=targets.attach([post])[0] if post else None,
        form=form or {"scheduledFor": request.args.get("at", ""), "channelId": request.args.get("channel")},
        errors=errors or {},
        channels=visible_channels(),
        media=media,
        limits=_content_limits(),
        api_limit=API_CONTENT_LIMIT,
        **post_versions.context(form or {}, field_errors or {}),
    )


@blp.get("/posts/new")
def new_post():
    """Show the form for a new post."""
    return _post_form()


@blp.get("/posts/<post_id>")
@not_found_is_404
def show_post(post_id):
    """Show a post, where it stands, and its edit form."""
    return _post_form(Post.get_visible(principal(), post_id))


@blp.post("/posts/new")
@upload_form
def create_post():
    """Schedule a post, with an uploaded image or video if one is attached."""
    return _save(None)


@blp.post("/posts/<post_id>")
@upload_form
@not_found_is_404
def update_post(post_id):
    """Change a post and queue it again."""
    return _save(Post.get_visible(principal(), post_id))


def _save(post):
    try:
        with uploads.receiving_files(POST_FORM_PARTS):
            check_csrf()
            return _save_received(post)
    except DomainError as error:  # the upload was refused as it arrived: too large, or not media
        form = {**request.form.to_dict(), **post_versions.submitted(request.form)}
        return _post_form(post, 400, form, form_errors(error), post_versions.field_errors(error))


def _save_received(post):
    form = request.form
    kept = [] if form.get("removeMedia") else form.getlist("media")
    values = post_versions.submitted(form)
    timing = post_scheduling.submitted(form)
    data = {
        "channelId": form.get("channelId", ""),
        "content": form.get("content", ""),
        "scheduledFor": form.get("scheduledFor", ""),
        "status": PostStatus.DRAFT if form.get("draft") else PostStatus.QUEUED,
    }
    try:
        upload = request.files.get("file")
        if upload and upload.filename:
            # Kept in the library even if the post is refused: the form shown again
            # holds its key, so the file need not be sent twice.
            kept.append(library.create(principal(), upload.stream, upload.filename, form.get("altText")).id)
        versions = post_versions.api_fields(values, data["channelId"], post)
        timed = post_scheduling.api_fields(timing, post, g.user.time_zone)
        fields = load(UPDATE if post else CREATE, {**data, "media": kept, **versions, **timed})
        fields.setdefault("first_comment", None)  # the form holds the whole post: none is none
        if "scheduled_for" in fields:
            fields["timezone"] = g.user.time_zone
        settings = current_app.config["POSTLINE"]["posts"]
        if post is None:
            post = lifecycle.create(principal(), [fields], settings)[0]
        else:
            lifecycle.update(principal(), [(post.id, fields)], settings)
    except (DomainError, ValidationError) as error:
        shown = {**data, "media": kept, **values, **timing}
        return _post_form(post, 400, shown, form_errors(error), post_versions.field_errors(error))
    return redirect(url_for("console.show_post", post_id=post.id))


@blp.post("/posts/<post_id>/retry")
def retry_post(post_id):
    """Queue a failed or blocked post again, as it is (a resend, after an unconfirmed send)."""
    lifecycle.update(principal(), [(post_id, {})], current_app.config["POSTLINE"]["posts"])
    return redirect(safe_next(request.form.get("next"), url_for("console.show_post", post_id=post_id)))


@blp.post("/posts/<post_id>/delete")
def delete_post(post_id):
    """Delete a post (Postline's record; a published post stays on the platform)."""
    lifecycle.delete(principal(), [post_id], lambda index: "id")
    return redirect(url_for("console.calendar"))
