from enum import StrEnum


class PostFailedEventEvent(StrEnum):
    POST_FAILED = "post.failed"

    def __str__(self) -> str:
        return str(self.value)
