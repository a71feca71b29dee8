from enum import StrEnum


class ImportStatus(StrEnum):
    DONE = "done"
    PENDING = "pending"
    RUNNING = "running"

    def __str__(self) -> str:
        return str(self.value)
