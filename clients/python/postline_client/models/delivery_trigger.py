from enum import StrEnum


class DeliveryTrigger(StrEnum):
    EVENT = "event"
    MANUAL = "manual"
    TEST = "test"

    def __str__(self) -> str:
        return str(self.value)
