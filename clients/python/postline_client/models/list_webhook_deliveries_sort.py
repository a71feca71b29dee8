from enum import StrEnum


class ListWebhookDeliveriesSort(StrEnum):
    CREATEDAT = "createdAt"
    VALUE_1 = "-createdAt"

    def __str__(self) -> str:
        return str(self.value)
