from enum import StrEnum


class ImportCompletedEventEvent(StrEnum):
    IMPORT_COMPLETED = "import.completed"

    def __str__(self) -> str:
        return str(self.value)
