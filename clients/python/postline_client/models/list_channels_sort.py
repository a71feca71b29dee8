from enum import StrEnum


class ListChannelsSort(StrEnum):
    CREATEDAT = "createdAt"
    NAME = "name"
    VALUE_1 = "-createdAt"
    VALUE_3 = "-name"

    def __str__(self) -> str:
        return str(self.value)
