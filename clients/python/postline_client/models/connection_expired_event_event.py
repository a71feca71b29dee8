from enum import StrEnum


class ConnectionExpiredEventEvent(StrEnum):
    CONNECTION_EXPIRED = "connection.expired"

    def __str__(self) -> str:
        return str(self.value)
