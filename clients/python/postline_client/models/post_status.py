from enum import StrEnum


class PostStatus(StrEnum):
    BLOCKED = "blocked"
    DONE = "done"
    DRAFT = "draft"
    FAILED = "failed"
    PUBLISHING = "publishing"
    QUEUED = "queued"

    def __str__(self) -> str:
        return str(self.value)
