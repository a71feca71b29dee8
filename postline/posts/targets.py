"""Loading the targets of many posts at once (a listing's page, a publishing batch)."""

import functools

from models import PostTarget
from postline import db


def attach(posts):
    """Load the targets of `posts` in one query (none for posts that never had any)."""
    by_post = {post.id: post for post in posts if post.has_targets}
    for post in posts:
        post._targets = []
    if by_post:
        for target in _targets_of(len(by_post)).rows(*by_post):
            by_post[target.post_id]._targets.append(target)
    return posts


@functools.lru_cache(maxsize=128)
def _targets_of(count):
    """The Compiled query for the targets of `count` posts."""
    return db.Compiled(lambda *post_ids: PostTarget.of_posts(post_ids))
