from enum import StrEnum


class ConnectionStatus(StrEnum):
    ACTIVE = "active"
    ERROR = "error"
    EXPIRED = "expired"
    REVOKED = "revoked"

    def __str__(self) -> str:
        return str(self.value)
