from enum import StrEnum


class ListConnectionsSort(StrEnum):
    CREATEDAT = "createdAt"
    STATUS = "status"
    VALUE_1 = "-createdAt"
    VALUE_3 = "-status"

    def __str__(self) -> str:
        return str(self.value)
