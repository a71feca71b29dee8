"""Loading the targets of many posts at once, with their parts (a listing's page, a
publishing batch)."""

from postline.queries import posts as queries


def attach(posts):
    """Load the targets of `posts` and their parts, a query each (none for posts that
    never had targets)."""
    by_post = {post.id: post for post in posts if post.has_targets}
    for post in posts:
        post._targets = []
    if not by_post:
        return posts
    by_id = {}
    for target in queries.TARGETS_OF_POSTS[len(by_post)].rows(*by_post):
        target._parts = []
        by_post[target.post_id]._targets.append(target)
        by_id[target.id] = target
    for part in queries.PARTS_OF_POSTS[len(by_post)].rows(*by_post):
        if part.target_id in by_id:
            by_id[part.target_id]._parts.append(part)
    return posts
