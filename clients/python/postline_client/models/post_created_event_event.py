from enum import StrEnum


class PostCreatedEventEvent(StrEnum):
    POST_CREATED = "post.created"

    def __str__(self) -> str:
        return str(self.value)
