from enum import StrEnum


class ListPostsSort(StrEnum):
    CREATEDAT = "createdAt"
    SCHEDULEDFOR = "scheduledFor"
    STATUS = "status"
    VALUE_1 = "-scheduledFor"
    VALUE_3 = "-createdAt"
    VALUE_5 = "-status"

    def __str__(self) -> str:
        return str(self.value)
