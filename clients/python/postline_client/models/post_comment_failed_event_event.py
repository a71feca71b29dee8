from enum import StrEnum


class PostCommentFailedEventEvent(StrEnum):
    POST_COMMENT_FAILED = "post.comment_failed"

    def __str__(self) -> str:
        return str(self.value)
