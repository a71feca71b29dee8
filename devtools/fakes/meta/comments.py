"""Comments as the fake Meta answers them: `POST /{object-id}/comments` with a `message`,
on a Facebook Page post (as the Page: `pages_manage_engagement`) or on a published
Instagram media (as the account: `instagram_basic`, `instagram_manage_comments`,
`pages_read_engagement`). An object the token cannot see, or one that takes no
comments (an Instagram story), is refused as Meta refuses it (#100)."""

from devtools.fakes.base import answer
from devtools.fakes.meta.errors import error
from devtools.fakes.meta.graph import lacking, params

UNSUPPORTED = (
    "Unsupported post request. Object with ID '{}' does not exist, cannot be loaded due to "
    "missing permissions, or does not support this operation"
)


class Comments:
    """The comments side of FakeMeta (a mixin: FakeMeta holds `posts`, `comments`,
    `comment_replies` and `made`'s id counter)."""

    def commented(self, node, page):
        """The published post `node` names that a token of `page` may comment on, or None."""
        post = next((post for post in self.posts if post["id"] == node), None)
        if post is None or post.get("media_type") == "STORIES":
            return None
        mine = post["account"] == (page["id"] if post["platform"] == "facebook" else page["instagram"])
        return post if mine else None

    def create_comment(self, request, token, node, page):
        post = self.commented(node, page)
        if post is None:
            return error(400, 100, UNSUPPORTED.format(node), 33)
        needs = "page comment" if post["platform"] == "facebook" else "instagram comment"
        refused = lacking(token, needs)
        if refused:
            return refused
        message = params(request).get("message", "")
        self.count_received(message)
        reply = self.next_reply(self.comment_replies)
        if reply is not None:
            return self.injected(reply)
        if not message.strip():
            return error(400, 100, "(#100) The parameter message is required")
        with self._lock:
            number = str(next(self._ids))
            comment_id = f"{node.rsplit('_', 1)[-1]}_{number}" if post["platform"] == "facebook" else number
            comment = {"id": comment_id, "on": node, "platform": post["platform"], "text": message}
            self.comments.append(comment)
        return answer({"id": comment_id})
