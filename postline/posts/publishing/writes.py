"""What publishing writes, each only while this worker's lease on the post holds: the
start of an attempt (targets and their parts made on first need), a part's mark and
outcome, the give-back while a platform works, and the end of the attempt with its
events."""

from peewee import Case

from models import LIVE, ChannelConnection, Connection, Post, PostPart, PostTarget
from postline import clock, db, platforms
from postline.db import due, leases
from postline.posts import targets, versions
from postline.posts.publishing.outcomes import UNCONFIRMED_MESSAGE
from postline.queries import posts as queries
from postline.statuses import PartKind, PostStatus, TargetStatus
from postline.webhooks import events

STARTABLE = (PostStatus.QUEUED, PostStatus.FAILED, PostStatus.BLOCKED, PostStatus.PUBLISHING)


class LeaseLost(Exception):
    """Another worker took the post over (or it was edited or deleted): write nothing."""


def start(claimed, lease_ms):
    """Mark the posts whose lease still holds `publishing`; load or create their targets.
    Returns those posts."""
    if not claimed:
        return []
    now = clock.now_ms()
    lease = claimed[0]  # one claim: every row carries the same lease
    held = (
        Post.id.in_([post.id for post in claimed])
        & leases.held(Post, lease.lease_owner)
        & Post.status.in_(STARTABLE)
    )
    renewed = {"lease_expires_at": now + lease_ms, **due.lease_until(now + lease_ms)}
    # While publishing, no next attempt is scheduled: `nextAttemptAt` set always means one is.
    # A post taken while `publishing` (a target waiting for its platform, or a worker that
    # died) continues the attempt it was in.
    attempts = Case(Post.status, [(PostStatus.PUBLISHING, Post.attempts)], Post.attempts + 1)
    begin = Post.update(status=PostStatus.PUBLISHING, attempts=attempts, next_attempt_at=None, **renewed)
    started_ids = {row.id for row in begin.where(held).returning(Post.id).execute()}
    started = [post for post in claimed if post.id in started_ids]
    for post in started:
        if post.status != PostStatus.PUBLISHING:
            post.attempts += 1
        post.status = PostStatus.PUBLISHING
        post.lease_expires_at, post.due_at = renewed["lease_expires_at"], renewed["due_at"]
    targets.attach(started)
    _create_targets([post for post in started if not post.targets], now)
    _make_parts(started, now)
    orphans = unconfirm_orphans(
        [part for post in started for target in post.targets for part in target.parts], now
    )
    for post in started:
        # A first comment its worker died sending: reported with the post's end, as one
        # that failed for good (its post is published either way).
        post.orphaned_comments = [
            (target, part)
            for target in post.targets
            for part in target.parts
            if part.kind == PartKind.COMMENT and part.id in orphans
        ]
    return started


def unconfirm_orphans(parts, now):
    """Parts left `sending` by a worker that died before it learnt the outcome: never
    send them again. Returns their ids."""
    orphans = [part for part in parts if part.status == TargetStatus.SENDING]
    if not orphans:
        return set()
    PostPart.update(
        status=TargetStatus.UNCONFIRMED,
        error_code="DELIVERY_UNCONFIRMED",
        error_message=UNCONFIRMED_MESSAGE,
        updated_at=now,
    ).where(PostPart.id.in_([part.id for part in orphans])).execute()
    for part in orphans:
        part.status = TargetStatus.UNCONFIRMED
        part.error_code, part.error_message = "DELIVERY_UNCONFIRMED", UNCONFIRMED_MESSAGE
    return {part.id for part in orphans}


def _make_parts(posts, now):
    """Give each target the parts of its version it does not have yet: all of them on
    the first attempt, those a PATCH changed after a failed one."""
    rows = []
    for post in posts:
        for target in post.targets:
            have = {part.position for part in target.parts}
            version = versions.version_for(post, target.platform)
            rows += [
                {
                    "target": target.id,
                    "post_id": post.id,
                    "position": position,
                    "kind": kind,
                    "content": content,
                    "media": media,
                    "status": TargetStatus.PENDING,
                    "attempts": 0,
                    "created_at": now,
                    "updated_at": now,
                }
                for position, (kind, content, media) in enumerate(version.parts())
                if position not in have
            ]
    if rows:
        db.insert_rows(PostPart, rows)
        targets.attach(posts)


