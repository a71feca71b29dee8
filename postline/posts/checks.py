"""What a post's versions must satisfy when it is created or changed: the rules of
every platform its channel publishes to, and, once parts of it are out, that nothing
already sent changes (docs/api.md, Versions, threads and first comments).

`path(index, field)` names a field in the client's terms, as in postline/posts/lifecycle.py.
"""

from models import Media, PostPart, PostTarget
from postline import platforms
from postline.errors import Conflict
from postline.posts import versions
from postline.queries import connections as queries
from postline.statuses import PartKind, TargetStatus

SENT = (TargetStatus.PUBLISHED,)


def platforms_of(channel_ids):
    """{channel id: {platform of each of its connections}} (a test channel's are its
    simulated connections'; none: the sandbox publishes it)."""
    return {channel_id: set(accounts) for channel_id, accounts in accounts_of(channel_ids).items()}


def accounts_of(channel_ids):
    """{channel id: {platform: [platform_account_id of each of its connections there]}}."""
    found = {channel_id: {} for channel_id in channel_ids}
    if not found:
        return found
    for channel_id, platform, account_id in queries.ACCOUNTS_OF_CHANNELS[len(found)].rows(*found):
        found[channel_id].setdefault(platform, []).append(account_id)
    return found


def versions_checked(indexed_posts, path):
    """(problems, {index: warnings}) of posts [(index, Post)]: each version against its
    platform's rules, for every platform the post's channel publishes to; a version for
    a platform the channel does not have is kept, with a warning, once it meets what
    that platform refuses on any account (`versions.problems_anywhere`)."""
    if not indexed_posts:
        return [], {}
    connected = accounts_of({post.channel_id for _, post in indexed_posts})
    checked = [
        (index, versions.version_for(post, platform), connected[post.channel_id].get(platform))
        for index, post in indexed_posts
        for platform in sorted(set(connected[post.channel_id]) | set(versions.loaded(post.platforms)))
    ]
    keys = {key for _, version, _ in checked for key in version.media_keys()}
    media = {row.id: row for row in Media.select().where(Media.id.in_(list(keys)))} if keys else {}
    problems, warnings = [], {}
    for index, version, accounts in checked:
        platform = version.platform
        if accounts:
            found = versions.problems(version, platforms.for_accounts(platform, accounts), media)
        else:
            found = versions.problems_anywhere(version, platforms.for_platform(platform), media)
            message = f"the channel has no {platform} connection; the version waits until it has one"
            warnings.setdefault(index, []).append(
                {"field": path(index, f"platforms.{platform}"), "message": message}
            )
        problems += [{"field": path(index, field), "message": message} for field, message in found]
    return problems, warnings


def sent_parts_unchanged(posts_by_index, path):
    """Refuse (409 POST_NOT_EDITABLE naming the field) a change to a part already
    published: a retry sends only what was not sent, so a sent part stays as it was."""
    targets = {
        target.id: target
        for target in PostTarget.select().where(PostTarget.post.in_([post.id for _, post in posts_by_index]))
    }
    if not targets:
        return
    sent = PostPart.select().where(PostPart.target.in_(list(targets)) & PostPart.status.in_(SENT))
    by_post = {post.id: (index, post) for index, post in posts_by_index}
    for part in sent:
        index, post = by_post[part.post_id]
        version = versions.version_for(post, targets[part.target_id].platform)
        wanted = version.parts()
        if part.position < len(wanted) and wanted[part.position] == (part.kind, part.content, part.media):
            continue
        field = version.named(_field_of(part, version))
        raise Conflict(
            "POST_NOT_EDITABLE",
            f"Post {post.id}: its part {part.position} is published on {targets[part.target_id].platform} "
            "and cannot be changed.",
            details=[{"field": path(index, field), "message": "already published"}],
        )


def _field_of(part, version):
    """The version's field a part was made from."""
    if part.kind == PartKind.COMMENT:
        return "firstComment"
    if part.kind == PartKind.REPLY:
        return f"thread[{part.position - 1}]"
    return "content"


def drop_unsent_parts(post_ids):
    """Forget the parts of `post_ids` not yet sent (or of unknown outcome: a PATCH is how
    a client says "send it again"): the next attempt makes them anew from the post as
    it is now."""
    unsent = (TargetStatus.PENDING, TargetStatus.FAILED, TargetStatus.UNCONFIRMED)
    PostPart.delete().where(PostPart.post_id.in_(list(post_ids)) & PostPart.status.in_(unsent)).execute()


def drop_unpublished_targets(post_ids):
    """Forget the targets of `post_ids` (moved to another channel) that published nothing:
    the post goes to its new channel's connections; what went out stays on record."""
    published = PostPart.select(PostPart.target).where(
        PostPart.post_id.in_(list(post_ids)) & (PostPart.status == TargetStatus.PUBLISHED)
    )
    PostTarget.delete().where(PostTarget.post.in_(list(post_ids)) & PostTarget.id.not_in(published)).execute()
