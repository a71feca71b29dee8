"""Comments as the fake LinkedIn answers them: `POST /rest/socialActions/{post urn}/comments`
with `{actor, object, message: {text}}`, made by the member (`actor`) on a post that
exists (`object`, the same URN as the path), answered 201 with the comment's URN in
`x-restli-id` and the comment as the body."""

import json
from urllib.parse import unquote

from werkzeug.wrappers import Response

from devtools.fakes.base import JSON
from devtools.fakes.linkedin.errors import ERRORS, error, scripted

COMMENTS_PREFIX = "/rest/socialActions/"
COMMENTS_SUFFIX = "/comments"


class Social:
    """The comments side of FakeLinkedIn (a mixin: FakeLinkedIn holds `comments`,
    `posts` and `comment_replies`)."""

    def comments_path(self, path):
        """The post URN of a comments path, or None."""
        if path.startswith(COMMENTS_PREFIX) and path.endswith(COMMENTS_SUFFIX):
            return unquote(path[len(COMMENTS_PREFIX) : -len(COMMENTS_SUFFIX)])
        return None

    def create_comment(self, post_urn, body, author):
        text = (body.get("message") or {}).get("text")
        if isinstance(text, str):
            self.count_received(text)
        with self._lock:
            reply = self.comment_replies.pop(0) if self.comment_replies else None
        if reply in ERRORS:
            return scripted(reply)
        if body.get("actor") != author:
            return error(403, "ACCESS_DENIED", f"Not enough permissions to comment as {body.get('actor')}")
        if body.get("object") != post_urn:
            return error(400, "ILLEGAL_ARGUMENT", "object must be the post the path names")
        if not any(post["id"] == post_urn for post in self.posts):
            return error(404, "NOT_FOUND", f"No post {post_urn}")
        if not isinstance(text, str) or not text.strip():
            return error(422, "UNPROCESSABLE_ENTITY", "message.text is required")
        with self._lock:
            number = next(self._ids)
            comment = {
                "id": number,
                "urn": f"urn:li:comment:({post_urn},{number})",
                "actor": author,
                "object": post_urn,
                "text": text,
            }
            self.comments.append(comment)
        shown = {"id": str(number), "$URN": comment["urn"], "actor": author, "object": post_urn}
        return Response(
            json.dumps({**shown, "message": {"text": text}}),
            201,
            headers={"x-restli-id": comment["urn"]},
            content_type=JSON,
        )
