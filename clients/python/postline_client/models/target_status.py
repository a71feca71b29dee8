from enum import StrEnum


class TargetStatus(StrEnum):
    FAILED = "failed"
    PENDING = "pending"
    PROCESSING = "processing"
    PUBLISHED = "published"
    SENDING = "sending"
    UNCONFIRMED = "unconfirmed"

    def __str__(self) -> str:
        return str(self.value)
