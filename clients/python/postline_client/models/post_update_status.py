from enum import StrEnum


class PostUpdateStatus(StrEnum):
    DRAFT = "draft"
    QUEUED = "queued"

    def __str__(self) -> str:
        return str(self.value)
