"""Creating, editing and deleting posts (docs/api-notes.md: Posts, Editing, Batches).

Everything here is all-or-nothing: one transaction per call, whether it carries one
post or a batch of a hundred. `path(i, field)` names a field in the client's terms
(`content` for a single post, `posts[3].content` in a batch).
"""

from models import Media, Post
from postline import clock, db, timestamps
from postline.db import due
from postline.errors import Conflict, Invalid, NotFound
from postline.limits import usage
from postline.media import references
from postline.posts import checks, story, targets, versions
from postline.queries import posts as queries
from postline.schedules import posts as schedules
from postline.statuses import PostStatus
from postline.webhooks import events

SETTABLE = ("channel_id", "content", "scheduled_for", "timezone", "media", "status")
# Stored as JSON as the client sent them (postline/posts/versions.py).
VERSIONED = ("thread", "first_comment", "platforms")


def single_path(index, field):
    return field


def batch_path(index, field):
    return f"posts[{index}].{field}"


def create(key, items, settings, path=single_path):
    """Create posts from validated fields; returns them with their (empty) targets and,
    as `post.warnings`, what the client should know of their versions. `settings` is
    the `[posts]` section."""
    now = clock.now_ms()
    with schedules.in_turn(items), db.database.atomic():
        posts = _new_posts(key, items, path, now, _earliest(settings, now))
        placing = schedules.place(key, items, posts, now, path)
        db.insert_rows(Post, [post.__data__ for post in posts])
        placing.settle()
        events.record_many(key.account_id, key.mode, "post.created", [_created_event(post) for post in posts])
    usage.count(key.account_id, key.mode, posts_created=len(posts))
    story.created(key, posts)
    for post in posts:
        post._targets = []  # a new post has no targets yet: no need to ask the database
    return posts


def _earliest(settings, now):
    """The earliest `scheduledFor` a client may ask for: a little in the past is as soon
    as possible, long ago is a mistake (a wrong date or unit) refused before it publishes."""
    return now - settings["max_past_seconds"] * 1000


def _new_posts(key, items, path, now, earliest):
    """Unsaved posts from validated fields, or a 400 naming every bad reference."""
    owned = _owned_channels(key, {item["channel_id"] for item in items})
    owned_media = _owned_media(key, items)
    problems = []
    posts = []
    for index, item in enumerate(items):
        problems += _check_references(item, owned, owned_media, index, path)
        status = item.get("status", PostStatus.QUEUED)
        scheduled_for = _scheduled_for(item, item.get("timezone"), now, earliest, index, path, problems)
        problems += schedules.problems(item, scheduled_for, index, path)
        posts.append(
            Post(
                id=Post.new_id(now),
                account=key.account_id,
                mode=key.mode,
                channel=item["channel_id"],
                content=item.get("content"),
                scheduled_for=scheduled_for,
                timezone=item.get("timezone"),
                media=item.get("media", []),
                **{name: versions.stored(item.get(name)) for name in VERSIONED},
                **schedules.columns(item),
                status=status,
                attempts=0,
                has_targets=False,
                **due.scheduled(scheduled_for if status == PostStatus.QUEUED else None),
                created_at=now,
                updated_at=now,
            )
        )
    _raise_validation(problems)
    _check_versions(list(enumerate(posts)), path)
    return posts


def update(key, changes, settings, path=single_path, detach=True):
    """Apply `changes` [(post id, fields)] and re-queue each post; returns the posts. A
    series' own changes pass `detach=False` (postline/repeats/series.py)."""
    now = clock.now_ms()
    ids = [post_id for post_id, _ in changes]
    _refuse_duplicates(ids, lambda index: path(index, "id"))
    with db.database.atomic():
        found = {post.id: post for post in db.for_update(Post.visible_to(key).where(Post.id.in_(ids)))}
        _require_all(ids, found, lambda index: path(index, "id"))
        owned = _owned_channels(
            key, {fields["channel_id"] for _, fields in changes if "channel_id" in fields}
        )
        owned_media = _owned_media(key, [fields for _, fields in changes])
        problems = []
        moved = []
        left = []
        for index, (post_id, fields) in enumerate(changes):
            post = found[post_id]
            if post.status not in PostStatus.EDITABLE:
                raise _not_editable(post, path(index, "id"))
            problems += _check_references(fields, owned, owned_media, index, path)
            if fields.get("channel_id", post.channel_id) != post.channel_id:
                moved.append(post_id)
            zone = fields.get("timezone", post.timezone)
            if "scheduled_for" in fields:
                fields["scheduled_for"] = _scheduled_for(
                    fields, zone, now, _earliest(settings, now), index, path, problems
                )
            left.append(schedules.changed(post, fields, detach))
            for name in SETTABLE:
                if name in fields:
                    setattr(post, name, fields[name])
            for name in VERSIONED:
                if name in fields:
                    setattr(post, name, versions.stored(fields[name]))
            unchanged = PostStatus.DRAFT if post.status == PostStatus.DRAFT else PostStatus.QUEUED
            _requeue(post, fields.get("status", unchanged), now)
        _raise_validation(problems)
        patched = [(index, found[post_id]) for index, (post_id, _) in enumerate(changes)]
        _check_versions(patched, path)
        checks.sent_parts_unchanged(patched, path)
        for post in found.values():
            post.save()
        schedules.left_slots(left)
        checks.drop_unpublished_targets(moved)
        checks.drop_unsent_parts(ids)
    story.changed(key, changes, found)
    return targets.attach([found[post_id] for post_id in ids])


