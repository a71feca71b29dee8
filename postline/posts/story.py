"""What the logs say of a post as clients change it (docs/operations.md, Logs): a line
when it is created, changed or deleted, naming who did it (`key_id`, or the console's
`user_id`). Each attempt's lines are postline/posts/publishing/outcomes.py's, each
delivery's of its events postline/webhooks/delivery.py's: all carry `post_id`, so
`grep post_...` tells the post's whole story.
"""

import logging

from postline import logs

log = logging.getLogger("postline.posts")


def created(key, posts):
    """A line per new post: its channel, when it is due, how it stands."""
    for post in posts:
        scheduled_for = logs.instant(post.scheduled_for)
        logs.event(
            log,
            f"post {post.id} created: {post.status}, scheduled for {scheduled_for}",
            post_id=post.id,
            channel_id=post.channel_id,
            scheduled_for=scheduled_for,
            status=post.status,
            mode=post.mode,
            **_parts(post),
            **logs.actor(key),
        )


def changed(key, changes, posts):
    """A line per post changed by `changes` [(post id, fields)]: which fields, and how
    it stands now (a change with no fields queues it again as it is: a retry)."""
    for post_id, fields in changes:
        post = posts[post_id]
        scheduled_for = logs.instant(post.scheduled_for)
        what = f"changed ({', '.join(fields)})" if fields else "queued again"
        logs.event(
            log,
            f"post {post_id} {what}: {post.status}, scheduled for {scheduled_for}",
            post_id=post_id,
            changed=",".join(fields) or None,
            channel_id=post.channel_id,
            scheduled_for=scheduled_for,
            status=post.status,
            **logs.actor(key),
        )


def deleted(key, ids):
    for post_id in ids:
        logs.event(log, f"post {post_id} deleted", post_id=post_id, **logs.actor(key))


def _parts(post):
    """What the post holds beyond its text: the replies of a thread, a first comment,
    versions for some platforms."""
    fields = {}
    if post.thread:
        fields["thread_replies"] = len(post.thread_parts)
    if post.first_comment:
        fields["first_comment"] = True
    if post.platforms:
        fields["versions"] = ",".join(post.platform_versions)
    return fields
