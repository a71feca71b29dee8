from enum import StrEnum


class ListWebhooksSort(StrEnum):
    CREATEDAT = "createdAt"
    VALUE_1 = "-createdAt"

    def __str__(self) -> str:
        return str(self.value)
