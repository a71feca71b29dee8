"""Loading the targets of many posts at once (a listing's page, a publishing batch)."""

from postline.queries import posts as queries


def attach(posts):
    """Load the targets of `posts` in one query (none for posts that never had any)."""
    by_post = {post.id: post for post in posts if post.has_targets}
    for post in posts:
        post._targets = []
    if by_post:
        for target in queries.TARGETS_OF_POSTS[len(by_post)].rows(*by_post):
            by_post[target.post_id]._targets.append(target)
    return posts
