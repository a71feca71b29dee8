from enum import StrEnum


class GetLivenessWorker(StrEnum):
    REQUIRED = "required"

    def __str__(self) -> str:
        return str(self.value)