def _create_targets(posts, now):
    """Give posts their targets on their first attempt: the channel's connections as they
    are now (a test channel's are simulated); a test channel without any has the
    sandbox, a live one none (blocked NO_CONNECTIONS)."""
    connected = ChannelConnection.connections_of({post.channel_id for post in posts})
    ids = [connection_id for ids in connected.values() for connection_id in ids]
    platform_of = {}
    if ids:
        query = Connection.select(Connection.id, Connection.platform).where(Connection.id.in_(ids))
        platform_of = dict(query.tuples())
    rows = []
    for post in posts:
        linked = [
            connection_id for connection_id in connected[post.channel_id] if connection_id in platform_of
        ]
        if not linked and post.mode != LIVE:
            linked = [None]
        rows += [
            {
                "post": post.id,
                "platform": platform_of.get(connection_id, platforms.sandbox.ADAPTER.platform),
                "connection_id": connection_id,
            }
            for connection_id in linked
        ]
    if not rows:
        return
    db.insert_rows(
        PostTarget,
        [{**row, "created_at": now, "updated_at": now} for row in rows],
    )
    targeted = {row["post"] for row in rows}
    with_targets = [post for post in posts if post.id in targeted]
    Post.update(has_targets=True).where(Post.id.in_([post.id for post in with_targets])).execute()
    for post in with_targets:
        post.has_targets = True
    targets.attach(with_targets)


def part_held(part, post):
    """Write the part's state while the post's lease holds (else LeaseLost), in one
    statement that checks the lease itself: no BEGIN/COMMIT round trips on PostgreSQL."""
    with db.writing():
        written = queries.WRITE_PART_IF_POST_HELD.execute(
            *columns(part).values(), part.id, post.id, post.lease_owner
        )
        if written.rowcount != 1:
            raise LeaseLost


def parts_in_transaction(sent):
    """Write the state of parts sent inside the caller's transaction, in one statement
    (their posts' rows are locked by the start, so no lease can be lost meanwhile)."""
    db.update_rows(PostPart, [{"id": part.id, **columns(part)} for part in sent])


def columns(part):
    """What a call's mark or outcome writes of a part."""
    return {name: getattr(part, name) for name in queries.HELD_COLUMNS}


def wait_for_platform(post, check_at):
    """Give the lease back until a processing target's `check_at`; the post stays publishing."""
    ended = (
        Post.update(
            lease_owner=None, lease_expires_at=None, updated_at=clock.now_ms(), **due.check_at(check_at)
        )
        .where((Post.id == post.id) & leases.held(Post, post.lease_owner))
        .execute()
    )
    if ended != 1:
        raise LeaseLost
    return PostStatus.PUBLISHING


def end(results):
    """End the leases with the outcomes [(post, Outcome)] and record their events; call
    inside a transaction. Returns {post id: its new status}.

    Posts that end alike are written by one UPDATE, and their events by one insert per
    account, mode and type.
    """
    now = clock.now_ms()
    alike = {}
    for post, outcome in results:
        alike.setdefault((outcome.columns(), post.attempts, post.lease_owner), []).append(post)
    for (columns, attempts, owner), group in alike.items():
        ended = Post.update(
            **dict(columns), attempts=attempts, lease_owner=None, lease_expires_at=None, updated_at=now
        ).where(Post.id.in_([post.id for post in group]) & leases.held(Post, owner))
        if ended.execute() != len(group):
            raise LeaseLost
    reports = {}
    for post, outcome in results:
        reports.setdefault((post.account_id, post.mode, outcome.event_type), []).append(outcome.data)
        for data in outcome.comments_failed:
            reports.setdefault((post.account_id, post.mode, "post.comment_failed"), []).append(data)
    for (account_id, mode, event_type), payloads in reports.items():
        events.record_many(account_id, mode, event_type, payloads)
    for post, outcome in results:
        post.status, post.last_error_code = outcome.status, outcome.error_code
        post.last_error_message, post.next_attempt_at = outcome.error_message, outcome.next_attempt_at
    return {post.id: outcome.status for post, outcome in results}
