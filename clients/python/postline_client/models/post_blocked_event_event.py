from enum import StrEnum


class PostBlockedEventEvent(StrEnum):
    POST_BLOCKED = "post.blocked"

    def __str__(self) -> str:
        return str(self.value)