def delete(key, ids, path):
    """Delete posts in any state but publishing; deleting a done post keeps the platform's copy."""
    with db.database.atomic():
        found = {post.id: post for post in db.for_update(Post.visible_to(key).where(Post.id.in_(ids)))}
        _require_all(ids, found, path)
        for index, post_id in enumerate(ids):
            if found[post_id].status == PostStatus.PUBLISHING:
                raise _not_editable(found[post_id], path(index))
        schedules.deleted(found.values())
        Post.delete().where(Post.id.in_(ids)).execute()
    story.deleted(key, ids)
    return ids


def _owned_channels(key, channel_ids):
    """Those of `channel_ids` the key may use, share-locked so that a concurrent channel
    delete waits for this transaction (call inside one)."""
    if not channel_ids:
        return set()
    return {
        channel.id
        for channel in queries.OWNED_CHANNELS[len(channel_ids)].rows(key.account_id, key.mode, *channel_ids)
    }


def _owned_media(key, items):
    """Those media keys named by `items` the key may use, share-locked like channels, so
    that deleting one waits for this transaction and then sees the post using it."""
    named = {media_key for item in items for _, media_key in references.named(item)}
    return Media.owned_keys(key, named) if named else set()


def _check_references(fields, owned_channels, owned_media, index, path):
    problems = []
    if "channel_id" in fields and fields["channel_id"] not in owned_channels:
        problems.append({"field": path(index, "channelId"), "message": "no such channel"})
    for field, media_key in references.named(fields):
        if media_key not in owned_media:
            problems.append({"field": path(index, field), "message": "no such media"})
    return problems


def _check_versions(indexed_posts, path):
    """Refuse (400) what breaks a platform's rules; keep each post's warnings on it."""
    problems, warnings = checks.versions_checked(indexed_posts, path)
    _raise_validation(problems)
    for index, post in indexed_posts:
        post.warnings = warnings.get(index, [])


def _scheduled_for(fields, zone, now, earliest, index, path, problems):
    if fields.get("scheduled_for") is None:
        return now
    try:
        scheduled_for = timestamps.in_zone(fields["scheduled_for"], zone)
    except timestamps.TimestampError as error:
        problems.append({"field": path(index, "scheduledFor"), "message": str(error)})
        return now
    if scheduled_for < earliest:
        message = f"is in the past (more than {(now - earliest) // 1000} seconds ago); omit it to publish now"
        problems.append({"field": path(index, "scheduledFor"), "message": message})
    return scheduled_for


def _requeue(post, status, now):
    """A PATCH starts the post over: attempts reset, no pending error, due again if queued."""
    post.status = status
    post.attempts = 0
    post.next_attempt_at = None
    post.last_error_code = post.last_error_message = None
    due.assign(post, due.scheduled(post.scheduled_for if status == PostStatus.QUEUED else None))
    # A worker that claimed the post but has not started loses the claim (it checks).
    post.lease_owner = post.lease_expires_at = None
    post.updated_at = now


def _created_event(post):
    return {
        "post_id": post.id,
        "channel_id": post.channel_id,
        "scheduled_for": post.scheduled_for,
        "status": post.status,
    }


def _raise_validation(problems):
    if problems:
        raise Invalid(problems)


def _refuse_duplicates(ids, path):
    seen = set()
    for index, post_id in enumerate(ids):
        if post_id in seen:
            raise Invalid.field(path(index), "appears twice in the batch")
        seen.add(post_id)


def _require_all(ids, found, path):
    missing = [(index, post_id) for index, post_id in enumerate(ids) if post_id not in found]
    if missing:
        details = [
            {"field": path(index), "message": f"no such post: {post_id}"} for index, post_id in missing
        ]
        raise NotFound("No such post: " + ", ".join(post_id for _, post_id in missing), details)


def _not_editable(post, field):
    return Conflict(
        "POST_NOT_EDITABLE",
        f"Post {post.id} is {post.status} and cannot be changed now.",
        details=[{"field": field, "message": f"post is {post.status}"}],
    )
