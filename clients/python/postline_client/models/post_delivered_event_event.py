from enum import StrEnum


class PostDeliveredEventEvent(StrEnum):
    POST_DELIVERED = "post.delivered"

    def __str__(self) -> str:
        return str(self.value)
